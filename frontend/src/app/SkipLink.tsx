import { useTranslation } from 'react-i18next';

/** The first stop of the keyboard: straight to the page's content, past the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className="skip-link">
      {t('app.skipToContent')}
    </a>
  );
}
