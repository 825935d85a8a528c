import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';

/** Everything the user logged, saved as one JSON file (GET /me/export). */
export function DownloadData() {
  const { t } = useTranslation();
  const { auth, toasts } = useServices();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await auth.exportData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `stride-export-${localToday()}.json`;
      link.click();
      // The click has handed the file to the browser; the URL is not needed past this turn.
      setTimeout(() => URL.revokeObjectURL(url));
      toasts.success(t('settings.downloadReady'));
    } catch (error) {
      console.error('Export failed', error);
      toasts.error(t('settings.downloadFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="switch-row">
      <span id="download-data-label">{t('settings.downloadData')}</span>
      <Button
        size="sm"
        icon={<Download size={16} aria-hidden />}
        busy={busy}
        onClick={download}
        aria-describedby="download-data-label"
      >
        {t('settings.download')}
      </Button>
    </div>
  );
}
