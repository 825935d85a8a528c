import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from './Button.tsx';

/** "A new version is available — Reload": shown once a new version of the app waits to take over. */
export function UpdateBanner({ update }: { update: { state: { updateReady: boolean }; update(): void } }) {
  const { t } = useTranslation();
  const { updateReady } = useSnapshot(update.state);
  if (!updateReady) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span>{t('app.updateAvailable')}</span>
      <Button size="sm" variant="primary" icon={<RefreshCw size={16} aria-hidden />} onClick={() => update.update()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}
