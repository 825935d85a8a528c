import assert from 'node:assert/strict';
import { MongoServerError } from 'mongodb';
import { describe, it } from 'vitest';
import { builtVersion, checkpointMove, resetSteps, UnfinishedResetError, unfinishedReset } from './mongodb-reset.ts';

const known: Record<string, string[][]> = { workouts: [['userId'], ['userId', 'day']], records: [] };
const indexesOf = (collection: string) => {
  const indexes = known[collection];
  if (!indexes) throw new Error(`Unknown collection: ${collection}`);
  return indexes;
};

describe('a MongoDB reset, in steps', () => {
  it('marks first, drops and creates each collection again with its indexes, then unmarks that same mark', () => {
    const steps = resetSteps(['workouts', 'records'], indexesOf);
    const [mark] = steps;
    assert.ok(mark?.step === 'mark');
    assert.deepEqual(mark.marker.collections, ['workouts', 'records']);
    assert.deepEqual(steps.slice(1), [
      { step: 'drop', collection: 'workouts' },
      { step: 'create', collection: 'workouts', indexes: [['userId'], ['userId', 'day']] },
      { step: 'drop', collection: 'records' },
      { step: 'create', collection: 'records', indexes: [] },
      { step: 'unmark', marker: mark.marker },
    ]);
    const again = resetSteps(['workouts'], indexesOf)[0];
    assert.ok(again?.step === 'mark');
    assert.notEqual(again.marker.id, mark.marker.id, 'each reset removes only its own mark');
  });

  it('refuses a collection it was not told about, or one of its own, before any step', () => {
    assert.throws(() => resetSteps(['workouts', 'never_ensured'], indexesOf), /Unknown collection/);
    assert.throws(() => resetSteps(['checkpoints'], indexesOf), /Invalid collection name/);
  });

  it('reads the version as none while a reset is unfinished, so the next start resets again', () => {
    const marker = { id: 'm', collections: ['workouts'] };
    assert.equal(builtVersion({ _id: 'workouts', position: 0, version: 3, resetting: marker }), 0);
    assert.equal(builtVersion({ _id: 'workouts', position: 10, version: 3 }), 3);
    assert.equal(builtVersion({ _id: 'workouts', position: 10 }), 0);
    assert.equal(builtVersion(null), 0);
  });

  it('moves a checkpoint forward only where no reset is unfinished, and says why a commit was refused', () => {
    assert.deepEqual(checkpointMove('workouts', 42), {
      updateOne: {
        filter: { _id: 'workouts', resetting: { $exists: false } },
        update: { $max: { position: 42 } },
        upsert: true,
      },
    });
    // What the server answers when the upsert meets the marked checkpoint's _id.
    const duplicate = new MongoServerError({
      ok: 0,
      code: 11000,
      errmsg: 'E11000 duplicate key error collection: read.checkpoints index: _id_ dup key: { _id: "workouts" }',
    });
    const refused = unfinishedReset(duplicate, ['workouts']);
    assert.ok(refused instanceof UnfinishedResetError);
    assert.match(refused.message, /reset of workouts did not finish/);
    const other = new MongoServerError({ ok: 0, code: 112, errmsg: 'WriteConflict' });
    assert.equal(unfinishedReset(other, ['workouts']), other);
  });
});
