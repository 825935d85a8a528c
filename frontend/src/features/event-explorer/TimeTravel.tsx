import { History } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Json } from './Json.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { dateTime } from './shown-event.ts';
import type { EventExplorerStore } from './store.ts';

/** The opened stream's state at the revision its slider is set to: read model and write side, or its events. */
export function TimeTravel({ explorer }: { explorer: EventExplorerStore }) {
  const { t, i18n } = useTranslation();
  const { revision, latestRevision, aggregate, aggregateFailed } = useSnapshot(explorer.state);
  const sliderId = useId();
  return (
    <section className="card card-tight stack-sm" aria-labelledby="explorer-state-title">
      <h3 id="explorer-state-title">
        <History size={16} aria-hidden /> {t('eventExplorer.state.title')}
      </h3>
      <label htmlFor={sliderId} className="field-label">
        {t('eventExplorer.state.revision', { revision, latest: latestRevision })}
      </label>
      <input
        id={sliderId}
        type="range"
        className="explorer-slider"
        min={0}
        max={latestRevision}
        value={revision}
        onChange={(change) => void explorer.travelTo(Number(change.target.value))}
        data-testid="explorer-revision"
      />
      {aggregateFailed && <LoadFailed />}
      {aggregate && (
        <div className="stack-sm" data-testid="explorer-state">
          <p className="muted">
            {aggregate.at
              ? t('eventExplorer.state.asOf', { time: dateTime(aggregate.at, i18n.language) })
              : t('eventExplorer.state.empty')}
          </p>
          {aggregate.events ? (
            <Json value={aggregate.events} label={t('eventExplorer.state.events')} />
          ) : (
            <>
              <h4>{t('eventExplorer.state.document')}</h4>
              <Json value={aggregate.document} label={t('eventExplorer.state.document')} />
              <h4>{t('eventExplorer.state.writeSide')}</h4>
              <Json value={aggregate.state} label={t('eventExplorer.state.writeSide')} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
