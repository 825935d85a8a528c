import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { readConfig } from './config.ts';
import { Unauthenticated } from './errors.ts';
import { createHttpApp, SLOW_REQUEST_MS } from './http-app.ts';

/** An app whose log lines are kept, with one quick route and one slow one. */
async function appLoggingAt(level: string) {
  const lines: { msg: string; level: number; url?: string }[] = [];
  const app = createHttpApp({
    config: { ...readConfig({}), logLevel: level },
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  app.get('/quick', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('says nothing per request at info, but names a slow one', async () => {
    const { app, lines } = await appLoggingAt('info');
    for (let i = 0; i < 3; i++) assert.equal((await app.inject({ url: '/quick' })).statusCode, 200);
    assert.deepEqual(lines, []);
    await app.inject({ url: '/slow' });
    assert.deepEqual(
      lines.map(({ msg, url }) => ({ msg, url })),
      [{ msg: 'slow request', url: '/slow' }],
    );
    await app.close();
  });

  it('logs each answered request at debug', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ url: '/quick' });
    assert.deepEqual(
      lines.filter((line) => line.msg === 'request answered').map((line) => line.url),
      ['/quick'],
    );
    await app.close();
  });
});

describe('request ids', () => {
  it('answers each request with its id, the caller’s own when it is a plain token, refusals too', async () => {
    const app = createHttpApp({ config: readConfig({}), logger: false });
    app.get('/refused', async () => {
      throw new Unauthenticated();
    });
    await app.ready();
    const supplied = await app.inject({ url: '/refused', headers: { 'x-request-id': 'trace-42' } });
    assert.equal(supplied.statusCode, 401);
    assert.equal(supplied.headers['x-request-id'], 'trace-42');
    const unknown = await app.inject({ url: '/nowhere', headers: { 'x-request-id': 'not a token!' } });
    assert.equal(unknown.statusCode, 404);
    assert.match(String(unknown.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    await app.close();
  });
});
