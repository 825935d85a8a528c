import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ErasedStreams, erasuresOf, planErasure, scavengeCovers } from './erased-streams.ts';
import { isSystemEvent, isSystemStream } from './esdb-records.ts';

const MARKER = '$erased';

describe('erasure on EventStoreDB', () => {
  it('hides erased revisions up to the furthest erasure of each stream, and what came after stays', () => {
    const erased = new ErasedStreams();
    erased.note([{ streamId: 'email-1', throughRevision: 2 }]);
    erased.note([
      { streamId: 'email-1', throughRevision: 0 },
      { streamId: 'user-1', throughRevision: 5 },
    ]);
    assert.equal(erased.hides('email-1', 2n), true);
    assert.equal(erased.hides('email-1', 3), false);
    assert.equal(erased.hides('user-1', 0), true);
    assert.equal(erased.hides('user-1', 6), false);
    assert.equal(erased.hides('user-2', 0), false);
  });

  it('reads journal records back, refusing a malformed one', () => {
    assert.deepEqual(erasuresOf({ streams: [{ streamId: 'meal-1', throughRevision: 3 }] }), [
      { streamId: 'meal-1', throughRevision: 3 },
    ]);
    assert.throws(() => erasuresOf({}), /without streams/);
    assert.throws(() => erasuresOf({ streams: [{ streamId: 'meal-1', throughRevision: '3' }] }), /Malformed/);
  });

  it('deletes a wholly erased stream after a PII-free last event, truncates a partly erased one', () => {
    assert.deepEqual(planErasure(null, 3, MARKER), { kind: 'nothing' });
    assert.deepEqual(planErasure({ revision: 3, type: 'WaterLogged' }, 3, MARKER), {
      kind: 'delete',
      appendMarkerAfter: 3,
      deleteAt: 4,
    });
    // The stream ends before the erasure's revision (truncated before): still all of it.
    assert.deepEqual(planErasure({ revision: 1, type: 'WaterLogged' }, 3, MARKER), {
      kind: 'delete',
      appendMarkerAfter: 1,
      deleteAt: 2,
    });
    // A run that stopped between the marker and the delete deletes at the marker.
    assert.deepEqual(planErasure({ revision: 4, type: MARKER }, 3, MARKER), {
      kind: 'delete',
      appendMarkerAfter: null,
      deleteAt: 4,
    });
    assert.deepEqual(planErasure({ revision: 5, type: 'EmailReserved' }, 3, MARKER), { kind: 'truncate', before: 4 });
  });

  it('takes a scavenge as covering erasures only when its point comes after the last of them', () => {
    assert.equal(scavengeCovers(0, 1200), false);
    assert.equal(scavengeCovers(900, 1200), false);
    assert.equal(scavengeCovers(1500, 1200), true);
  });

  it('keeps system streams out of domain reads: `$$` metadata streams, the journal, the marker', () => {
    assert.equal(isSystemStream('$$user-1'), true);
    assert.equal(isSystemStream('$fitness-erasures'), true);
    assert.equal(isSystemStream('user-1'), false);
    const event = {
      id: '1',
      streamId: 'user-1',
      type: MARKER,
      revision: 4n,
      isJson: true,
      data: {},
      metadata: {},
      created: new Date(),
    };
    assert.equal(isSystemEvent(event), true);
    assert.equal(isSystemEvent({ ...event, type: 'UserDeleted' }), false);
  });
});
