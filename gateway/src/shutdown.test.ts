import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './testing/server-process.ts';

/** A raw connection to the server, and a promise of its end. */
async function connect(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { socket, closed };
}

describe('shutting down (SIGTERM)', () => {
  let server: ServerProcess | null = null;
  let dataDir = '';

  // Started apart from the test, with room for a busy machine: a CI run under load spent the
  // test's 30 s starting the process. The test's timeout bounds the shutdown alone.
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
    server = await startServerProcess(dataDir);
  }, 120_000);

  afterEach(async () => {
    await server?.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Node counts such connections as busy until their headers timeout (a minute), and waited for
  // them: the process outlived the 10 s `docker stop` gives before it kills. The test's own
  // timeout is what fails it then.
  it('ends with 0 although a connection sent nothing and another stalled mid-request', {
    timeout: 30_000,
  }, async () => {
    assert.ok(server, 'the server started');
    const preconnect = await connect(server.baseUrl);
    const stalled = await connect(server.baseUrl);
    stalled.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n');
    const answered = await fetch(`${server.baseUrl}/health`);
    assert.equal(answered.status, 200, 'the server answers meanwhile');

    const exit = await server.kill('SIGTERM');
    assert.deepEqual(exit, { code: 0, signal: null });
    await Promise.all([preconnect.closed, stalled.closed]);
  });
});
