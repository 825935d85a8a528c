import { LAG_COUNT_LIMIT } from '@fitness/contracts/admin/events.ts';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Feedback.tsx';
import { formatCountUpTo, formatNumber } from '../../lib/format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import type { EventExplorerStore } from './store.ts';

/**
 * Each projection's position in the log and how many events it is behind, and its rebuild with
 * its progress. Positions are shown as they are, identifiers (byte offsets on EventStoreDB),
 * not as quantities.
 */
export function Projections({ explorer }: { explorer: EventExplorerStore }) {
  const { t, i18n } = useTranslation();
  const { projections, projectionsFailed, rebuilds } = useSnapshot(explorer.state);
  return (
    <section className="card stack-sm" aria-labelledby="explorer-projections-title">
      <h2 id="explorer-projections-title">{t('eventExplorer.projections.title')}</h2>
      {projectionsFailed && !projections && <LoadFailed />}
      {!projections && !projectionsFailed && <Spinner />}
      {projections && (
        <>
          <p className="muted">{t('eventExplorer.projections.head', { value: String(projections.meta.head) })}</p>
          <ul className="explorer-projections">
            {projections.data.map((projection) => {
              const rebuild = rebuilds[projection.name];
              const done = rebuild && !rebuild.failed && rebuild.head > 0 && rebuild.percent >= 100;
              return (
                <li key={projection.name} className="explorer-projection" data-testid={`projection-${projection.name}`}>
                  <div className="explorer-projection-head">
                    <span className="explorer-mono explorer-type">{projection.name}</span>
                    <span className="muted">
                      {t('eventExplorer.projections.position', { value: String(projection.position) })}
                    </span>
                    <span className={projection.lag > 0 ? 'explorer-lag' : 'muted'}>
                      {projection.lag > 0
                        ? t('eventExplorer.projections.behind', {
                            count: projection.lag,
                            value: formatCountUpTo(projection.lag, LAG_COUNT_LIMIT, i18n.language),
                          })
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
