import { useTranslation } from 'react-i18next';
import type en from '../../locales/en.json';

export type ImportTextKey = keyof (typeof en)['imports'];

/** `t` for the import screens: the `imports.<key>` texts of the locale files. */
export function useImportText() {
  const { t, i18n } = useTranslation();
  const text = (key: ImportTextKey, values: Record<string, string | number> = {}) => t(`imports.${key}`, values);
  return { text, language: i18n.language };
}
