import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends a strict CSP with the hash of the inline theme script on the web app', async () => {
    const response = await fetch(`${server.baseUrl}/dashboard`);
    const page = await response.text();
    const inline = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
    assert.ok(inline, 'the page has its inline theme script');
    const hash = createHash('sha256').update(inline).digest('base64');
    const directives = new Map(
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );
    assert.deepEqual(directives.get('script-src'), ["'self'", `'sha256-${hash}'`]);
    assert.deepEqual(directives.get('default-src'), ["'self'"]);
    assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(directives.get('object-src'), ["'none'"]);
    assert.ok(directives.get('connect-src')?.includes("'self'"));
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(response.headers.get('strict-transport-security'), null, 'no HSTS over plain http');
  });

  it('sends them on API answers and errors too', async () => {
    for (const response of [
      await fetch(`${server.baseUrl}/api/v1/auth/me`),
      await fetch(`${server.baseUrl}/api/v1/site`),
      await fetch(`${server.baseUrl}/api/v1/nowhere`),
    ]) {
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', response.url);
      assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, response.url);
    }
  });

  it('asks for HSTS when the app is reached over https', async () => {
    const https = await startTestServer({ APP_URL: 'https://fitness.example.com' });
    try {
      const response = await fetch(`${https.baseUrl}/api/v1/site`);
      assert.equal(response.headers.get('strict-transport-security'), 'max-age=31536000');
      assert.match(
        response.headers.get('content-security-policy') ?? '',
        /connect-src 'self' wss:\/\/fitness\.example\.com/,
      );
    } finally {
      await https.close();
    }
  });
});
