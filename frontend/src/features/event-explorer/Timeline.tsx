import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/Feedback.tsx';
import { TextField } from '../../components/Field.tsx';
import { EventDetail } from './EventDetail.tsx';
import { EventRow } from './EventRow.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import type { EventExplorerStore } from './store.ts';

/** One user's events across all their streams, newest first. */
export function Timeline({ explorer }: { explorer: EventExplorerStore }) {
  const { t } = useTranslation();
  const { timelineUserId, timeline, timelineNext, timelineLoaded, timelineFailed, event } = useSnapshot(explorer.state);
  const submit = (form: FormEvent) => {
    form.preventDefault();
    void explorer.showTimeline();
  };
  return (
    <section className="card stack-sm" aria-labelledby="explorer-timeline-title">
      <h2 id="explorer-timeline-title">{t('eventExplorer.timeline.title')}</h2>
      <form className="explorer-toolbar" onSubmit={submit}>
        <TextField
          label={t('eventExplorer.timeline.userId')}
          hint={t('eventExplorer.timeline.hint')}
          value={timelineUserId}
          dir="ltr"
          onChange={(change) => explorer.setTimelineUser(change.target.value)}
        />
        <Button type="submit" variant="primary" disabled={!timelineUserId.trim()}>
          {t('eventExplorer.timeline.show')}
        </Button>
      </form>
      {timelineFailed && <LoadFailed />}
      {timelineLoaded && timeline.length === 0 && <EmptyState title={t('eventExplorer.timeline.none')} />}
      {timeline.length > 0 && (
        <ol className="explorer-list" aria-label={t('eventExplorer.timeline.title')}>
          {timeline.map((shown) => (
            <EventRow
              key={shown.id}
              event={shown}
              showStream
              selected={event?.id === shown.id}
              onSelect={() => explorer.selectEvent(explorer.state.timeline.find((e) => e.id === shown.id) ?? null)}
            />
          ))}
        </ol>
      )}
      {timelineNext !== null && timelineLoaded && (
        <Button size="sm" onClick={() => void explorer.moreTimeline()}>
          {t('eventExplorer.older')}
        </Button>
      )}
      {event && timeline.some((shown) => shown.id === event.id) && <EventDetail event={event} />}
    </section>
  );
}
