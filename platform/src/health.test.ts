import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { anEvent, uniqueStream } from '@fitness/stores/testing/events.ts';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { registerHealthRoutes, storeChecks, upstreamChecks } from './health.ts';

describe('health and readiness', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let clock = 0;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'health-'));
    eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    clock = 1_000_000;
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function appWith(checks: Parameters<typeof registerHealthRoutes>[1]) {
    const app = Fastify();
    registerHealthRoutes(app, checks, () => ({ role: 'test' }));
    await app.ready();
    return app;
  }

  const checksOver = () =>
    storeChecks({ eventStore, readStore }, { projectionNames: ['a', 'b'], maxLagSeconds: 10, now: () => clock });

  async function append(count: number) {
    let position = 0;
    for (let i = 0; i < count; i++) {
      position = (await eventStore.appendToStream(uniqueStream(), [anEvent()], 'any')).position;
    }
    return position;
  }

  const catchUp = (name: string, position: number) =>
    readStore.commit({ checkpoints: { [name]: position }, writes: [], notices: [] });

  it('says alive with what the process adds, uncached', async () => {
    const app = await appWith({});
    const answer = await app.inject({ url: '/health' });
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.json().status, 'ok');
    assert.equal(answer.json().role, 'test');
    assert.equal(answer.headers['cache-control'], 'no-store');
  });

  it('is ready on an empty log, and not while a projection has not reached the head', async () => {
    const app = await appWith(checksOver());
    assert.equal((await app.inject({ url: '/ready' })).statusCode, 200, 'nothing to catch up with');

    const head = await append(3);
    await catchUp('a', head);
    const behind = await app.inject({ url: '/ready' });
    assert.equal(behind.statusCode, 503);
    assert.equal(behind.json().status, 'not_ready');
    assert.equal(behind.json().checks.event_store.ok, true);
    assert.match(behind.json().checks.projections.error, /\bb\b/);
    assert.doesNotMatch(behind.json().checks.projections.error, /\ba\b/);

    await catchUp('b', head);
    const ready = await app.inject({ url: '/ready' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json().checks, {
      event_store: { ok: true },
      read_store: { ok: true },
      projections: { ok: true, behind: 0 },
    });
  });

  it('lets projections trail a busy log by the bound, but no further', async () => {
    const app = await appWith(checksOver());
    const first = await append(2);
    await catchUp('a', first);
    await catchUp('b', first);
    assert.equal((await app.inject({ url: '/ready' })).statusCode, 200);

    // The log moves on; 5 s later the projections are still at the head of 5 s ago: within 10 s.
    await append(2);
    clock += 5_000;
    assert.equal((await app.inject({ url: '/ready' })).statusCode, 503, 'no head old enough yet: must be at the head');
    clock += 6_000;
    assert.equal((await app.inject({ url: '/ready' })).statusCode, 200, 'at the head of 11 s ago: within the bound');

    // Asked a thousand times within a second (one sample kept), it judges as before.
    for (let i = 0; i < 1000; i++) await app.inject({ url: '/ready' });
    assert.equal((await app.inject({ url: '/ready' })).statusCode, 200);

    // Still stuck 11 s after the head they trail was seen: out of bounds.
    clock += 11_000;
    const stuck = await app.inject({ url: '/ready' });
    assert.equal(stuck.statusCode, 503);
    assert.match(stuck.json().checks.projections.error, /more than 10 s: a, b/);
  });

  it('counts a check that hangs as failed, and a closed store as not ready', async () => {
    const app = await appWith({ hangs: () => new Promise(() => {}), fine: async () => ({}) });
    const answer = await app.inject({ url: '/ready' });
    assert.equal(answer.statusCode, 503);
    assert.match(answer.json().checks.hangs.error, /no answer within/);
    assert.equal(answer.json().checks.fine.ok, true);

    const storesApp = await appWith(checksOver());
    await readStore.close();
    const closed = await storesApp.inject({ url: '/ready' });
    assert.equal(closed.statusCode, 503);
    assert.equal(closed.json().checks.read_store.ok, false);
    readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  });

  it('asks the services behind a gateway, and is not ready when one is not', async () => {
    let answer = 200;
    const service = http.createServer((request, response) => {
      response.writeHead(request.url === '/ready' ? answer : 404).end('{}');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const address = service.address();
    assert.ok(address && typeof address === 'object');
    const app = await appWith(
      upstreamChecks({ up: `http://127.0.0.1:${address.port}`, gone: 'http://127.0.0.1:1' }, { cacheMs: 0 }),
    );
    const first = (await app.inject({ url: '/ready' })).json();
    assert.equal(first.checks.up.ok, true);
    assert.equal(first.checks.gone.ok, false);
    answer = 503;
    const second = (await app.inject({ url: '/ready' })).json();
    assert.equal(second.checks.up.ok, false);
    assert.match(second.checks.up.error, /503/);

    // Replicas: ready while one of them is.
    answer = 200;
    const replicas = await appWith(
      upstreamChecks({ queries: [`http://127.0.0.1:${address.port}`, 'http://127.0.0.1:1'] }, { cacheMs: 0 }),
    );
    const some = (await replicas.inject({ url: '/ready' })).json();
    assert.deepEqual(some.checks.queries, { ok: true, ready: 1, of: 2 });
    answer = 503;
    assert.equal((await replicas.inject({ url: '/ready' })).statusCode, 503, 'none of them ready');

    // Facing the internet: a burst of /ready asks each service once a second at most.
    let asked = 0;
    service.on('request', () => {
      asked += 1;
    });
    const cached = await appWith(upstreamChecks({ up: `http://127.0.0.1:${address.port}` }, { cacheMs: 60_000 }));
    await Promise.all(Array.from({ length: 10 }, () => cached.inject({ url: '/ready' })));
    assert.equal(asked, 1);
    service.close();
  });
});
