import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Feedback.tsx';
import { formatNumber } from '../../lib/format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import type { EventExplorerStore } from './store.ts';

/** Each projection's position and lag behind the log, and its rebuild with its progress. */
export function Projections({ explorer }: { explorer: EventExplorerStore }) {
  const { t, i18n } = useTranslation();
  const { projections, projectionsFailed, rebuilds } = useSnapshot(explorer.state);
  const n = (value: number) => formatNumber(value, i18n.language, 0);
  return (
    <section className="card stack-sm" aria-labelledby="explorer-projections-title">
      <h2 id="explorer-projections-title">{t('eventExplorer.projections.title')}</h2>
      {projectionsFailed && !projections && <LoadFailed />}
      {!projections && !projectionsFailed && <Spinner />}
      {projections && (
        <>
          <p className="muted">{t('eventExplorer.projections.head', { value: n(projections.meta.head) })}</p>
          <ul className="explorer-projections">
            {projections.data.map((projection) => {
              const rebuild = rebuilds[projection.name];
              const done = rebuild && !rebuild.failed && rebuild.head > 0 && rebuild.percent >= 100;
              return (
                <li key={projection.name} className="explorer-projection" data-testid={`projection-${projection.name}`}>
                  <div className="explorer-projection-head">
                    <span className="explorer-mono explorer-type">{projection.name}</span>
                    <span className="muted">
                      {t('eventExplorer.projections.position', { value: n(projection.position) })}
                    </span>
                    <span className={projection.lag > 0 ? 'explorer-lag' : 'muted'}>
                      {projection.lag > 0
                        ? t('eventExplorer.projections.behind', { value: n(projection.lag) })
                        : t('eventExplorer.projections.upToDate')}
                    </span>
                    <Button
                      size="sm"
                      icon={<RefreshCw size={14} aria-hidden />}
                      busy={rebuild !== undefined && !rebuild.failed && !done}
                      onClick={() => void explorer.rebuild(projection.name)}
                      aria-label={t('eventExplorer.projections.rebuildNamed', { name: projection.name })}
                    >
                      {t('eventExplorer.projections.rebuild')}
                    </Button>
                  </div>
                  {rebuild && (
                    <div className="explorer-progress">
                      <progress
                        className="meter"
                        max={100}
                        value={rebuild.percent}
                        aria-label={t('eventExplorer.projections.progress', { name: projection.name })}
                      />
                      <span aria-live="polite" data-testid={`rebuild-${projection.name}`}>
                        {rebuild.failed
                          ? t('eventExplorer.projections.failed')
                          : done
                            ? t('eventExplorer.projections.done')
                            : `${formatNumber(rebuild.percent, i18n.language, 0)} %`}
                      </span>
                      {(done || rebuild.failed) && (
                        <Button size="sm" variant="ghost" onClick={() => explorer.dismissRebuild(projection.name)}>
                          {t('eventExplorer.projections.dismiss')}
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
