import assert from 'node:assert/strict';
import { describe, it, vi } from 'vitest';
import { eventIdOf, newId, uuidFromName } from './ids.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const versionOf = (id: string) => UUID.exec(id)?.[1];

describe('newId', () => {
  it('is a version 7 UUID carrying the time it was made', () => {
    const id = newId();
    assert.equal(versionOf(id), '7');
    const millis = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    assert.ok(Math.abs(millis - Date.now()) < 1000, `${millis} is not now`);
  });

  it('sorts ids made later after those made earlier, and never repeats', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00.000Z'), toFake: ['Date'] });
    try {
      const earlier = Array.from({ length: 100 }, newId);
      vi.setSystemTime(new Date('2026-11-24T10:00:00.001Z'));
      const later = Array.from({ length: 100 }, newId);
      for (const id of earlier) for (const next of later) assert.ok(id < next, `${id} sorts after ${next}`);
      assert.equal(new Set([...earlier, ...later]).size, 200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('eventIdOf', () => {
  it("starts a new command's event ids with the command's time, the same for a repeat, different for each event", () => {
    const commandId = newId();
    const first = eventIdOf(commandId, 'workout-1', 0);
    assert.equal(versionOf(first), '8');
    assert.equal(first.slice(0, 13), commandId.slice(0, 13));
    assert.equal(eventIdOf(commandId, 'workout-1', 0), first);
    assert.notEqual(eventIdOf(commandId, 'workout-1', 1), first);
    assert.notEqual(eventIdOf(commandId, 'workout-2', 0), first);
    assert.notEqual(eventIdOf(newId(), 'workout-1', 0), first);
  });

  it("keeps the name's hash for a command named by an Idempotency-Key, as events were named before", () => {
    const commandId = uuidFromName('user-1:key-1');
    assert.equal(versionOf(commandId), '5');
    assert.equal(eventIdOf(commandId, 'workout-1', 0), uuidFromName(`${commandId}:workout-1:0`));
  });

  it("keeps the name's hash for a command id that is no UUID, whatever its characters (a seed's)", () => {
    // The fifteenth character is a 7, where a version 7 UUID has its version.
    const commandId = 'seed:abcd:1234789abcdef';
    assert.equal(commandId[14], '7');
    assert.equal(eventIdOf(commandId, 'exercises', 2), uuidFromName(`${commandId}:exercises:2`));
  });
});
