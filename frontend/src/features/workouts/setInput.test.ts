import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSetDraft } from './setInput.ts';

const draft = (fields: Partial<{ reps: string; weight: string; rest: string }>) => ({
  reps: '8',
  weight: '60',
  rest: '90',
  type: 'working' as const,
  ...fields,
});

describe('reading a typed set', () => {
  it('accepts whole reps above zero', () => {
    assert.deepEqual(readSetDraft(draft({}), 'metric'), {
      ok: true,
      input: { reps: 8, weight: 60, rest_time: 90, type: 'working' },
    });
  });
  it('refuses reps that are empty, zero, negative, fractional or not numbers', () => {
    for (const reps of ['', ' ', '0', '-2', '2.5', 'ten', '1e9']) {
      assert.deepEqual(readSetDraft(draft({ reps }), 'metric'), { ok: false, field: 'reps' }, reps);
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
});
