import { useTranslation } from 'react-i18next';
import { AdminNav } from '../../components/AdminNav.tsx';
import { PageHeader } from '../../components/Feedback.tsx';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { Projections } from './Projections.tsx';
import { Stream } from './Stream.tsx';
import { Streams } from './Streams.tsx';
import type { EventExplorerStore } from './store.ts';
import { Timeline } from './Timeline.tsx';
import './event-explorer.css';

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
