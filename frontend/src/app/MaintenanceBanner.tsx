import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useServices } from '../lib/services.ts';
import { siteState } from '../lib/stores/site.ts';

/**
 * While the admins have maintenance mode on: users see the admins' message (every request of
 * theirs is answered 503 meanwhile, so the page would otherwise just fail), and admins are
 * reminded that only they can use the site, with the way to switch it off.
 */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const { info } = useSnapshot(siteState);
  const { user } = useSnapshot(useServices().auth.state);
  if (!info?.maintenance_mode) return null;
  const admin = user?.role === 'admin';
  return (
    <div className="notice notice-warning" role="status" data-testid="maintenance-banner">
      <Construction size={20} aria-hidden />
      <div>
        <strong>{t('maintenance.title')}</strong>{' '}
        {admin ? (
          <>
            {t('maintenance.adminNote')} <Link href="/admin/settings">{t('maintenance.switchOff')}</Link>
          </>
        ) : (
          (info.maintenance_message ?? t('errors.maintenance.message'))
        )}
      </div>
    </div>
  );
}
