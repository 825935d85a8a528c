import { useTranslation } from 'react-i18next';
import { dateTime, type ShownEvent } from './shown-event.ts';

/** One event in a list: revision (or position), type, time; opening it shows its JSON. */
export function EventRow({
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
