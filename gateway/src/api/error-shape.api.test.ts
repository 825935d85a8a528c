import assert from 'node:assert/strict';
import net from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const MARKER = 'probe<script>alert(1)</script>';

/** The answer is `{ message, errors? }` and repeats nothing the client sent. */
function assertApiShape(status: number, text: string, expected: number) {
  assert.equal(status, expected, text);
  const body = JSON.parse(text);
  assert.equal(typeof body.message, 'string', text);
  for (const key of Object.keys(body)) assert.ok(['message', 'errors'].includes(key), `${key} in ${text}`);
  assert.ok(!text.includes('probe') && !text.includes('aaaaaaaa'), text);
}

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(port: number, request: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describe('errors the framework raises', () => {
  let server: TestServer;
  let token: string;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await server.register()).token;
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(async () => {
    await server.close();
  });

  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });
    return { status: response.status, text: await response.text() };
  };

  it('answers a path segment too long with 414 in the API shape', async () => {
    // A GET falls through to the web app's catch-all; no other method has one.
    const { status, text } = await send(`/api/v1/workouts/${'a'.repeat(500)}`, { method: 'DELETE' });
    assertApiShape(status, text, 414);
  });

  it('answers a malformed percent-encoding with 400 in the API shape', async () => {
    const { status, text } = await send('/api/v1/workouts/%E0%A4%A-probe', { method: 'DELETE' });
    assertApiShape(status, text, 400);
  });

  it('answers an unknown path with 404 without repeating it', async () => {
    for (const method of ['GET', 'POST']) {
      const { status, text } = await send(`/api/v1/${encodeURIComponent(MARKER)}`, { method });
      assertApiShape(status, text, 404);
    }
  });

  it('answers a body that is not JSON with 415, broken JSON with 422, a huge one with 413', async () => {
    const json = { 'content-type': 'application/json' };
    const wrongType = await send('/api/v1/workouts', {
      method: 'POST',
      headers: { 'content-type': `text/${'probe'}` },
      body: MARKER,
    });
    assertApiShape(wrongType.status, wrongType.text, 415);
    const broken = await send('/api/v1/workouts', { method: 'POST', headers: json, body: `{"probe": ${MARKER}` });
    assertApiShape(broken.status, broken.text, 422);
    const huge = await send('/api/v1/workouts', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'probe'.repeat(100_000) }),
    });
    assertApiShape(huge.status, huge.text, 413);
  });

  it('answers what the HTTP parser refuses in the API shape', async () => {
    const headers = await rawRequest(
      port,
      `GET /api/v1/site HTTP/1.1\r\nHost: x\r\nX-Probe: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    assertApiShape(headers.status, headers.body, 431);
    const malformed = await rawRequest(port, 'GET /api/v1/site probe\r\n\r\n');
    assertApiShape(malformed.status, malformed.body, 400);
  });
});
