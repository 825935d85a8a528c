import assert from 'node:assert/strict';
import { CATEGORIES, DIFFICULTIES, EQUIPMENT, LANGUAGES, MUSCLES, nameKey, UNITS } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { isSystemExerciseName, systemExercises } from './system-library.ts';

describe('the system exercise library', () => {
  const library = systemExercises();

  it('has at least 150 exercises with unique, stable slugs', () => {
    assert.ok(library.length >= 150, `${library.length} exercises`);
    assert.equal(new Set(library.map((e) => e.slug)).size, library.length);
    for (const { slug } of library) assert.match(slug, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('uses only the categories, muscles, equipment, difficulties and units of the spec, and all of them', () => {
    const fields = [
      ['category', CATEGORIES],
      ['muscle', MUSCLES],
      ['equipment', EQUIPMENT],
      ['difficulty', DIFFICULTIES],
      ['unit', UNITS],
    ] as const;
    for (const [field, allowed] of fields) {
      const used = new Set(library.map((exercise) => exercise[field]));
      assert.deepEqual(
        [...used].filter((value) => !(allowed as readonly string[]).includes(value)),
        [],
        field,
      );
      assert.deepEqual(new Set(allowed), used, `every ${field} is used`);
    }
  });

  it('names, instructs and tips every exercise in en, de and ar, step for step', () => {
    for (const exercise of library) {
      for (const language of LANGUAGES) {
        assert.ok(exercise.name[language]?.trim(), `${exercise.slug} ${language} name`);
        assert.ok(exercise.instructions[language].length >= 3, `${exercise.slug} ${language} instructions`);
        assert.equal(
          exercise.instructions[language].length,
          exercise.instructions.en.length,
          `${exercise.slug} ${language} steps`,
        );
        assert.equal(exercise.tips[language].length, exercise.tips.en.length, `${exercise.slug} ${language} tips`);
      }
    }
    for (const language of LANGUAGES) {
      const names = library.map((exercise) => nameKey(exercise.name[language]));
      assert.equal(new Set(names).size, names.length, `${language} names are unique`);
    }
  });

  it('knows its names in every language, whatever their case', () => {
    const [first] = library;
    assert.ok(first);
    assert.ok(isSystemExerciseName(first.name.en.toUpperCase()));
    assert.ok(isSystemExerciseName(` ${first.name.de} `));
    assert.ok(isSystemExerciseName(first.name.ar));
    assert.equal(isSystemExerciseName('Definitely not an exercise name'), false);
  });
});
