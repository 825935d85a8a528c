import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { type ChangeNotice, SYSTEM_SETTINGS_DOCUMENT_ID, SYSTEM_SETTINGS_MODEL } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { TOKEN_CACHE_MS, TokenCache } from './token-cache.ts';

/** A cache on a clock the test moves, hearing the notices the test announces. */
function setUp() {
  const emitter = new EventEmitter();
  let now = 1_000_000;
  const cache = new TokenCache<string>(
    {
      onChange(listener: (notice: ChangeNotice) => void) {
        emitter.on('change', listener);
        return () => emitter.off('change', listener);
      },
    },
    () => now,
  );
  const announce = (model: string, id: string) =>
    emitter.emit('change', { model, id, userId: id, op: 'upsert', position: 1, correlationId: null });
  return {
    cache,
    announce,
    now: () => now,
    later: (ms: number) => {
      now += ms;
    },
  };
}

const ada = 'ada.token-1.secret';
const adaOther = 'ada.token-2.secret';
const bob = 'bob.token-3.secret';
const NEVER = Number.MAX_SAFE_INTEGER;

describe('token cache', () => {
  it("keeps each answer until a change to its user is heard, and only that user's", () => {
    const { cache, announce, now } = setUp();
    for (const token of [ada, adaOther, bob])
      cache.set(token.split('.')[0] ?? '', token, token, NEVER, cache.version());
    assert.equal(cache.get(ada, now()), ada);
    assert.equal(cache.get('ada.token-1.wrong', now()), undefined, 'the whole token, secret too, must match');
    announce('workouts', 'ada');
    assert.equal(cache.get(ada, now()), ada, "a change to another read model's document drops nothing");
    announce('users', 'ada');
    assert.equal(cache.get(ada, now()), undefined);
    assert.equal(cache.get(adaOther, now()), undefined);
    assert.equal(cache.get(bob, now()), bob);
  });

  it('drops every answer when the system settings change (the session timeout)', () => {
    const { cache, announce, now } = setUp();
    cache.set('bob', bob, bob, NEVER, cache.version());
    announce(SYSTEM_SETTINGS_MODEL, SYSTEM_SETTINGS_DOCUMENT_ID);
    assert.equal(cache.get(bob, now()), undefined);
  });

  it('does not keep an answer read before a change heard meanwhile', () => {
    const { cache, announce, now } = setUp();
    const before = cache.version();
    announce('users', 'bob');
    cache.set('ada', ada, ada, NEVER, before);
    assert.equal(cache.get(ada, now()), undefined);
    cache.set('ada', ada, ada, NEVER, cache.version());
    assert.equal(cache.get(ada, now()), ada);
  });

  it("keeps an answer neither past its token's expiry nor longer than a few seconds", () => {
    const { cache, now, later } = setUp();
    cache.set('ada', ada, ada, now() + 1_000, cache.version());
    cache.set('bob', bob, bob, NEVER, cache.version());
    later(1_000);
    assert.equal(cache.get(ada, now()), undefined);
    assert.equal(cache.get(bob, now()), bob);
    later(TOKEN_CACHE_MS);
    assert.equal(cache.get(bob, now()), undefined);
  });
});
