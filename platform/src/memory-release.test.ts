import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { collectPooledPages, releaseMemoryAfterBursts } from './memory-release.ts';

const QUIET_MS = 40;

function counting() {
  const released: number[] = [];
  const memory = releaseMemoryAfterBursts({
    minimumWork: 100,
    quietMs: QUIET_MS,
    release: () => {
      released.push(Date.now());
      return { rssBeforeMb: 2, rssAfterMb: 1, pauseMs: 0 };
    },
  });
  return { memory, released };
}

/** Timers under the test's control: quiet time passes exactly as told, however busy the machine. */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('memory release after bursts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('releases nothing after less work than a burst', async () => {
    const { memory, released } = counting();
    memory.note(60);
    memory.note(39);
    await sleep(QUIET_MS * 3);
    assert.deepEqual(released, []);
  });

  it('releases once, after the work has gone quiet, and counts anew from there', async () => {
    const { memory, released } = counting();
    memory.note(60);
    memory.note(60);
    let lastNote = Date.now();
    // Work still arriving keeps pushing the release back.
    for (let i = 0; i < 5; i++) {
      await sleep(QUIET_MS / 2);
      memory.note(1);
      lastNote = Date.now();
    }
    assert.deepEqual(released, [], 'not while work goes on');
    await sleep(QUIET_MS * 3);
    assert.equal(released.length, 1);
    assert.equal((released[0] ?? 0) - lastNote, QUIET_MS, 'a quiet period after the last note');

    memory.note(50);
    await sleep(QUIET_MS * 3);
    assert.equal(released.length, 1, 'the next burst starts from nothing');
    memory.stop();
  });

  it('tells what a release returned', async () => {
    const outcomes: unknown[] = [];
    const memory = releaseMemoryAfterBursts({
      minimumWork: 1,
      quietMs: 1,
      release: () => ({ rssBeforeMb: 300, rssAfterMb: 160, pauseMs: 90 }),
      onReleased: (outcome) => outcomes.push(outcome),
    });
    memory.note(1);
    await sleep(30);
    assert.deepEqual(outcomes, [{ rssBeforeMb: 300, rssAfterMb: 160, pauseMs: 90 }]);
  });

  it('releases nothing once stopped', async () => {
    const { memory, released } = counting();
    memory.note(500);
    memory.stop();
    await sleep(QUIET_MS * 3);
    assert.deepEqual(released, []);
  });

  it('does nothing in a process started without --expose-gc', () => {
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'the test runner exposes no gc');
    assert.equal(collectPooledPages(), null);
  });

  it('gives the pages a burst freed back to the system, in a process started with --expose-gc', () => {
    // A burst of garbage well past V8's young generation, then the release: V8 pooled the
    // freed pages (resident, not in the heap) and the memory-reducing collection returns them.
    const script = `
      import { collectPooledPages } from ${JSON.stringify(new URL('./memory-release.ts', import.meta.url).href)};
      let kept = [];
      for (let round = 0; round < 150; round++) {
        const chunk = [];
        for (let i = 0; i < 5000; i++) chunk.push({ text: 'x'.repeat(40) + i, list: [i, { i }] });
        kept.push(chunk);
        if (kept.length > 30) kept.shift();
      }
      kept = [];
      console.log(JSON.stringify(collectPooledPages()));
    `;
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--max-semi-space-size=8', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    const outcome = JSON.parse(output) as { rssBeforeMb: number; rssAfterMb: number; pauseMs: number };
    assert.ok(
      outcome.rssBeforeMb - outcome.rssAfterMb > 50,
      `resident ${outcome.rssBeforeMb} → ${outcome.rssAfterMb} MB`,
    );
  });
});
