import assert from 'node:assert/strict';
import net from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

type Account = Awaited<ReturnType<TestServer['register']>>;

/** A JSON object of the given fields plus `count` keys no schema knows. */
function withUnknownKeys(fields: Record<string, unknown>, count: number) {
  const body: Record<string, unknown> = { ...fields };
  for (let i = 0; i < count; i++) body[`k${i}`] = 1;
  return JSON.stringify(body);
}

describe('hostile bodies: bounded in size and shape before any validation', () => {
  let server: TestServer;
  let user: Account;
  beforeAll(async () => {
    server = await startTestServer();
    user = await server.register('Bounded');
  });
  afterAll(async () => {
    await server.close();
  });

  const raw = (url: string, text: string, token?: string) =>
    fetch(`${server.baseUrl}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: text,
    });

  it('refuses the attack body, 31,000 unknown keys in 330 KB, on sign-in by its size, answering a few bytes', async () => {
    const body = withUnknownKeys({ email: 'a@example.com', password: 'x' }, 31_000);
    assert.ok(body.length > 300_000);
    const answer = await raw('/auth/login', body);
    const text = await answer.text();
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(text), { message: 'The request body is too large.' });
  });

  it('gives the sign-in routes a small body limit, the others a larger one', async () => {
    const padding = 'x'.repeat(10_000);
    const login = await raw('/auth/login', JSON.stringify({ email: 'a@example.com', password: padding }));
    assert.equal(login.status, 413);
    const exercise = await raw('/exercises', JSON.stringify({ name: padding }), user.token);
    assert.equal(exercise.status, 422, 'read and validated');
  });

  it('refuses a body within the size limit but of thousands of values before parsing it (413)', async () => {
    const keys = withUnknownKeys({ name: 'Row' }, 4_900);
    const items = JSON.stringify({ name: 'Row', instructions: Array(5_000).fill(1) });
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    for (const body of [keys, items, deep]) {
      assert.ok(body.length < 64 * 1024);
      const answer = await raw('/exercises', body, user.token);
      const text = await answer.text();
      assert.equal(answer.status, 413, body.slice(0, 40));
      assert.match(JSON.parse(text).message, /too many values \(at most 200\) or levels \(at most 16\)/);
    }
  });

  it('keeps the connection of a body refused for its shape, which was read whole', async () => {
    const body = withUnknownKeys({ name: 'Row' }, 500);
    const port = Number(new URL(server.baseUrl).port);
    const answers = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${body.length}\r\n\r\n${body}` +
            'GET /api/v1/site HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
        );
      });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        received += chunk;
      });
      socket.on('close', () => resolve(received));
    });
    assert.match(answers, /^HTTP\/1\.1 413 /);
    assert.match(answers, /HTTP\/1\.1 200 /, 'the next request on the connection is answered');
  });

  it('reports at most 20 fields, in a few KB, however many are wrong', async () => {
    for (const count of [150, 190]) {
      const answer = await raw('/exercises', withUnknownKeys({}, count), user.token);
      const text = await answer.text();
      assert.equal(answer.status, 422);
      const fields = Object.keys(JSON.parse(text).errors);
      assert.ok(fields.length >= 1 && fields.length <= 20, `${count}: ${fields.length} fields`);
      assert.ok(text.length < 4096, `${count}: ${text.length} bytes`);
    }
  });

  it('still tells a form every wrong field with its own message', async () => {
    const answer = await server.api('POST', '/exercises', {
      token: user.token,
      body: { name: '', category: 'juggling', primary_muscle: 'chest', equipment: 'barbell', extra: 1 },
    });
    assert.equal(answer.status, 422);
    assert.deepEqual(Object.keys(answer.body.errors).sort(), ['category', 'extra', 'name']);
    assert.match(answer.body.errors.category[0], /The category must be one of/);
  });

  it('keeps refusing __proto__ keys and malformed JSON as before', async () => {
    assert.equal((await raw('/auth/login', '{"__proto__":{"admin":true}}')).status, 422);
    const malformed = await raw('/auth/login', '{"email": "a@example.com", ');
    assert.equal(malformed.status, 422);
    const nested = await raw('/auth/login', '{"email":"a@example.com","password":"x","s":"{[{[,,,,]}]}"}');
    assert.equal(nested.status, 422, 'brackets and commas in a string are text, not structure');
  });
});

describe('methods a path does not take', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 405 with Allow naming the methods the path takes', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/workouts', 'GET, HEAD, POST'],
      ['POST', '/workouts/0190d1a2-0000-7000-8000-000000000000/exercises/x/sets/y/z', ''],
      ['DELETE', '/auth/login', 'POST'],
      ['GET', '/auth/login', 'POST'],
      ['POST', '/metrics/today', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const answer = await server.api(method, url);
      if (allow === '') {
        assert.equal(answer.status, 404, `${method} ${url}`);
        continue;
      }
      assert.equal(answer.status, 405, `${method} ${url}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.headers.get('allow'), allow, `${method} ${url}`);
      assert.equal(typeof answer.body.message, 'string');
    }
    assert.equal((await server.api('GET', '/no-such-thing')).status, 404);
  });

  it('documents 400 everywhere, 413 where a body is taken, 414 with path parameters and 429 where limited', async () => {
    const { paths } = (await server.api('GET', '/openapi.json')).body;
    const codes = (path: string, method: string) => Object.keys(paths[path][method].responses);
    assert.ok(codes('/api/v1/auth/login', 'post').includes('400'));
    assert.ok(codes('/api/v1/auth/login', 'post').includes('413'));
    assert.ok(codes('/api/v1/auth/login', 'post').includes('429'));
    assert.ok(codes('/api/v1/workouts/{id}', 'get').includes('414'));
    assert.ok(codes('/api/v1/workouts/{id}', 'get').includes('429'), 'signed-in reads take turns');
    assert.ok(!codes('/api/v1/workouts', 'get').includes('413'));
    assert.ok(codes('/api/v1/workouts', 'post').includes('413'));
  });
});

describe('many connections from one address', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    // Nothing else talks to this server: fetch's kept-alive connections would count too.
    server = await startTestServer({ CONNECTIONS_PER_ADDRESS: '4' });
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses one address a connection past the cap with 429, and takes it again once one closes', async () => {
    const open: net.Socket[] = [];
    const connect = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
        socket.on('error', reject);
      });
    // Each accepted connection answers a request, so the server has counted it before the next.
    const ask = (socket: net.Socket) =>
      new Promise<string>((resolve) => {
        let answer = '';
        const onData = (chunk: Buffer) => {
          answer += chunk.toString();
          if (answer.includes('\r\n\r\n')) {
            socket.off('data', onData);
            resolve(answer);
          }
        };
        socket.on('data', onData);
        socket.on('close', () => resolve(answer));
        socket.write('GET /api/v1/site HTTP/1.1\r\nHost: localhost\r\n\r\n');
      });
    try {
      for (let i = 0; i < 4; i++) {
        const socket = await connect();
        open.push(socket);
        assert.match(await ask(socket), /^HTTP\/1\.1 200 /);
      }
      const fifth = await connect();
      assert.match(await ask(fifth), /^HTTP\/1\.1 429 /);

      open.shift()?.destroy();
      let again = '';
      for (let tries = 0; tries < 100 && !again.startsWith('HTTP/1.1 200'); tries++) {
        const socket = await connect();
        again = await ask(socket);
        socket.destroy();
        if (!again.startsWith('HTTP/1.1 200')) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.match(again, /^HTTP\/1\.1 200 /);
    } finally {
      for (const socket of open) socket.destroy();
    }
  });
});
