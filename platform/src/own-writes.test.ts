import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { OwnWrites } from './own-writes.ts';

describe('own writes', () => {
  it("keeps each user's latest position, never an earlier one", () => {
    const writes = new OwnWrites();
    writes.note('a', 5);
    writes.note('a', 3);
    writes.note('b', 7);
    assert.equal(writes.positionOf('a'), 5);
    assert.equal(writes.positionOf('b'), 7);
    assert.equal(writes.positionOf('nobody'), 0);
  });

  it('forgets the user written least recently beyond its limit', () => {
    const writes = new OwnWrites(2);
    writes.note('a', 1);
    writes.note('b', 2);
    writes.note('a', 3);
    writes.note('c', 4);
    assert.equal(writes.positionOf('b'), 0);
    assert.equal(writes.positionOf('a'), 3);
    assert.equal(writes.positionOf('c'), 4);
  });
});
