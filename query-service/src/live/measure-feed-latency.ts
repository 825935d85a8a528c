import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChangeNotice } from '@fitness/contracts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { SqliteReadStore } from '@fitness/stores';
import { ReadStoreChangeFeed } from './read-store-change-feed.ts';

/**
 * Idle push latency of the change feed on SQLite, as the distributed deployment has it: another
 * process (here a child standing in for the projections process) commits one notice at a time,
 * with a pause between, and this process's feed, made as the query service makes it, hears it.
 * Prints the delay from the end of each commit to the notice's arrival, in milliseconds.
 *
 *   node query-service/src/live/measure-feed-latency.ts [samples=60] [poll]
 *
 * `poll` hides the store's commit hints (the write-ahead log watch), so the feed polls every
 * 50 ms as it did before it had them: the figures to compare with.
 */
const now = () => performance.timeOrigin + performance.now();

if (process.argv[2] === 'writer') {
  const writer = new SqliteReadStore(process.argv[3] ?? '');
  process.on('message', async (sequence: number) => {
    const notice: ChangeNotice = {
      model: 'workouts',
      id: String(sequence),
      userId: 'u1',
      op: 'upsert',
      position: sequence,
      correlationId: null,
    };
    await writer.commit({ checkpoints: { workouts: sequence }, writes: [], notices: [notice] });
    process.send?.({ sequence, committedAt: now() });
  });
  process.send?.('ready');
} else {
  const samples = Number(process.argv[2] ?? 60);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'feed-latency-'));
  const file = path.join(dir, 'read.sqlite');
  const reader = new SqliteReadStore(file);
  const pollOnly = process.argv[3] === 'poll';
  const store = pollOnly
    ? Object.assign(Object.create(reader) as SqliteReadStore, { watchCommits: undefined })
    : reader;
  const feed = new ReadStoreChangeFeed(store, { logger: silentLogger });
  const heardAt = new Map<string, number>();
  feed.onChange((notice) => heardAt.set(notice.id, now()));
  await feed.start();
  const child = fork(fileURLToPath(import.meta.url), ['writer', file], { stdio: 'inherit' });
  const messages: unknown[] = [];
  let wake: (() => void) | null = null;
  child.on('message', (message) => {
    messages.push(message);
    wake?.();
  });
  const nextMessage = async () => {
    while (messages.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return messages.shift();
  };
  await nextMessage(); // ready
  const delays: number[] = [];
  for (let sequence = 1; sequence <= samples; sequence++) {
    // Idle between commits, as a feed mostly is: the reader has gone back to waiting.
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 150));
    child.send(sequence);
    const { committedAt } = (await nextMessage()) as { committedAt: number };
    while (!heardAt.has(String(sequence))) await new Promise((resolve) => setTimeout(resolve, 1));
    delays.push((heardAt.get(String(sequence)) ?? 0) - committedAt);
  }
  child.kill();
  await feed.stop();
  await reader.close();
  rmSync(dir, { recursive: true, force: true });
  const sorted = delays.sort((a, b) => a - b);
  const at = (p: number) => (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);
  console.log(
    `${pollOnly ? 'polling only' : 'woken by the WAL watch'}, ${samples} idle commits: ` +
      `median ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
}
