import { STREAM_CATEGORIES, type StreamCategory } from '@fitness/contracts/admin/events.ts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { EmptyState, Spinner } from '../../components/Feedback.tsx';
import { SelectField } from '../../components/Field.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import type { EventExplorerStore } from './store.ts';

/** The streams of a category, a page at a time; choosing one opens it. */
export function Streams({ explorer }: { explorer: EventExplorerStore }) {
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
      {streamsFailed && <LoadFailed />}
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
