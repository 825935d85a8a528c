import assert from 'node:assert/strict';
import net from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Opens a connection, sends `head` and then `body` one byte every 50 ms, and reports what the
 * server answered and how many body bytes went out before it closed the connection.
 */
function trickle(port: number, head: string, body: string) {
  return new Promise<{ sent: number; answer: string }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ sent, answer });
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent === body.length) return clearInterval(timer);
        socket.write(body[sent] ?? '');
        sent += 1;
      }, 50);
    });
  });
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
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(400) }).slice(0, 400);
    const head =
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const { sent, answer } = await trickle(port, head, body);
    assert.ok(sent < body.length, `the server waited for all ${sent} bytes`);
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.match(answer, /\{"message":"The request took too long to arrive\."\}$/);
  });

  it('closes a connection whose headers trickle in', async () => {
    const { sent } = await trickle(port, 'GET /api/v1/site HTTP/1.1\r\n', `X-Slow: ${'a'.repeat(400)}\r\n\r\n`);
    assert.ok(sent < 400, `the server waited for all ${sent} bytes`);
  });

  it('still serves a request that arrives in pieces within the limit', async () => {
    const body = '{"email":"a@example.com","password":"nope"}';
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
        );
        setTimeout(() => socket.write(body.slice(10)), 200);
      });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        received += chunk;
      });
      socket.on('close', () => resolve(received));
    });
    assert.match(answer, /^HTTP\/1\.1 422 /);
  });
});
