import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../lib/i18n.ts';
import { useServices } from '../lib/services.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { changeLanguage } = useServices();
  const id = useId();
  return (
    <div className="row" style={{ gap: 'var(--space-2)' }}>
      <Languages size={18} aria-hidden className="muted" />
      <label htmlFor={id} className="visually-hidden">
        {t('nav.language')}
      </label>
      <select
        id={id}
        className="select"
        style={{ inlineSize: 'auto', minBlockSize: '2.25rem' }}
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
