import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { memoryStorage, STORAGE_KEYS } from '../storage.ts';
import { createSetDrafts, WORKOUTS_KEPT } from './set-drafts.ts';

describe('rows typed into but not logged yet', () => {
  it('are found again by a new page on the same browser, until logged', () => {
    const storage = memoryStorage();
    const drafts = createSetDrafts(storage);
    drafts.edit('w1', 'e1', 0, { weight: '60' });
    drafts.edit('w1', 'e1', 0, { reps: '8' });
    drafts.edit('w1', 'e1', 1, { type: 'warmup' });
    drafts.addRow('w1', 'e1', 3);

    const reloaded = createSetDrafts(storage);
    assert.deepEqual(reloaded.state.workouts.w1?.exercises.e1, {
      rows: 4,
      values: { 0: { weight: '60', reps: '8' }, 1: { type: 'warmup' } },
    });
    reloaded.logged('w1', 'e1', 0);
    assert.deepEqual(createSetDrafts(storage).state.workouts.w1?.exercises.e1?.values, { 1: { type: 'warmup' } });
  });

  it('go with their workout, keep only the newest workouts, and go on sign-out', () => {
    let clock = 0;
    const storage = memoryStorage();
    const drafts = createSetDrafts(storage, () => ++clock);
    for (let index = 0; index <= WORKOUTS_KEPT; index++) drafts.edit(`w${index}`, 'e1', 0, { reps: '5' });
    assert.deepEqual(Object.keys(drafts.state.workouts).sort(), ['w1', 'w2', 'w3']);
    drafts.forget('w2');
    assert.deepEqual(Object.keys(drafts.state.workouts).sort(), ['w1', 'w3']);
    drafts.clear();
    assert.deepEqual(createSetDrafts(storage).state.workouts, {});
  });

  it('start empty from an unreadable entry', () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const drafts = createSetDrafts(memoryStorage({ [STORAGE_KEYS.setDrafts]: '{not json' }));
      assert.deepEqual(drafts.state.workouts, {});
      assert.equal(errors.length, 1);
    } finally {
      console.error = original;
    }
  });
});
