import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createToasts, DEFAULT_DURATION, ERROR_DURATION } from './toasts.ts';

/** Toasts with a hand-driven clock: timers fire only when the test says so. */
function setup() {
  const timers: { fn: () => void; ms: number }[] = [];
  const toasts = createToasts({ now: () => 1000, setTimer: (fn, ms) => timers.push({ fn, ms }) });
  return { toasts, timers };
}

describe('toasts', () => {
  it('uses 5000 ms by default and 8000 ms for errors', () => {
    const { toasts, timers } = setup();
    toasts.success('Set Added');
    toasts.warning('Careful');
    toasts.error('Server Error', 'A server error occurred. Please try again later.');
    assert.deepEqual(
      timers.map((t) => t.ms),
      [DEFAULT_DURATION, DEFAULT_DURATION, ERROR_DURATION],
    );
    assert.equal(DEFAULT_DURATION, 5000);
    assert.equal(ERROR_DURATION, 8000);
    assert.deepEqual(
      toasts.state.items.map((t) => [t.type, t.title]),
      [
        ['success', 'Set Added'],
        ['warning', 'Careful'],
        ['error', 'Server Error'],
      ],
    );
  });

  it('shows at most three at once, dropping the oldest that is not persistent', () => {
    const { toasts } = setup();
    toasts.error('Kept', 'persistent', true);
    for (const title of ['One', 'Two', 'Three']) toasts.info(title);
    assert.deepEqual(
      toasts.state.items.map((t) => t.title),
      ['Kept', 'Two', 'Three'],
    );
  });

  it('shows the same news once while it is on screen, and again after it left', () => {
    const { toasts, timers } = setup();
    const first = toasts.error('Network Error', 'Please check your internet connection and try again.');
    const second = toasts.error('Network Error', 'Please check your internet connection and try again.');
    toasts.error('Network Error', 'Another message');
    assert.equal(second, first);
    assert.deepEqual(
      toasts.state.items.map((t) => t.message),
      ['Please check your internet connection and try again.', 'Another message'],
    );
    timers[0]?.fn();
    toasts.error('Network Error', 'Please check your internet connection and try again.');
    assert.equal(toasts.state.items.length, 2, 'shown again once the first had gone');
  });

  it('dismisses itself after its duration, unless persistent', () => {
    const { toasts, timers } = setup();
    toasts.error('Stays', 'until closed', true);
    const id = toasts.success('Goes');
    assert.equal(timers.length, 1, 'a persistent toast sets no timer');
    timers[0]?.fn();
    assert.deepEqual(
      toasts.state.items.map((t) => t.title),
      ['Stays'],
    );
    assert.ok(!toasts.state.items.some((t) => t.id === id));
  });

  it('closes on demand and carries the fields of the spec', () => {
    const { toasts } = setup();
    const id = toasts.show({ title: 'Saved', message: 'Settings Saved', type: 'success', duration: 1234 });
    const [toast] = toasts.state.items;
    assert.deepEqual(toast, {
      id,
      title: 'Saved',
      message: 'Settings Saved',
      type: 'success',
      duration: 1234,
      persistent: false,
      timestamp: 1000,
    });
    toasts.dismiss(id);
    assert.deepEqual(toasts.state.items, []);
  });
});
