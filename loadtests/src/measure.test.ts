import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadsInFreshProcess } from './measure.ts';

describe('load from a fresh process', () => {
  let server: Server;
  let url = '';
  let requests = 0;
  let clients = new Set<string>();

  beforeAll(async () => {
    // Every third answer a refusal, so the figures show they count only what succeeded.
    server = createServer((request, response) => {
      requests++;
      clients.add(String(request.headers['x-client'] ?? ''));
      response.statusCode = requests % 3 === 0 ? 503 : 200;
      setTimeout(() => response.end('ok'), 2);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('runs each phase in turn and returns its figures', async () => {
    clients = new Set();
    const results = await loadsInFreshProcess([
      { url, headers: { 'x-client': 'a' }, connections: 2, seconds: 1 },
      { url, headers: { 'x-client': 'b' }, connections: 4, seconds: 1 },
    ]);
    assert.equal(results.length, 2);
    assert.deepEqual([...clients].sort(), ['a', 'b']);
    for (const result of results) {
      assert.ok(result.requestsPerSecond > 0, 'requests were made');
      assert.ok(result.non2xx > 0, 'refusals are counted apart');
      assert.ok(result.p50 >= 2 && result.p99 >= result.p50, `latencies as measured: ${JSON.stringify(result)}`);
      assert.equal(result.errors, 0);
    }
    assert.ok(requests > 0);
  });

  it('fails when the load process does', async () => {
    await assert.rejects(
      loadsInFreshProcess([{ url: 'not a url', connections: 1, seconds: 1 }]),
      /the load process exited with 1: .*Invalid URL/s,
    );
  });
});
