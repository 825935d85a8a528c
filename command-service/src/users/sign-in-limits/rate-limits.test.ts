import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCounterStore } from '@fitness/stores';
import Fastify from 'fastify';
import { afterAll, describe, it } from 'vitest';
import { registerAccountRateLimits } from './rate-limits.ts';

/** A command service instance reduced to two limited routes, counting in the counters at `file`. */
async function instance(file: string) {
  const app = Fastify();
  const counters = new SqliteCounterStore(file);
  app.addHook('onClose', async () => counters.close());
  await registerAccountRateLimits(app, counters);
  const limited = { rateLimit: { max: 3, timeWindow: '1 minute' } };
  app.post('/auth/login', { config: limited }, async () => ({ ok: true }));
  app.post('/password/forgot', { config: limited }, async () => ({ ok: true }));
  return app;
}

describe('account rate limits', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rate-limits-')), 'counters.sqlite');
  const apps: Awaited<ReturnType<typeof instance>>[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('counts one client across the instances that share the counters, each route on its own', async () => {
    const first = await instance(file);
    const second = await instance(file);
    apps.push(first, second);
    const post = (app: typeof first, url: string, ip = '203.0.113.7') =>
      app.inject({ method: 'POST', url, remoteAddress: ip });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post(i % 2 ? first : second, '/auth/login')).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);

    const refused = await post(first, '/auth/login');
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json().message, /^Too many attempts\. Please try again in \d+ seconds\.$/);
    assert.equal(refused.headers['x-ratelimit-limit'], '3');
    assert.ok(Number(refused.headers['retry-after']) > 0);

    assert.equal((await post(second, '/password/forgot')).statusCode, 200, 'another route counts on its own');
    assert.equal((await post(second, '/auth/login', '203.0.113.8')).statusCode, 200, 'another client too');
  });
});
