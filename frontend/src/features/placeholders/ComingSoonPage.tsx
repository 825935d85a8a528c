import { Construction, ServerCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '../../components/Feedback.tsx';

/**
 * A screen whose feature has not arrived yet. It says so and shows no numbers: an honest empty
 * state instead of invented data.
 */
export function ComingSoonPage({ title, feature, admin = false }: { title: string; feature: string; admin?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <div className="card">
        <EmptyState
          icon={admin ? <ServerCog size={32} aria-hidden /> : <Construction size={32} aria-hidden />}
          title={t('comingSoon.title')}
        >
          <p>{admin ? t('comingSoon.backendRequired') : t('comingSoon.body', { feature })}</p>
        </EmptyState>
      </div>
    </>
  );
}

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
