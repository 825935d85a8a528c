import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { Language, Localized } from '../exercises/events.ts';
import { compareFoodResults, foodMatcher, foodSearchText, foodSearchWords } from './food-search.ts';

const named = (en: string, de = en, ar = en): Localized<string> => ({ en, de, ar });

/** The names a search finds, best first, as the food list orders them (nothing logged). */
function ranked(search: string, reader: Language, foods: Localized<string>[], logged: Localized<string>[] = []) {
  const match = foodMatcher(search, reader);
  const collator = new Intl.Collator(reader);
  return foods
    .map((names) => ({ names, match: match(names), personal: logged.includes(names) ? 1 : 0, name: names[reader] }))
    .filter((found): found is typeof found & { match: NonNullable<typeof found.match> } => found.match !== null)
    .sort(compareFoodResults(collator))
    .map((found) => found.name);
}

describe('food search text', () => {
  it('ignores case, accents and the German sharp s', () => {
    assert.equal(foodSearchText('Crème Fraîche'), 'creme fraiche');
    assert.equal(foodSearchText('WEISSER Reis'), foodSearchText('Weißer Reis'));
  });
  it('reads the Arabic alef forms, taa marbuta, alef maqsura, harakat and tatweel alike', () => {
    assert.equal(foodSearchText('أرز'), 'ارز');
    assert.equal(foodSearchText('إجاص'), foodSearchText('اجاص'));
    assert.equal(foodSearchText('آيس كريم'), foodSearchText('ايس كريم'));
    assert.equal(foodSearchText('ٱلحليب'), foodSearchText('الحليب'));
    assert.equal(foodSearchText('شوكولاتة'), foodSearchText('شوكولاته'));
    assert.equal(foodSearchText('حلوى'), foodSearchText('حلوي'));
    assert.equal(foodSearchText('حَلِيبٌ'), 'حليب');
    assert.equal(foodSearchText('حـلـيـب'), 'حليب');
  });
  it('reads Arabic-Indic digits as Western ones', () => {
    assert.equal(foodSearchText('حليب ١٫٥٪'), foodSearchText('حليب 1٫5٪'));
    assert.deepEqual(foodSearchWords('Milk (1.5% fat)'), ['milk', '1', '5', 'fat']);
  });
});

describe('food search ranking', () => {
  const oats = named('Rolled oats (oatmeal, dry)', 'Haferflocken', 'شوفان');
  const oatmeal = named('Oatmeal (porridge), cooked with water', 'Haferbrei (Porridge), mit Wasser', 'عصيدة شوفان');
  const oatDrink = named('Oat drink (oat milk)', 'Haferdrink (Hafermilch)', 'مشروب الشوفان (حليب الشوفان)');
  const goatCheese = named('Goat cheese, soft', 'Ziegenfrischkäse', 'جبن ماعز طري');
  const groats = named('Buckwheat groats, cooked', 'Buchweizen, gekocht', 'حنطة سوداء مطبوخة');
  const wholeMilk = named('Milk, whole', 'Vollmilch', 'حليب كامل الدسم');
  const skimMilk = named('Milk, skim (fat-free)', 'Magermilch', 'حليب خالي الدسم');
  const milkChocolate = named('Milk chocolate', 'Vollmilchschokolade', 'شوكولاتة بالحليب');
  const riceMilk = named('Rice pudding', 'Milchreis', 'أرز بالحليب');
  const cappuccino = named('Cappuccino (whole milk)', 'Cappuccino (Vollmilch)', 'كابتشينو بالحليب كامل الدسم');
  const library = [
    goatCheese,
    groats,
    milkChocolate,
    riceMilk,
    cappuccino,
    oatDrink,
    oatmeal,
    oats,
    wholeMilk,
    skimMilk,
  ];

  it('puts whole words and word starts above a word found inside another ("oat" is not "goat")', () => {
    for (const reader of ['en', 'de', 'ar'] as const) {
      const found = ranked('oat', reader, library);
      assert.equal(found[0], oats[reader], reader);
      assert.deepEqual(found.slice(-2).sort(), [goatCheese[reader], groats[reader]].sort(), reader);
    }
  });

  it('puts the foods a word names above the foods it only describes ("milk" before "milk chocolate")', () => {
    assert.deepEqual(ranked('milk', 'en', library).slice(0, 2).sort(), ['Milk, skim (fat-free)', 'Milk, whole']);
    assert.ok(ranked('milk', 'en', library).indexOf('Milk chocolate') > 1);
    // A German compound is one of its last part: "Vollmilch" is milk, "Milchreis" is rice.
    const milch = ranked('Milch', 'de', library);
    assert.deepEqual(milch.slice(0, 2).sort(), ['Magermilch', 'Vollmilch']);
    assert.ok(milch.indexOf('Milchreis') > milch.indexOf('Cappuccino (Vollmilch)'));
    assert.equal(milch.at(-1), 'Vollmilchschokolade');
    // Arabic names the food first; "بالحليب" (with milk) only describes it.
    const halib = ranked('حليب', 'ar', library);
    assert.deepEqual(halib.slice(0, 2).sort(), ['حليب خالي الدسم', 'حليب كامل الدسم']);
    assert.ok(halib.indexOf('شوكولاتة بالحليب') > 2);
  });

  it('finds an Arabic word with its article, and whatever alef or taa marbuta was typed', () => {
    assert.ok(ranked('الشوفان', 'ar', library).includes(oatDrink.ar));
    assert.equal(ranked('شوفان', 'ar', library)[0], oats.ar);
    assert.deepEqual(ranked('ارز', 'ar', library), [riceMilk.ar]);
    assert.deepEqual(ranked('شوكولاته', 'ar', library), [milkChocolate.ar]);
  });

  it('treats plurals as the word and matches every word typed', () => {
    assert.equal(ranked('oats', 'en', library)[0], oats.en);
    assert.deepEqual(ranked('whole milk', 'en', library), ['Milk, whole', 'Cappuccino (whole milk)']);
    assert.deepEqual(ranked('nothing like it', 'en', library), []);
  });

  it("puts the reader's language above the others among equal matches", () => {
    const nuggets = named('Chicken nuggets', 'Chicken Nuggets', 'ناجتس دجاج');
    const breast = named('Chicken breast, raw', 'Hähnchenbrust, roh', 'صدر دجاج نيء');
    assert.deepEqual(ranked('chicken', 'de', [breast, nuggets]), ['Chicken Nuggets', 'Hähnchenbrust, roh']);
    assert.deepEqual(ranked('chicken', 'en', [nuggets, breast]), ['Chicken breast, raw', 'Chicken nuggets']);
  });

  it('puts what the user logged above an equal match never logged, never above a better match', () => {
    assert.equal(ranked('milk', 'en', library, [milkChocolate])[0], 'Milk chocolate');
    assert.equal(ranked('oat', 'en', library, [goatCheese])[0], oats.en);
  });

  it('matches everything alike when nothing is typed', () => {
    assert.equal(ranked('  ', 'en', library).length, library.length);
  });
});
