import { useTranslation } from 'react-i18next';

/** What each panel says when its request failed: the others go on working. */
export function LoadFailed() {
  const { t } = useTranslation();
  return (
    <p role="alert" className="explorer-failed">
      {t('eventExplorer.failed')}
    </p>
  );
}
