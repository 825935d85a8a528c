import { STREAM_CATEGORIES, type StreamCategory } from '@fitness/contracts/admin/events.ts';
import { ChevronLeft, ChevronRight, History, RefreshCw } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdminNav } from '../../components/AdminNav.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState, PageHeader, Spinner } from '../../components/Feedback.tsx';
import { SelectField, TextField } from '../../components/Field.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import type { EventExplorerStore } from './store.ts';
import './event-explorer.css';

type Snapshot = ReturnType<typeof useSnapshot<EventExplorerStore['state']>>;
type ShownEvent = Snapshot['events'][number];

/** JSON as developers read it: indented, always left to right, scrollable on a phone. */
function Json({ value, label }: { value: unknown; label: string }) {
  return (
    // A scrolling region must take the focus, or keyboards could not scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable for keyboard users
    <section className="explorer-json" dir="ltr" aria-label={label} tabIndex={0}>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </section>
  );
}

function dateTime(iso: string, locale: string) {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** One event in a list: revision (or position), type, time; opening it shows its JSON. */
function EventRow({
  event,
  selected,
  onSelect,
  showStream,
}: {
  event: ShownEvent;
  selected: boolean;
  onSelect(): void;
  showStream?: boolean;
}) {
  const { i18n } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className="explorer-row"
        aria-pressed={selected}
        onClick={onSelect}
        data-testid={`explorer-event-${event.position}`}
      >
        <span className="explorer-mono" dir="ltr">
          {showStream ? `#${event.position}` : `@${event.revision}`}
        </span>
        <span className="explorer-type">{event.type}</span>
        {showStream && (
          <span className="explorer-mono muted explorer-ellipsis" dir="ltr">
            {event.stream_id}
          </span>
        )}
        <span className="muted explorer-time">{dateTime(event.recorded_at, i18n.language)}</span>
      </button>
    </li>
  );
}

function EventDetail({ event }: { event: ShownEvent }) {
  const { t, i18n } = useTranslation();
  const { metadata } = event;
  const rows: [string, string][] = [
    [t('eventExplorer.event.type'), event.type],
    [t('eventExplorer.event.stream'), `${event.stream_id} @${event.revision}`],
    [t('eventExplorer.event.position'), `#${event.position}`],
    [t('eventExplorer.event.time'), dateTime(metadata.timestamp, i18n.language)],
    [t('eventExplorer.event.actor'), metadata.actor_id ?? t('eventExplorer.event.system')],
    [t('eventExplorer.event.commandId'), metadata.command_id],
    [t('eventExplorer.event.correlationId'), metadata.correlation_id],
    [t('eventExplorer.event.schemaVersion'), String(metadata.schema_version)],
  ];
  return (
    <section className="card card-tight stack-sm" aria-labelledby="explorer-event-title" data-testid="explorer-event">
      <h3 id="explorer-event-title">{t('eventExplorer.event.title')}</h3>
      <dl className="explorer-meta">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="muted">{label}</dt>
            <dd className="explorer-mono" dir="auto">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Json value={event.data} label={t('eventExplorer.event.data')} />
    </section>
  );
}

function Projections({ explorer }: { explorer: EventExplorerStore }) {
  const { t, i18n } = useTranslation();
  const { projections, projectionsFailed, rebuilds } = useSnapshot(explorer.state);
  const n = (value: number) => formatNumber(value, i18n.language, 0);
  return (
    <section className="card stack-sm" aria-labelledby="explorer-projections-title">
      <h2 id="explorer-projections-title">{t('eventExplorer.projections.title')}</h2>
      {projectionsFailed && !projections && (
        <p role="alert" className="explorer-failed">
          {t('eventExplorer.failed')}
        </p>
      )}
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

function Streams({ explorer }: { explorer: EventExplorerStore }) {
  const { t } = useTranslation();
  const { category, page, streams, streamsFailed, streamId } = useSnapshot(explorer.state);
  return (
    <section className="card stack-sm" aria-labelledby="explorer-streams-title">
      <h2 id="explorer-streams-title">{t('eventExplorer.streams.title')}</h2>
      <SelectField
        label={t('eventExplorer.streams.category')}
        value={category}
        onChange={(event) => void explorer.chooseCategory(event.target.value as StreamCategory)}
        options={STREAM_CATEGORIES.map((value) => ({ value, label: value }))}
      />
      {streamsFailed && (
        <p role="alert" className="explorer-failed">
          {t('eventExplorer.failed')}
        </p>
      )}
      {!streams && !streamsFailed && <Spinner />}
      {streams && streams.data.length === 0 && <EmptyState title={t('eventExplorer.streams.none')} />}
      {streams && streams.data.length > 0 && (
        <ul className="explorer-list" aria-label={t('eventExplorer.streams.list', { category })}>
          {streams.data.map((stream) => (
            <li key={stream.stream_id}>
              <button
                type="button"
                className="explorer-row"
                aria-pressed={stream.stream_id === streamId}
                onClick={() => void explorer.openStream(stream.stream_id)}
              >
                <span className="explorer-mono explorer-ellipsis" dir="ltr">
                  {stream.stream_id}
                </span>
                <span className="muted">{t('eventExplorer.streams.events', { count: stream.revision + 1 })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {streams && (page > 1 || streams.meta.has_more) && (
        <div className="row explorer-pager">
          <Button
            size="sm"
            icon={<ChevronLeft size={14} aria-hidden className="flip-rtl" />}
            disabled={page <= 1}
            onClick={() => void explorer.goToPage(page - 1)}
          >
            {t('eventExplorer.previous')}
          </Button>
          <span className="muted">{t('eventExplorer.page', { page })}</span>
          <Button
            size="sm"
            icon={<ChevronRight size={14} aria-hidden className="flip-rtl" />}
            disabled={!streams.meta.has_more}
            onClick={() => void explorer.goToPage(page + 1)}
          >
            {t('eventExplorer.next')}
          </Button>
        </div>
      )}
    </section>
  );
}

function Stream({ explorer }: { explorer: EventExplorerStore }) {
  const { t, i18n } = useTranslation();
  const { streamId, events, nextRevision, eventsFailed, event, revision, latestRevision, aggregate, aggregateFailed } =
    useSnapshot(explorer.state);
  const sliderId = useId();
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
      {eventsFailed && (
        <p role="alert" className="explorer-failed">
          {t('eventExplorer.failed')}
        </p>
      )}
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
            {aggregateFailed && (
              <p role="alert" className="explorer-failed">
                {t('eventExplorer.failed')}
              </p>
            )}
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
        </div>
      </div>
    </section>
  );
}

function Timeline({ explorer }: { explorer: EventExplorerStore }) {
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
      {timelineFailed && (
        <p role="alert" className="explorer-failed">
          {t('eventExplorer.failed')}
        </p>
      )}
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

/** /admin/events: the event log for admins and developers debugging what happened. */
export function EventExplorerPage({ explorer }: { explorer: EventExplorerStore }) {
  const { t } = useTranslation();
  useStoreWhileMounted(explorer);
  return (
    <>
      <PageHeader title={t('eventExplorer.title')} subtitle={t('eventExplorer.subtitle')} />
      <AdminNav />
      <div className="explorer-grid">
        <div className="stack">
          <Streams explorer={explorer} />
          <Timeline explorer={explorer} />
        </div>
        <div className="stack">
          <Stream explorer={explorer} />
          <Projections explorer={explorer} />
        </div>
      </div>
    </>
  );
}
