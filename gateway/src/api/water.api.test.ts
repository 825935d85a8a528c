import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServerWithUser, type TestServer } from '../testing/test-server.ts';

describe('water API', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await startTestServerWithUser());
  });
  afterAll(() => server.close());

  it('logs and removes water against a target', async () => {
    const first = await server.api('POST', '/water/2026-11-21', { token, body: { ml: 250 } });
    assert.equal(first.status, 201);
    const second = await server.api('POST', '/water/2026-11-21', { token, body: { ml: 500 } });
    const day = await server.api('GET', '/water/2026-11-21', {
      token,
      headers: { 'x-min-position': second.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(day.body.total_ml, 750);
    assert.equal(day.body.target_ml, 2500);
    const removed = await server.api('DELETE', `/water/2026-11-21/${first.body.id}`, { token });
    const after = await server.api('GET', '/water/2026-11-21', {
      token,
      headers: { 'x-min-position': removed.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(after.body.total_ml, 500);
    assert.equal((await server.api('POST', '/water/2026-11-21', { token, body: { ml: 0 } })).status, 422);
    assert.equal((await server.api('POST', '/water/not-a-day', { token, body: { ml: 100 } })).status, 422);
  });
});
