import assert from 'node:assert/strict';
import net from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** Opens a connection, lets `send` write to it, and gives back everything the server answered before it closed. */
function exchange(port: number, send: (socket: net.Socket) => void) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => send(socket));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
}

/**
 * Sends `head` and then `body` one byte every 50 ms, and reports what the server answered and
 * how many body bytes went out before it closed the connection.
 */
async function trickle(port: number, head: string, body: string) {
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const answer = await exchange(port, (socket) => {
    socket.write(head);
    timer = setInterval(() => {
      if (sent === body.length || socket.destroyed) return clearInterval(timer);
      socket.write(body[sent] ?? '');
      sent += 1;
    }, 50);
  });
  clearInterval(timer);
  return { sent, answer };
}

/** A sign-in body of `bytes` bytes, trickled in a byte every 50 ms. */
async function trickleSignIn(port: number, bytes: number) {
  const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(bytes) }).slice(0, bytes);
  const head =
    'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${body.length}\r\n\r\n`;
  return { ...(await trickle(port, head, body)), length: body.length };
}

/** The server cut the trickle off before its end, answering 408 in the API's error shape. */
function assertCutOff({ sent, length, answer }: { sent: number; length: number; answer: string }) {
  assert.ok(sent < length, `the server waited for all ${sent} bytes`);
  assert.match(answer, /^HTTP\/1\.1 408 /);
  assert.match(answer, /\{"message":"The request took too long to arrive\."\}$/);
}

describe('slow requests', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ REQUEST_TIMEOUT_MS: '1000' });
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(async () => {
    await server.close();
  });

  it('closes a connection whose body trickles in past the request timeout, answering 408', async () => {
    // 400 bytes at one per 50 ms would take 20 s; the server gives the whole request 1 s.
    assertCutOff(await trickleSignIn(port, 400));
  });

  it('closes a connection whose headers trickle in', async () => {
    const { sent } = await trickle(port, 'GET /api/v1/site HTTP/1.1\r\n', `X-Slow: ${'a'.repeat(400)}\r\n\r\n`);
    assert.ok(sent < 400, `the server waited for all ${sent} bytes`);
  });

  it('still serves a request that arrives in pieces within the limit', async () => {
    const body = '{"email":"a@example.com","password":"nope"}';
    const answer = await exchange(port, (socket) => {
      // The rest once the first piece has left: two writes, not one, whatever the timing.
      socket.write(
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
        () => socket.write(body.slice(10)),
      );
    });
    assert.match(answer, /^HTTP\/1\.1 422 /);
  });
});

describe('slow bodies, given time by their size', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ BODY_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '60000' });
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(async () => {
    await server.close();
  });

  it('cuts off a small body trickled in, answering 408, long before the request timeout', async () => {
    // 240 bytes at one per 50 ms: 12 s for the whole body, within the 60 s request timeout.
    assertCutOff(await trickleSignIn(port, 240));
  });

  it('gives a larger body time by its size', async () => {
    const { token } = await server.register('Importer');
    // 256 KB announced: a second per 32 KB beyond the 300 ms base. Sent in four parts, 150 ms apart.
    const csv = `Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n${'x'.repeat(256 * 1024)}`;
    const answer = await exchange(port, (socket) => {
      socket.write(
        'POST /api/v1/imports/workouts HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\n' +
          `Authorization: Bearer ${token}\r\n` +
          `Connection: close\r\nContent-Length: ${csv.length}\r\n\r\n`,
      );
      const part = Math.ceil(csv.length / 4);
      for (let i = 0; i < 4; i++) setTimeout(() => socket.write(csv.slice(i * part, (i + 1) * part)), 150 * i);
    });
    assert.match(answer, /^HTTP\/1\.1 422 /, 'read whole, then refused as no export it knows');
  });
});
