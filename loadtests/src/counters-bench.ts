import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCounterStore } from '@fitness/stores';

/**
 * What the shared counters add to a counted request on SQLite (counters.sqlite, as the embedded
 * server and the SQLite services open it): a rate-limited route hits once, a sign-in also reads
 * and clears its account's wrong passwords. Run: `node loadtests/src/counters-bench.ts`.
 */
const OPERATIONS = 20_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'counters-bench-'));
const store = new SqliteCounterStore(path.join(dir, 'counters.sqlite'));

async function measure(label: string, operation: (i: number) => Promise<unknown>) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < OPERATIONS; i++) await operation(i);
  const micros = Number(process.hrtime.bigint() - start) / 1000 / OPERATIONS;
  console.log(`${label}: ${micros.toFixed(1)} µs per operation`);
}

try {
  await measure('hit (1000 clients)', (i) => store.hit(`rate-limit:POST /api/v1/auth/login:10.0.${i % 1000}`, 60_000));
  await measure('get', (i) => store.get(`sign-in-failures:user${i % 1000}@example.com`));
  await measure('reset', (i) => store.reset(`sign-in-failures:user${i % 1000}@example.com`));
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
