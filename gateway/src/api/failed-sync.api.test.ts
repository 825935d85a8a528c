import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectLive, type LiveClient, waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Issue 31: no event reaches a projection or a socket before its commit is durable. The event
 * log's sync to disk is made to fail, as a failing disk's would (fault injection through the
 * store's `syncFile`: everything else is the real embedded server).
 */
describe('a failed sync of the event log', () => {
  let server: TestServer;
  let failing = false;
  let phone: LiveClient;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        syncEventLog: (fd, callback) =>
          failing
            ? setImmediate(callback, Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }))
            : fs.fdatasync(fd, callback),
      },
    );
  });
  afterAll(async () => {
    phone?.socket.disconnect();
    await server.close();
  });

  it('answers the command 503 and pushes nothing of it, and refuses writes until a restart', async () => {
    const alice = await server.register('Alice');
    phone = await connectLive(server.baseUrl, alice.token);
    // The live channel works: a workout created before the failure reaches the phone.
    const before = await server.api('POST', '/workouts', { token: alice.token, body: { name: 'Before' } });
    assert.equal(before.status, 201);
    assert.ok(await waitUntil(() => phone.received.some((push) => push.notice.id === before.body.id)));
    const durable = Number(before.headers.get('x-event-position'));

    failing = true;
    const refused = await server.api('POST', '/workouts', { token: alice.token, body: { name: 'Refused' } });
    assert.equal(refused.status, 503);
    assert.deepEqual(Object.keys(refused.body), ['message']);
    assert.match(refused.body.message, /could not be saved/);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);

    // The refused command's events are out of the log (read by a connection of our own), so
    // no reader, now or after a restart, can project or push them.
    const log = new Database(path.join(server.dataDir, 'events.sqlite'), { readonly: true });
    try {
      const refusedEvents = log
        .prepare("SELECT count(*) AS n FROM events WHERE position > ? OR data LIKE '%Refused%'")
        .get(durable) as { n: number };
      assert.equal(refusedEvents.n, 0);
    } finally {
      log.close();
    }
    assert.ok(phone.received.every((push) => push.notice.position <= durable));

    // Every later write is refused at once, even with the disk back, and /ready says why.
    failing = false;
    const later = await server.api('POST', '/workouts', { token: alice.token, body: { name: 'Later' } });
    assert.equal(later.status, 503);
    assert.equal((await fetch(`${server.baseUrl}/ready`)).status, 503);
  });
});
