import { useTranslation } from 'react-i18next';
import { Json } from './Json.tsx';
import { dateTime, type ShownEvent } from './shown-event.ts';

/** The event opened: its metadata, then its data as JSON. */
export function EventDetail({ event }: { event: ShownEvent }) {
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
