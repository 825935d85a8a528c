import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { applyChanges, type DocumentChange, diffDocuments, MAX_CHANGE_STEPS } from './document-changes.ts';

const set = (id: string, reps: number) => ({ id, reps, weight: 100 });
const workout = {
  id: 'w1',
  name: 'Push',
  status: 'in_progress',
  tags: ['a'],
  exercises: [
    { id: 'e1', name: 'Bench', sets: [set('s1', 5), set('s2', 5)] },
    { id: 'e2', name: 'Dips', sets: [set('s3', 8)] },
  ],
};

/** What a read model's evolve does: copies the path it changes, shares the rest. */
function withExercise(document: typeof workout, id: string, change: (e: (typeof workout.exercises)[number]) => object) {
  return { ...document, exercises: document.exercises.map((e) => (e.id === id ? { ...e, ...change(e) } : e)) };
}

describe('a change worked out from a document before and after', () => {
  it('a set logged is one push to its exercise, with the place a store that counts needs', () => {
    const after = withExercise(workout, 'e2', (e) => ({ sets: [...e.sets, set('s4', 6)] }));
    assert.deepEqual(diffDocuments(workout, after), [
      { op: 'push', path: ['exercises', { id: 'e2', at: 1 }, 'sets'], value: set('s4', 6) },
    ]);
  });

  it('fields set and gone, elements pulled, changed and pushed, and the same applied gives the document after', () => {
    const { status: _gone, ...rest } = workout;
    const after = {
      ...rest,
      name: 'Push day',
      tags: ['a', 'b'],
      exercises: [
        { ...workout.exercises[1], name: 'Weighted dips' } as (typeof workout.exercises)[number],
        { id: 'e3', name: 'Flyes', sets: [] },
      ],
    };
    const changes = diffDocuments(workout, after) as DocumentChange[];
    assert.deepEqual(changes, [
      { op: 'unset', path: ['status'] },
      { op: 'set', path: ['name'], value: 'Push day' },
      { op: 'set', path: ['tags'], value: ['a', 'b'] },
      { op: 'pull', path: ['exercises'], id: 'e1', at: 0 },
      { op: 'set', path: ['exercises', { id: 'e2', at: 0 }, 'name'], value: 'Weighted dips' },
      { op: 'push', path: ['exercises'], value: { id: 'e3', name: 'Flyes', sets: [] } },
    ]);
    // Applied to a copy that shares nothing with `workout`, as a browser holds it.
    assert.deepEqual(applyChanges(structuredClone(workout), changes), after);
  });

  it('an object inside that changed all over is set whole, an element of an array too', () => {
    const before = { id: 'r', records: { heaviest: { value: 100, reps: 5, set_id: 's1', date: 'd1' } } };
    const after = { id: 'r', records: { heaviest: { value: 110, reps: 3, set_id: 's2', date: 'd2' } } };
    assert.deepEqual(diffDocuments(before, after), [
      { op: 'set', path: ['records', 'heaviest'], value: after.records.heaviest },
    ]);
    const changed = { ...workout.exercises[0], name: 'B', notes: 'n', rest: 90, sets: [], plan: 'p' };
    const withChanged = { ...workout, exercises: [changed, workout.exercises[1]] };
    const changes = diffDocuments(workout, withChanged) as DocumentChange[];
    assert.deepEqual(changes, [{ op: 'set', path: ['exercises', { id: 'e1', at: 0 }], value: changed }]);
    assert.deepEqual(applyChanges(structuredClone(workout), changes), withChanged);
  });

  it('a reordered array is set whole, and an unchanged document is no change', () => {
    const after = { ...workout, exercises: [...workout.exercises].reverse() };
    assert.deepEqual(diffDocuments(workout, after), [{ op: 'set', path: ['exercises'], value: after.exercises }]);
    assert.deepEqual(diffDocuments(workout, { ...workout }), []);
  });

  it('leaves out the fields it is told to ignore, and gives up when the change is not small', () => {
    assert.deepEqual(diffDocuments({ ...workout, _position: 1 }, { ...workout, _position: 2 }, ['_position']), []);
    const many = Object.fromEntries(Array.from({ length: MAX_CHANGE_STEPS + 1 }, (_, i) => [`f${i}`, i]));
    assert.equal(diffDocuments({ id: 'x' }, { id: 'x', ...many }), null);
  });
});

describe('applying a change', () => {
  it('twice, or to a document that already holds it, gives the same document', () => {
    const after = withExercise(workout, 'e1', (e) => ({
      sets: [...e.sets.slice(1), set('s9', 1)],
    }));
    const changes = diffDocuments(workout, after) as DocumentChange[];
    assert.deepEqual(applyChanges(applyChanges(workout, changes), changes), after);
    assert.deepEqual(applyChanges(after, changes), after);
  });

  it('changes nothing where the element it names is gone, and shares what it did not change', () => {
    const changes: DocumentChange[] = [{ op: 'set', path: ['exercises', { id: 'gone', at: 5 }, 'name'], value: 'x' }];
    assert.deepEqual(applyChanges(workout, changes), workout);
    const after = applyChanges(workout, [{ op: 'set', path: ['exercises', { id: 'e1', at: 0 }, 'name'], value: 'B' }]);
    assert.equal(after.exercises[1], workout.exercises[1]);
    assert.equal(workout.exercises[0]?.name, 'Bench');
  });
});
