import { useTranslation } from 'react-i18next';

/** Shown only when an admin API call has truly failed (not while it loads). */
export function BackendRequired() {
  const { t } = useTranslation();
  return (
    <div className="card admin-failed" role="alert" data-testid="admin-backend-required">
      <p>{t('admin.backendRequired')}</p>
    </div>
  );
}
