import assert from 'node:assert/strict';
import { applyChanges, type DocumentChange } from '@fitness/contracts/document-changes.ts';
import { describe, it, vi } from 'vitest';
import type { ChangeNotice } from './live.ts';
import { type LiveResourceOptions, liveResource } from './live-resource.ts';

/** A promise the test settles by hand, to make answers arrive in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fetch whose answers the test gives, one per call, counting the calls and those at once. */
function scriptedFetch<T>() {
  const calls: ReturnType<typeof deferred<T>>[] = [];
  let running = 0;
  let overlapped = false;
  return {
    calls,
    overlapped: () => overlapped,
    fetch: () => {
      const call = deferred<T>();
      calls.push(call);
      running += 1;
      if (running > 1) overlapped = true;
      return call.promise.finally(() => {
        running -= 1;
      });
    },
  };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

type Workout = { id: string; sets: { id: string; reps: number }[] } & Record<string, unknown>;

const notice = (extra: Partial<ChangeNotice> = {}): ChangeNotice => ({
  model: 'workouts',
  id: 'w1',
  userId: 'u1',
  op: 'upsert',
  position: 1,
  correlationId: null,
  ...extra,
});
const setLogged = (id: string, reps: number): DocumentChange[] => [{ op: 'push', path: ['sets'], value: { id, reps } }];

/** A workout kept by a live resource, read from a scripted server; `answered` as the resource's option. */
function workoutResource(answered?: LiveResourceOptions<Workout>['answered']) {
  const server = scriptedFetch<Workout>();
  const state: { workout: Workout | null } = { workout: null };
  const resource = liveResource({
    what: 'a test',
    fetch: server.fetch,
    take: (workout) => (state.workout = workout),
    answered,
  });
  return { server, state, resource };
}

describe('live resource', () => {
  it('takes only the newest load, whatever order the answers arrive in', async () => {
    const server = scriptedFetch<string>();
    const state = { failed: false, loading: false, shown: '' };
    const resource = liveResource({
      what: 'a test',
      fetch: server.fetch,
      take: (value) => (state.shown = value),
      status: state,
    });
    const older = resource.load();
    const newer = resource.load();
    assert.equal(state.loading, true);
    server.calls[1]?.resolve('new');
    await newer;
    assert.equal(state.loading, false);
    server.calls[0]?.resolve('old');
    await older;
    assert.equal(state.shown, 'new');
  });

  it('reports a failure only for the newest load, and still throws it', async () => {
    const server = scriptedFetch<string>();
    const state = { failed: false };
    const resource = liveResource({ what: 'a test', fetch: server.fetch, take: () => {}, status: state });
    const stale = resource.load();
    const fine = resource.load();
    server.calls[1]?.resolve('fine');
    await fine;
    server.calls[0]?.reject(new Error('slow and broken'));
    await assert.rejects(stale, /slow and broken/);
    assert.equal(state.failed, false);
    const failing = resource.load();
    server.calls[2]?.reject(new Error('down'));
    await assert.rejects(failing, /down/);
    assert.equal(state.failed, true);
  });

  it('takes nothing that was under way when cleared, nor runs a reload asked for before', async () => {
    const server = scriptedFetch<string>();
    const state = { shown: 'nothing' };
    const resource = liveResource({ what: 'a test', fetch: server.fetch, take: (value) => (state.shown = value) });
    const running = resource.load();
    const queued = resource.reload();
    resource.clear();
    server.calls[0]?.resolve('previous user');
    await Promise.all([running, queued]);
    assert.equal(state.shown, 'nothing');
    assert.equal(server.calls.length, 1, 'no reload for the previous user');
  });

  it('runs a burst of reloads as the running load plus one more, never two at once', async () => {
    const server = scriptedFetch<number>();
    const taken: number[] = [];
    const resource = liveResource({ what: 'a test', fetch: server.fetch, take: (value) => taken.push(value) });
    const first = resource.reload();
    const burst = Array.from({ length: 10 }, () => resource.reload());
    assert.equal(server.calls.length, 1, 'never two at once');
    assert.equal(new Set(burst).size, 1, 'asked for together, run together');
    server.calls[0]?.resolve(1);
    await first;
    await settle();
    assert.equal(server.calls.length, 2, 'one more run for those asked for meanwhile');
    server.calls[1]?.resolve(2);
    await Promise.all(burst);
    assert.deepEqual(taken, [1, 2], 'each answer taken, in the order asked');
    assert.equal(server.overlapped(), false);
  });

  it('takes what a reload reads only when it differs from the answer last taken; a load always', async () => {
    const server = scriptedFetch<{ count: number }>();
    const taken: number[] = [];
    const resource = liveResource({ what: 'a test', fetch: server.fetch, take: ({ count }) => taken.push(count) });
    const answer = async (run: Promise<void>, count: number) => {
      server.calls.at(-1)?.resolve({ count });
      await run;
    };
    await answer(resource.load(), 1);
    await answer(resource.reload(), 1);
    assert.deepEqual(taken, [1], 'a reconnect that reads what is shown re-renders nothing');
    await answer(resource.reload(), 2);
    await answer(resource.load(), 2);
    resource.clear();
    await answer(resource.reload(), 2);
    assert.deepEqual(taken, [1, 2, 2, 2], 'a change, a load, and the first answer after a sign-out are taken');
  });

  it('gives a failure to its own caller and still runs the next reload', async () => {
    const server = scriptedFetch<number>();
    const resource = liveResource({ what: 'a test', fetch: server.fetch, take: () => {} });
    const failing = resource.reload();
    const next = resource.reload();
    server.calls[0]?.reject(new Error('offline'));
    await assert.rejects(failing, /offline/);
    await settle();
    server.calls[1]?.resolve(1);
    await next;
    assert.equal(server.calls.length, 2);
  });

  it('keeps the gap between reloads, and a reload asked for before a new load is answered by it', async () => {
    // Fake timers: the gap is waited out on a clock the test moves, to the millisecond.
    vi.useFakeTimers();
    try {
      let starts = 0;
      const resource = liveResource({
        what: 'a test',
        fetch: async () => {
          starts += 1;
        },
        take: () => {},
        gapMs: 50,
      });
      await resource.reload();
      const second = resource.reload();
      await vi.advanceTimersByTimeAsync(49);
      assert.equal(starts, 1, 'the second reload waits out the gap');
      await vi.advanceTimersByTimeAsync(1);
      await second;
      assert.equal(starts, 2, 'and starts once it is over');
    } finally {
      vi.useRealTimers();
    }

    const server = scriptedFetch<number>();
    const answered = liveResource({ what: 'a test', fetch: server.fetch, take: () => {} });
    const running = answered.reload();
    const queued = answered.reload();
    const fresh = answered.load();
    server.calls[0]?.resolve(1);
    await running;
    server.calls[1]?.resolve(2);
    await fresh;
    await settle();
    assert.equal(server.calls.length, 2, 'the new load read what the reload was asked for');
    await queued;
  });

  it('loads when the first screen shows it, and follows notices only while one does', async () => {
    const { server, resource } = workoutResource();
    const hide = resource.show();
    const hideToo = resource.show();
    assert.equal(server.calls.length, 1, 'the first screen loads it');
    server.calls[0]?.resolve({ id: 'w1', sets: [] });
    await settle();
    hide();
    hide();
    assert.equal(resource.shown, true, 'a hide counts once');
    hideToo();
    assert.equal(resource.shown, false);
    await resource.follow(notice());
    await resource.refresh();
    assert.equal(server.calls.length, 1, 'nothing shown, nothing read');
  });

  it('applies pushed changes without reading, and again on top of a load that was under way', async () => {
    const { server, state, resource } = workoutResource();
    const patch = (pushed: ChangeNotice) => {
      if (!state.workout || !pushed.changes) return false;
      state.workout = applyChanges(state.workout, pushed.changes);
      return true;
    };
    resource.show();
    // Two sets pushed while the first load is under way; its answer was read after the first only.
    await resource.follow(notice({ changes: setLogged('s1', 5) }), patch);
    await resource.follow(notice({ changes: setLogged('s2', 6) }), patch);
    server.calls[0]?.resolve({ id: 'w1', sets: [{ id: 's1', reps: 5 }] });
    await settle();
    assert.deepEqual(state.workout?.sets, [
      { id: 's1', reps: 5 },
      { id: 's2', reps: 6 },
    ]);
    await resource.follow(notice({ changes: setLogged('s3', 7) }), patch);
    assert.equal(state.workout?.sets.length, 3);
    assert.equal(server.calls.length, 1, 'no read for a pushed change');
  });

  it('reads again for a notice without a change, or one whose document it does not hold', async () => {
    const { server, resource } = workoutResource((correlationId) => correlationId === 'mine');
    const patch = () => false;
    resource.show();
    server.calls[0]?.resolve({ id: 'w1', sets: [] });
    await settle();
    const reading = resource.follow(notice({ changes: setLogged('s1', 5) }), patch);
    assert.equal(server.calls.length, 2, 'not held: read again');
    server.calls[1]?.resolve({ id: 'w1', sets: [{ id: 's1', reps: 5 }] });
    await reading;
    await resource.follow(notice({ correlationId: 'mine' }));
    assert.equal(server.calls.length, 2, "this tab's own write, whose answer it holds, is not read again");
    const again = resource.follow(notice({ correlationId: 'theirs' }));
    assert.equal(server.calls.length, 3, "another device's change without its content is read");
    server.calls[2]?.resolve({ id: 'w1', sets: [] });
    await again;
  });

  it("applies a write's answer again on top of a load that was read before it", async () => {
    const { server, state, resource } = workoutResource();
    const refreshing = resource.reload();
    resource.apply(() => {
      if (state.workout) state.workout = applyChanges(state.workout, setLogged('s9', 3));
    });
    server.calls[0]?.resolve({ id: 'w1', sets: [] });
    await refreshing;
    assert.deepEqual(state.workout?.sets, [{ id: 's9', reps: 3 }]);
  });
});
