import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { EventDetail } from './EventDetail.tsx';
import { EventRow } from './EventRow.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import type { EventExplorerStore } from './store.ts';
import { TimeTravel } from './TimeTravel.tsx';

/** The stream opened: its events, the one chosen, and the stream's state at any revision. */
export function Stream({ explorer }: { explorer: EventExplorerStore }) {
  const { t } = useTranslation();
  const { streamId, events, nextRevision, eventsFailed, event } = useSnapshot(explorer.state);
  const heading = useRef<HTMLHeadingElement>(null);
  // The stream opened takes the focus: screen readers hear it, and on a phone it scrolls into view.
  useEffect(() => {
    if (streamId) heading.current?.focus();
  }, [streamId]);
  if (!streamId) return null;
  return (
    <section className="card stack-sm" aria-labelledby="explorer-stream-title" data-testid="explorer-stream">
      <h2 id="explorer-stream-title" className="explorer-mono explorer-ellipsis" dir="ltr" tabIndex={-1} ref={heading}>
        {streamId}
      </h2>
      {eventsFailed && <LoadFailed />}
      <div className="explorer-split">
        <div className="stack-sm">
          <h3>{t('eventExplorer.stream.events')}</h3>
          <ol className="explorer-list">
            {events.map((shown) => (
              <EventRow
                key={shown.id}
                event={shown}
                selected={event?.id === shown.id}
                onSelect={() => explorer.selectEvent(explorer.state.events.find((e) => e.id === shown.id) ?? null)}
              />
            ))}
          </ol>
          {nextRevision !== null && (
            <Button size="sm" onClick={() => void explorer.moreEvents()}>
              {t('eventExplorer.more')}
            </Button>
          )}
        </div>
        <div className="stack-sm">
          {event && <EventDetail event={event} />}
          <TimeTravel explorer={explorer} />
        </div>
      </div>
    </section>
  );
}
