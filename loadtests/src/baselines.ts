import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { cpuPerRequest, load } from './measure.ts';

/**
 * What this machine can do at best, so the product's figures read as ratios: single-row
 * better-sqlite3 inserts (each its own transaction, with the event store's pragmas), and a bare
 * Fastify route in its own process (bare-server.ts).
 */
export function rawSqliteInsertsPerSecond(seconds: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-sqlite-'));
  const db = new Database(path.join(dir, 'raw.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (data) VALUES (?)');
    const payload = JSON.stringify({ reps: 5, weight: 100, restTime: 90, type: 'working' });
    const deadline = performance.now() + seconds * 1000;
    let rows = 0;
    while (performance.now() < deadline) {
      insert.run(payload);
      rows += 1;
    }
    return rows / seconds;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function bareFastifyRequestsPerSecond(connections: number, seconds: number) {
  return postToServer('bare-server.ts', connections, seconds);
}

/** The same route appending each body durably to the event store (append-server.ts). */
export function durableAppendRequestsPerSecond(connections: number, seconds: number) {
  return postToServer('append-server.ts', connections, seconds);
}

/**
 * Load on `script`'s POST /echo, the script in its own process, as the product's server runs;
 * with the CPU the server spent per request, measured as P1's.
 */
async function postToServer(script: string, connections: number, seconds: number) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [port] = (await once(child.stdout, 'data')) as [Buffer];
    const cpu = cpuPerRequest(child.pid ?? 0);
    const result = await load({
      url: `http://127.0.0.1:${String(port).trim()}/echo`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reps: 5, weight: 100 }),
      connections,
      seconds,
    });
    return { ...result, cpu: cpu(result.requests) };
  } finally {
    child.kill('SIGTERM');
  }
}
