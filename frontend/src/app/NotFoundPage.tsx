import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/Feedback.tsx';

/** What any path the app does not know shows: a way back to the dashboard. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="card" style={{ maxInlineSize: '32rem', marginInline: 'auto', marginBlockStart: 'var(--space-7)' }}>
      <EmptyState title={t('notFound.title')}>
        <p>{t('notFound.body')}</p>
        <a href="/dashboard" className="btn btn-primary">
          {t('notFound.home')}
        </a>
      </EmptyState>
    </div>
  );
}
