import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { uuidFromName as serverUuidFromName } from '@fitness/command-service/core/ids.ts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { describe, it } from 'vitest';
import { predictedId, uuidFromName } from './predicted-ids.ts';

describe('ids predicted in the browser', () => {
  it("equal the server's uuidFromName for many names, ASCII or not, short or long", async () => {
    const names = [
      '',
      'a',
      'workout',
      'zoë:über:🏋️',
      'x'.repeat(1000),
      ...Array.from({ length: 500 }, (_, index) => `${randomUUID()}:${randomUUID()}:${index}`),
    ];
    for (const name of names) assert.equal(await uuidFromName(name), serverUuidFromName(name), name);
  });

  it('name what a keyed request creates as the server does: actor, key, then what', async () => {
    const actor = randomUUID();
    const key = randomUUID();
    for (const what of Object.values(CREATED)) {
      assert.equal(await predictedId(actor, key, what), serverUuidFromName(`${actor}:${key}:${what}`));
    }
    assert.notEqual(await predictedId(actor, key, CREATED.set), await predictedId(actor, key, CREATED.workout));
  });
});
