import { assert, describe, it } from 'vitest';
import { SetValuesShown, SHOWN_FIELDS, setValuesFromBody, shownSetValues } from './sets.ts';

describe('set values without the schemas', () => {
  it('name the same fields as the API schema, in its order', () => {
    assert.deepEqual([...SHOWN_FIELDS], Object.keys(SetValuesShown.properties));
  });

  it('turn a request into a logged set and back under the API names', () => {
    const values = setValuesFromBody({ reps: 5, weight: '', rest_time: 90 });
    assert.deepEqual(shownSetValues(values), {
      reps: 5,
      weight: null,
      rest_time: 90,
      type: 'working',
      notes: null,
      duration: null,
      distance: null,
      rpe: null,
    });
  });
});
