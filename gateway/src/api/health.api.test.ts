import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** The embedded server's /health and /ready, which face the internet as the product does. */
describe('health and readiness of the embedded server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.register('Someone');
  });
  afterAll(async () => server?.close());

  it('says alive, and nothing of its internals', async () => {
    const answer = await fetch(`${server.baseUrl}/health`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const body = (await answer.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['status', 'uptime_s']);
    assert.equal(body.status, 'ok');
  });

  it('is ready once the projections have caught up, saying which checks passed and no counts', async () => {
    const ready = () => fetch(`${server.baseUrl}/ready`).then((answer) => answer.text().then(() => answer.ok));
    assert.ok(await waitUntil(ready, 10_000));
    const answer = await fetch(`${server.baseUrl}/ready`);
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), {
      status: 'ready',
      checks: { event_store: { ok: true }, read_store: { ok: true }, projections: { ok: true, behind: 0 } },
    });
  });

  it('serves the web app, not these, for paths that only start alike', async () => {
    const page = await fetch(`${server.baseUrl}/healthy-recipes`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  });
});
