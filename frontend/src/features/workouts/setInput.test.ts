import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { readSetDraft, type SetDraft } from './setInput.ts';

const draft = (fields: Partial<SetDraft>): SetDraft => ({
  reps: '8',
  weight: '60',
  rest: '90',
  type: 'working',
  duration: '',
  distance: '',
  notes: '',
  rpe: '',
  ...fields,
});
const base = { duration: null, distance: null, notes: null, rpe: null };

describe('reading a typed set', () => {
  it('accepts whole reps above zero', () => {
    assert.deepEqual(readSetDraft(draft({}), 'metric'), {
      ok: true,
      input: { reps: 8, weight: 60, rest_time: 90, type: 'working', ...base },
    });
  });
  it('refuses reps that are empty, zero, negative, fractional or not numbers', () => {
    for (const reps of ['', ' ', '0', '-2', '2.5', 'ten', '1e9']) {
      assert.deepEqual(readSetDraft(draft({ reps }), 'metric'), { ok: false, field: 'reps' }, reps);
    }
  });
  it('reads Arabic-Indic digits and the Arabic decimal separator as an Arabic keyboard types them', () => {
    assert.deepEqual(readSetDraft(draft({ reps: '\u0668', weight: '\u0666\u0662\u066b\u0665' }), 'metric'), {
      ok: true,
      input: { reps: 8, weight: 62.5, rest_time: 90, type: 'working', ...base },
    });
    assert.deepEqual(readSetDraft(draft({ reps: '\u06f1\u06f2' }), 'metric').ok, true);
  });
  it('reads an RPE of 1 to 10 in half steps, typed either way, and refuses any other', () => {
    for (const [rpe, read] of [
      ['8', 8],
      ['8.5', 8.5],
      ['9,5', 9.5],
      ['\u0667\u066b\u0665', 7.5],
    ] as const) {
      const result = readSetDraft(draft({ rpe }), 'metric');
      assert.ok(result.ok && result.input.rpe === read, rpe);
    }
    for (const rpe of ['0', '8.3', '11', 'hard']) {
      assert.deepEqual(readSetDraft(draft({ rpe }), 'metric'), { ok: false, field: 'rpe' }, rpe);
    }
  });
  it('treats an empty weight as bodyweight', () => {
    const result = readSetDraft(draft({ weight: '' }), 'metric');
    assert.ok(result.ok && result.input.weight === null);
  });
  it('reads pounds in imperial units and sends kilograms, and accepts a decimal comma', () => {
    const result = readSetDraft(draft({ weight: '225' }), 'imperial');
    assert.ok(result.ok && result.input.weight === 102.058);
    const comma = readSetDraft(draft({ weight: '62,5' }), 'metric');
    assert.ok(comma.ok && comma.input.weight === 62.5);
  });
  it('refuses a negative weight and a fractional rest', () => {
    assert.deepEqual(readSetDraft(draft({ weight: '-5' }), 'metric'), { ok: false, field: 'weight' });
    assert.deepEqual(readSetDraft(draft({ rest: '1.5' }), 'metric'), { ok: false, field: 'rest' });
  });
  it('needs a time for a timed exercise and counts one rep when none is typed', () => {
    assert.deepEqual(readSetDraft(draft({ reps: '', weight: '' }), 'metric', 'time'), { ok: false, field: 'duration' });
    const plank = readSetDraft(draft({ reps: '', weight: '', duration: '60' }), 'metric', 'time');
    assert.ok(plank.ok && plank.input.reps === 1 && plank.input.duration === 60);
  });
  it('reads a distance in the user’s unit and sends metres', () => {
    const run = readSetDraft(draft({ reps: '', weight: '', distance: '5' }), 'metric', 'distance');
    assert.ok(run.ok && run.input.distance === 5000);
    const mile = readSetDraft(draft({ reps: '', weight: '', distance: '1' }), 'imperial', 'distance');
    assert.ok(mile.ok && mile.input.distance === 1609.3);
    assert.deepEqual(readSetDraft(draft({ reps: '', distance: '0' }), 'metric', 'distance'), {
      ok: false,
      field: 'distance',
    });
  });
  it('keeps a note, and no note as null', () => {
    const noted = readSetDraft(draft({ notes: '  paused reps ' }), 'metric');
    assert.ok(noted.ok && noted.input.notes === 'paused reps');
  });
});
