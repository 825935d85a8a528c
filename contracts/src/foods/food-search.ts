import { LANGUAGES, type Language, type Localized } from '../exercises/events.ts';
import { searchable } from '../exercises/search.ts';

/**
 * Food search that finds what people mean. A food's names (en, de, ar) are compared word by word
 * with what was typed, ignoring case, accents and Arabic spelling variants (alef forms, taa
 * marbuta, alef maqsura, harakat, tatweel: see `searchable`) and Arabic-Indic digits. How well a
 * name matches, best first:
 *
 * - a whole word: "oat" finds "Oat drink", and "Rolled oats" (a plural); a German compound that
 *   ends with the word is one of its kind ("Milch" finds "Vollmilch", "Reis" finds "Naturreis");
 *   an Arabic word with its article is the word ("شوفان" finds "الشوفان");
 * - the start of a word (what is typed while typing: "oatm" finds "Oatmeal");
 * - anywhere inside a word: "oat" in "Goat cheese", "Milch" in "Vollmilchschokolade".
 *
 * Among equal matches, the name whose head word (what the food is: the last word of an English or
 * German name's first part, the first word of an Arabic one) is the word typed comes first, so
 * "milk" puts "Milk, whole" above "Milk chocolate", "Milch" "Vollmilch" above "Milchreis", and
 * "حليب" "حليب كامل الدسم" above "شوكولاتة بالحليب".
 */

/** How well a name answers the search: 3 whole word, 2 start of a word, 1 inside a word. */
export type MatchQuality = 1 | 2 | 3;
const INSIDE = 1;
const WORD_START = 2;
const WHOLE_WORD = 3;

/** What a food's best-matching name says about it, for ordering results. */
export type FoodMatch = {
  quality: MatchQuality;
  /** The matching name is in the reader's language. */
  inReaderLanguage: boolean;
  /**
   * A word typed names the food: 2 it is the name's head word ("Milk, whole"), 1 the head word
   * ends with it (a German compound: "Vollmilch") or, while typing, starts with it ("Oatmeal").
   */
  head: 0 | 1 | 2;
  /** Every word typed is in the name's first part (before a comma or bracket), not a qualifier. */
  inFirstPart: boolean;
  /** The length of the name's first part: the shorter, the plainer the food. */
  firstPartLength: number;
};

/** Arabic-Indic and Persian digits, which the Arabic keyboard types. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Text as food search compares it: `searchable`, with Western digits. */
export function foodSearchText(text: string): string {
  return searchable(text.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf)));
}

/** The words of a text as food search compares them. */
export function foodSearchWords(text: string): string[] {
  return foodSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Endings that make a plural (or a German inflection) of a word: "oat" and "oats" are one word. */
const INFLECTIONS: Record<Language, readonly string[]> = {
  en: ['s', 'es'],
  de: ['e', 'n', 'en', 'er', 's'],
  ar: [],
};
const ARABIC_ARTICLE = 'ال';
/** A German compound counts as one of its last part only for a part this long (not "ei" in "Brei"). */
const MIN_COMPOUND_PART = 3;

type PreparedName = { words: string[]; firstPartWords: number; head: number; firstPartLength: number };

function prepare(name: string, language: Language): PreparedName {
  const text = foodSearchText(name);
  const firstPart = text.split(/[,،(]/)[0] ?? '';
  const firstPartWords = foodSearchWords(firstPart).length;
  const head = firstPartWords === 0 ? -1 : language === 'ar' ? 0 : firstPartWords - 1;
  return { words: foodSearchWords(text), firstPartWords, head, firstPartLength: firstPart.trim().length };
}

/** Names are prepared once per name object: the food library's stay cached with it. */
const prepared = new WeakMap<Localized<string>, Localized<PreparedName>>();
function preparedNames(names: Localized<string>): Localized<PreparedName> {
  let cached = prepared.get(names);
  if (!cached) {
    cached = Object.fromEntries(
      LANGUAGES.map((language) => [language, prepare(names[language], language)]),
    ) as Localized<PreparedName>;
    prepared.set(names, cached);
  }
  return cached;
}

/**
 * A word typed, with the forms that count as the same word in each language: itself, with an
 * ending, or without one ("eggs" finds "egg", "Eier" finds "Ei"); and the forms a German compound
 * may end with (never a form without an ending: "Reis" is not the "rei" of "Rührei").
 */
type SearchWord = { word: string; forms: Localized<Set<string>>; compoundEnds: string[] };

function searchWord(word: string): SearchWord {
  const forms = Object.fromEntries(
    LANGUAGES.map((language) => {
      const same = new Set([word]);
      for (const ending of INFLECTIONS[language]) {
        same.add(word + ending);
        if (word.endsWith(ending) && word.length - ending.length >= 2) same.add(word.slice(0, -ending.length));
      }
      return [language, same];
    }),
  ) as Localized<Set<string>>;
  const compoundEnds = word.length >= MIN_COMPOUND_PART ? [word, ...INFLECTIONS.de.map((ending) => word + ending)] : [];
  return { word, forms, compoundEnds };
}

/**
 * How one word of a name answers one word typed, finer than MatchQuality: the word itself (or an
 * inflection, or with the Arabic article), a German compound's last part, its start, inside it.
 */
const SAME_WORD = 4;
const COMPOUND_END = 3;
type WordMatch = 0 | typeof INSIDE | typeof WORD_START | typeof COMPOUND_END | typeof SAME_WORD;

function wordMatch(nameWord: string, typed: SearchWord, language: Language): WordMatch {
  const forms = typed.forms[language];
  const bare =
    language === 'ar' && nameWord.startsWith(ARABIC_ARTICLE) && nameWord.length > ARABIC_ARTICLE.length + 1
      ? nameWord.slice(ARABIC_ARTICLE.length)
      : nameWord;
  if (forms.has(nameWord) || forms.has(bare)) return SAME_WORD;
  if (language === 'de' && typed.compoundEnds.some((end) => nameWord.length > end.length && nameWord.endsWith(end))) {
    return COMPOUND_END;
  }
  if (bare.startsWith(typed.word)) return WORD_START;
  return nameWord.includes(typed.word) ? INSIDE : 0;
}

/**
 * How far a match on the head word says what the food is: as the word itself, or as a compound's
 * last part or what is being typed; a German word's start is its modifier ("Milchreis" is rice).
 */
function headLevel(match: WordMatch, language: Language): FoodMatch['head'] {
  if (match === SAME_WORD) return 2;
  return match === COMPOUND_END || (match === WORD_START && language !== 'de') ? 1 : 0;
}

function nameMatch(name: PreparedName, typed: SearchWord[], language: Language, reader: Language): FoodMatch | null {
  let quality: number = WHOLE_WORD;
  let head: FoodMatch['head'] = 0;
  let inFirstPart = true;
  for (const word of typed) {
    let best = 0;
    let bestInFirstPart = 0;
    name.words.forEach((nameWord, index) => {
      const found = wordMatch(nameWord, word, language);
      best = Math.max(best, found);
      if (index < name.firstPartWords) bestInFirstPart = Math.max(bestInFirstPart, found);
      if (index === name.head) head = Math.max(head, headLevel(found, language)) as FoodMatch['head'];
    });
    if (best === 0) return null;
    quality = Math.min(quality, best);
    if (bestInFirstPart === 0) inFirstPart = false;
  }
  return {
    quality: quality as MatchQuality,
    inReaderLanguage: language === reader,
    head,
    inFirstPart,
    firstPartLength: name.firstPartLength,
  };
}

/** Orders matches: better match, then the reader's language, head word, first part, plainer name. */
function compareMatches(a: FoodMatch, b: FoodMatch): number {
  return (
    b.quality - a.quality || Number(b.inReaderLanguage) - Number(a.inReaderLanguage) || compareWithoutLanguage(a, b)
  );
}

function compareWithoutLanguage(a: FoodMatch, b: FoodMatch): number {
  return b.head - a.head || Number(b.inFirstPart) - Number(a.inFirstPart) || a.firstPartLength - b.firstPartLength;
}

/**
 * Orders two results: the better match first; within the same match quality, what the user made
 * or logged before (`personal`, higher first) above what they never did, then the reader's
 * language, then the plainer food; then by name.
 */
export function compareFoodResults<T extends { match: FoodMatch; personal: number; name: string }>(
  collator: Intl.Collator,
): (a: T, b: T) => number {
  return (a, b) =>
    b.match.quality - a.match.quality ||
    b.personal - a.personal ||
    Number(b.match.inReaderLanguage) - Number(a.match.inReaderLanguage) ||
    compareWithoutLanguage(a.match, b.match) ||
    collator.compare(a.name, b.name);
}

/** What matches when nothing is typed: every food alike, ordered by what else is known. */
const EVERYTHING: FoodMatch = {
  quality: WHOLE_WORD,
  inReaderLanguage: true,
  head: 0,
  inFirstPart: true,
  firstPartLength: 0,
};

/**
 * How a search matches a food's names: its best-matching name's match, or null when no name holds
 * every word typed. Without words, everything matches alike.
 */
export function foodMatcher(search: string, reader: Language): (names: Localized<string>) => FoodMatch | null {
  const typed = foodSearchWords(search).map(searchWord);
  if (typed.length === 0) return () => EVERYTHING;
  return (names) => {
    const each = preparedNames(names);
    let best: FoodMatch | null = null;
    for (const language of LANGUAGES) {
      const match = nameMatch(each[language], typed, language, reader);
      if (match && (!best || compareMatches(match, best) < 0)) best = match;
    }
    return best;
  };
}
