import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCounterStore } from '@fitness/stores';
import { describe, it } from 'vitest';
import { SignInThrottle, TooManySignInAttempts } from './sign-in-throttle.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 2, 10, 0, seconds));

async function waitOf(throttle: SignInThrottle, account: string, now: Date) {
  try {
    await throttle.check(account, now);
    return 0;
  } catch (error) {
    assert.ok(error instanceof TooManySignInAttempts);
    return error.retryAfterSeconds;
  }
}

describe('sign-in throttle', () => {
  it('lets five wrong passwords through, then doubles the wait after each', async () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 4; i += 1) await throttle.failed('a@example.com', at(0));
    assert.equal(await waitOf(throttle, 'a@example.com', at(0)), 0);
    await throttle.failed('a@example.com', at(0));
    assert.equal(await waitOf(throttle, 'a@example.com', at(0)), 1);
    assert.equal(await waitOf(throttle, 'a@example.com', at(1)), 0);
    await throttle.failed('a@example.com', at(1));
    assert.equal(await waitOf(throttle, 'a@example.com', at(1)), 2);
    await throttle.failed('a@example.com', at(3));
    assert.equal(await waitOf(throttle, 'a@example.com', at(3)), 4);
  });

  it('counts an email however it is typed, and each account on its own', async () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 5; i += 1) await throttle.failed(' A@Example.com', at(0));
    assert.equal(await waitOf(throttle, 'a@example.com ', at(0)), 1);
    assert.equal(await waitOf(throttle, 'b@example.com', at(0)), 0);
  });

  it('stops at fifteen minutes, and forgets after a day', async () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 30; i += 1) await throttle.failed('a@example.com', at(0));
    assert.equal(await waitOf(throttle, 'a@example.com', at(0)), 15 * 60);
    await throttle.failed('a@example.com', new Date(at(0).getTime() + 2 * 86_400_000));
    assert.equal(
      await waitOf(throttle, 'a@example.com', new Date(at(0).getTime() + 2 * 86_400_000)),
      0,
      'a fresh count',
    );
  });

  it('clears the count on the right password', async () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 5; i += 1) await throttle.failed('a@example.com', at(0));
    await throttle.succeeded('a@example.com');
    assert.equal(await waitOf(throttle, 'a@example.com', at(0)), 0);
    await throttle.failed('a@example.com', at(0));
    assert.equal(await waitOf(throttle, 'a@example.com', at(0)), 0);
  });

  it('forgets a day after the latest wrong password, not the first', async () => {
    const throttle = new SignInThrottle();
    const hours = (n: number) => new Date(at(0).getTime() + n * 3_600_000);
    for (let i = 0; i < 4; i += 1) await throttle.failed('a@example.com', at(0));
    await throttle.failed('a@example.com', hours(23));
    assert.equal(await waitOf(throttle, 'a@example.com', hours(23)), 1, 'the fifth, nearly a day after the first');
    await throttle.failed('a@example.com', hours(25));
    assert.equal(await waitOf(throttle, 'a@example.com', hours(25)), 2, 'the sixth: still counted');
    assert.equal(await waitOf(throttle, 'a@example.com', hours(49)), 0);
    await throttle.failed('a@example.com', hours(49));
    assert.equal(await waitOf(throttle, 'a@example.com', hours(49)), 0, 'a fresh count');
  });

  it('counts together with the other instances that share its counters', async () => {
    // Two command service instances, each with its own connection to one counters file.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'throttle-')), 'counters.sqlite');
    const here = new SignInThrottle(new SqliteCounterStore(file));
    const there = new SignInThrottle(new SqliteCounterStore(file));
    for (let i = 0; i < 5; i += 1) await (i % 2 ? here : there).failed('a@example.com', at(0));
    assert.equal(await waitOf(here, 'a@example.com', at(0)), 1);
    assert.equal(await waitOf(there, 'a@example.com', at(0)), 1);
    await here.succeeded('a@example.com');
    assert.equal(await waitOf(there, 'a@example.com', at(0)), 0, 'the right password clears it everywhere');
  });

  it('takes a burst of guesses one at a time, so only the free ones are ever checked', async () => {
    const throttle = new SignInThrottle();
    let verified = 0;
    const wrongPassword = async () => {
      verified += 1;
      // As long as a real password check takes: long enough for the whole burst to arrive.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return false;
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => throttle.attempt('a@example.com', at(0), wrongPassword)),
    );
    assert.equal(verified, 5, 'the five free failures, and no more');
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 5);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    assert.equal(refused.length, 15);
    for (const outcome of refused) assert.ok(outcome.reason instanceof TooManySignInAttempts);
    assert.equal(await throttle.attempt('b@example.com', at(0), async () => true), true, 'another account is free');
  });
});
