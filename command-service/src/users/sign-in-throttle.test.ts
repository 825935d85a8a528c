import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { SignInThrottle, TooManySignInAttempts } from './sign-in-throttle.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 2, 10, 0, seconds));

function waitOf(throttle: SignInThrottle, account: string, now: Date) {
  try {
    throttle.check(account, now);
    return 0;
  } catch (error) {
    assert.ok(error instanceof TooManySignInAttempts);
    return error.retryAfterSeconds;
  }
}

describe('sign-in throttle', () => {
  it('lets five wrong passwords through, then doubles the wait after each', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 4; i += 1) throttle.failed('a@example.com', at(0));
    assert.equal(waitOf(throttle, 'a@example.com', at(0)), 0);
    throttle.failed('a@example.com', at(0));
    assert.equal(waitOf(throttle, 'a@example.com', at(0)), 1);
    assert.equal(waitOf(throttle, 'a@example.com', at(1)), 0);
    throttle.failed('a@example.com', at(1));
    assert.equal(waitOf(throttle, 'a@example.com', at(1)), 2);
    throttle.failed('a@example.com', at(3));
    assert.equal(waitOf(throttle, 'a@example.com', at(3)), 4);
  });

  it('counts an email however it is typed, and each account on its own', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 5; i += 1) throttle.failed(' A@Example.com', at(0));
    assert.equal(waitOf(throttle, 'a@example.com ', at(0)), 1);
    assert.equal(waitOf(throttle, 'b@example.com', at(0)), 0);
  });

  it('stops at fifteen minutes, and forgets after a day', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 30; i += 1) throttle.failed('a@example.com', at(0));
    assert.equal(waitOf(throttle, 'a@example.com', at(0)), 15 * 60);
    throttle.failed('a@example.com', new Date(at(0).getTime() + 2 * 86_400_000));
    assert.equal(waitOf(throttle, 'a@example.com', new Date(at(0).getTime() + 2 * 86_400_000)), 0, 'a fresh count');
  });

  it('clears the count on the right password', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 5; i += 1) throttle.failed('a@example.com', at(0));
    throttle.succeeded('a@example.com');
    assert.equal(waitOf(throttle, 'a@example.com', at(0)), 0);
    throttle.failed('a@example.com', at(0));
    assert.equal(waitOf(throttle, 'a@example.com', at(0)), 0);
  });
});
