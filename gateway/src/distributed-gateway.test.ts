import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readConfig } from '@fitness/platform/config.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildDistributedGateway } from './distributed-gateway.ts';
import { mergeOpenApi } from './merged-api-docs.ts';
import { QueryReplicas, REPLICA_COOKIE, REPLICA_DOWN_MS, replicaId } from './query-replicas.ts';
import { apiClient } from './testing/api-client.ts';
import { freePort } from './testing/server-process.ts';

/**
 * The gateway's routing on its own, in front of two stand-in services that answer with what
 * they received. distributed.test.ts runs it in front of the real services.
 */
describe('distributed gateway', () => {
  const servers: http.Server[] = [];
  let gateway: Awaited<ReturnType<typeof buildDistributedGateway>>;
  let api: ReturnType<typeof apiClient>;
  let baseUrl: string;

  /** An HTTP server that answers every request with its own name and what it received. */
  async function echoService(name: string) {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('x-service', name);
        response.end(
          JSON.stringify({
            service: name,
            method: request.method,
            url: request.url,
            headers: request.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function startGateway(commandServiceUrl: string, queryServiceUrl: string, env: Record<string, string> = {}) {
    const config = readConfig({
      GATEWAY_MODE: 'distributed',
      COMMAND_SERVICE_URL: commandServiceUrl,
      QUERY_SERVICE_URL: queryServiceUrl,
      ...env,
    });
    const app = await buildDistributedGateway(config, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  beforeAll(async () => {
    ({ app: gateway, baseUrl } = await startGateway(await echoService('commands'), await echoService('queries')));
    api = apiClient(baseUrl);
  });
  afterAll(async () => {
    await gateway.close();
    for (const server of servers) server.close();
  });

  it('sends reads to the query service and everything else to the command service', async () => {
    for (const [method, service] of [
      ['GET', 'queries'],
      ['POST', 'commands'],
      ['PUT', 'commands'],
      ['PATCH', 'commands'],
      ['DELETE', 'commands'],
    ]) {
      const response = await api(method ?? '', '/workouts/w1?page=2');
      assert.equal(response.body.service, service, `${method} goes to the ${service}`);
      assert.equal(response.body.url, '/api/v1/workouts/w1?page=2');
    }
    // Starting a Google sign-in is a GET for the command service, which finishes it; cookies pass both ways.
    const google = await api('GET', '/auth/google/redirect?redirect=%2Fmeals', {
      headers: { cookie: 'google_sign_in=abc' },
    });
    assert.equal(google.body.service, 'commands');
    assert.equal(google.body.url, '/api/v1/auth/google/redirect?redirect=%2Fmeals');
    assert.equal(google.body.headers.cookie, 'google_sign_in=abc');
    const head = await fetch(`${baseUrl}/api/v1/workouts`, { method: 'HEAD' });
    assert.equal(head.headers.get('x-service'), 'queries', 'HEAD is a read');
    const polling = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
    assert.equal(
      ((await polling.json()) as { service: string }).service,
      'queries',
      'socket.io long-polling goes to the query service',
    );
  });

  it('passes bodies through untouched, with the client address and the request id', async () => {
    const raw = '{ "name" : "Leg day",\n "notes": "exact bytes" }';
    const response = await api('POST', '/workouts', { body: raw, headers: { 'x-request-id': 'req-42' } });
    assert.equal(response.body.body, raw, 'not parsed and re-serialised');
    assert.equal(response.body.headers['content-type'], 'application/json');
    assert.equal(response.body.headers['x-request-id'], 'req-42');
    assert.equal(response.body.headers['x-forwarded-for'], '127.0.0.1');
    const malformed = await api('POST', '/workouts', { body: '{ not json' });
    assert.equal(malformed.body.body, '{ not json', 'the service, not the gateway, judges the body');
  });

  it('sends the services the client address it settled, never the chain a client wrote', async () => {
    const forged = await api('POST', '/workouts', { body: '{}', headers: { 'x-forwarded-for': '203.0.113.7' } });
    assert.equal(forged.body.headers['x-forwarded-for'], '127.0.0.1', 'no proxy trusted: the connection is the client');

    // Behind a TLS proxy the gateway trusts, the services learn the address that proxy saw,
    // though they trust the gateway alone.
    const commands = await echoService('commands');
    const behindProxy = await startGateway(commands, await echoService('queries'), { TRUST_PROXY: '127.0.0.1' });
    try {
      const proxied = await apiClient(behindProxy.baseUrl)('POST', '/workouts', {
        body: '{}',
        headers: { 'x-forwarded-for': '198.51.100.4, 203.0.113.9' },
      });
      assert.equal(proxied.body.headers['x-forwarded-for'], '203.0.113.9');
    } finally {
      await behindProxy.app.close();
    }
  });

  it("sends an admin's rebuild to the projections process holding the lease, whichever is listed first", async () => {
    /** A projections process that says its role on /health and answers anything else with its name. */
    async function projectionsProcess(name: string, role: () => string) {
      const server = http.createServer((request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(request.url === '/health' ? { status: 'ok', role: role() } : { service: name }));
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      servers.push(server);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    let active = 'second';
    const first = await projectionsProcess('first', () => (active === 'first' ? 'active' : 'standby'));
    const second = await projectionsProcess('second', () => (active === 'second' ? 'active' : 'standby'));
    const withStandby = await startGateway(await echoService('commands'), await echoService('queries'), {
      PROJECTIONS_SERVICE_URL: `${first},${second}`,
    });
    try {
      const rebuild = () =>
        apiClient(withStandby.baseUrl)('POST', '/admin/projections/workouts/rebuild', { body: '{}' });
      assert.equal((await rebuild()).body.service, 'second');
      active = 'first'; // the holder died, the other took over
      assert.equal((await rebuild()).body.service, 'first');
    } finally {
      await withStandby.app.close();
    }
  });

  it('refuses a WebSocket upgrade whose path leaves /socket.io/', async () => {
    const { port } = new URL(baseUrl);
    const socket = (await import('node:net')).connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      'GET /socket.io/../api/v1/workouts HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    );
    const [answer] = (await once(socket, 'data')) as [Buffer];
    assert.match(answer.toString(), /^HTTP\/1\.1 404/);
    socket.destroy();
  });

  it("adds the security headers to the services' answers", async () => {
    const response = await api('GET', '/workouts');
    assert.equal(response.body.service, 'queries');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
  });

  it('answers 503 in the API error shape when a service does not answer', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const down = await startGateway(nowhere, nowhere);
    try {
      const downApi = apiClient(down.baseUrl);
      for (const method of ['GET', 'POST']) {
        const response = await downApi(method, '/workouts');
        assert.equal(response.status, 503);
        assert.deepEqual(response.body, { message: 'The service is unavailable, please try again.' });
      }
      assert.equal((await downApi('GET', '/openapi.json')).status, 503);
    } finally {
      await down.app.close();
    }
  });

  it('spreads reads over the query service replicas and passes over one that refuses connections', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const [one, two] = [await echoService('replica one'), await echoService('replica two')];
    const spread = await startGateway(await echoService('commands'), `${one},${dead},${two}`);
    try {
      const spreadApi = apiClient(spread.baseUrl);
      const served: string[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await spreadApi('GET', '/workouts');
        assert.equal(response.status, 200, 'a GET the dead replica refused was answered by the next one');
        served.push(response.body.service);
      }
      assert.deepEqual(new Set(served), new Set(['replica one', 'replica two']), 'both live replicas serve reads');
      assert.equal(served.filter((service) => service === 'replica one').length, 3, 'in turn');
      assert.equal((await spreadApi('POST', '/workouts')).body.service, 'commands', 'writes still go to commands');
    } finally {
      await spread.app.close();
    }
  });

  it('keeps a socket.io session on the replica that opened it, with a cookie it sets on the handshake', async () => {
    const [one, two] = [await echoService('replica one'), await echoService('replica two')];
    const sticky = await startGateway(await echoService('commands'), `${one},${two}`);
    try {
      const handshake = await fetch(`${sticky.baseUrl}/socket.io/?EIO=4&transport=polling`);
      const { service } = (await handshake.json()) as { service: string };
      const cookie = handshake.headers.getSetCookie().find((header) => header.startsWith(`${REPLICA_COOKIE}=`));
      assert.ok(cookie, 'the handshake names its replica');
      assert.match(cookie, /Path=\/socket\.io/);
      assert.match(cookie, /HttpOnly/);
      assert.equal(cookie.split(';')[0], `${REPLICA_COOKIE}=${replicaId(service === 'replica one' ? one : two)}`);
      for (let i = 0; i < 4; i++) {
        const poll = await fetch(`${sticky.baseUrl}/socket.io/?EIO=4&transport=polling&sid=s1`, {
          headers: { cookie: cookie.split(';')[0] ?? '' },
        });
        assert.equal(((await poll.json()) as { service: string }).service, service, 'the same replica every time');
        assert.deepEqual(poll.headers.getSetCookie(), [], 'the cookie is set once');
      }
      // Reads ignore the cookie: they spread over both replicas.
      const reads = new Set<string>();
      for (let i = 0; i < 2; i++) reads.add((await apiClient(sticky.baseUrl)('GET', '/workouts')).body.service);
      assert.equal(reads.size, 2);
    } finally {
      await sticky.app.close();
    }
  });

  /** A server that takes every WebSocket upgrade, naming itself in its 101 answer. */
  async function upgradingService(name: string) {
    const server = http.createServer((_request, response) => response.end());
    server.on('upgrade', (_request, socket) => {
      socket.end(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Service: ${name}\r\n\r\n`,
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** Asks the gateway for a WebSocket upgrade; resolves with the service that took it. */
  function upgradeThrough(baseUrl: string, cookie?: string) {
    return new Promise<string>((resolve, reject) => {
      const request = http.request(`${baseUrl}/socket.io/?EIO=4&transport=websocket`, {
        headers: { connection: 'Upgrade', upgrade: 'websocket', ...(cookie ? { cookie } : {}) },
      });
      request.on('upgrade', (response, socket) => {
        socket.destroy();
        resolve(String(response.headers['x-service']));
      });
      request.on('response', (response) => reject(new Error(`answered ${response.statusCode}`)));
      request.on('error', reject);
      request.end();
    });
  }

  it('sends WebSocket upgrades to the replica the cookie names, and to the next when that one refuses', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const [one, two] = [await upgradingService('replica one'), await upgradingService('replica two')];
    const upgrades = await startGateway(await echoService('commands'), `${dead},${one},${two}`);
    try {
      const cookie = (url: string) => `${REPLICA_COOKIE}=${replicaId(url)}`;
      assert.equal(await upgradeThrough(upgrades.baseUrl, cookie(two)), 'replica two');
      assert.equal(await upgradeThrough(upgrades.baseUrl, cookie(one)), 'replica one');
      assert.equal(await upgradeThrough(upgrades.baseUrl, cookie(two)), 'replica two');
      const taken = await upgradeThrough(upgrades.baseUrl, cookie(dead));
      assert.ok(
        ['replica one', 'replica two'].includes(taken),
        `a dead replica's session opens on a live one (${taken})`,
      );
      const spread = new Set<string>();
      for (let i = 0; i < 4; i++) spread.add(await upgradeThrough(upgrades.baseUrl));
      assert.deepEqual(spread, new Set(['replica one', 'replica two']), 'without a cookie, round robin');
    } finally {
      await upgrades.app.close();
    }
  });

  it('orders replicas round robin, the sticky one first while it is up, one that refused last for a while', () => {
    let now = 1000;
    const replicas = new QueryReplicas(['http://a:1', 'http://b:1', 'http://c:1'], { now: () => now });
    const urls = (stickyId?: string) => replicas.candidates(stickyId).map((replica) => replica.url);
    assert.deepEqual(urls(), ['http://a:1', 'http://b:1', 'http://c:1']);
    assert.deepEqual(urls(), ['http://b:1', 'http://c:1', 'http://a:1']);
    assert.deepEqual(urls(replicaId('http://a:1')), ['http://a:1', 'http://c:1', 'http://b:1'], 'sticky first');
    assert.deepEqual(urls('unknown'), ['http://a:1', 'http://b:1', 'http://c:1'], 'a stale cookie is ignored');
    const [, b] = replicas.replicas;
    if (!b) throw new Error('three replicas');
    replicas.markDown(b);
    // Turns 4 and 5 go round a and c only; b, down, comes last, even when the cookie names it.
    assert.deepEqual(urls(replicaId('http://b:1')), ['http://a:1', 'http://c:1', 'http://b:1'], 'down: last');
    assert.deepEqual(urls(), ['http://c:1', 'http://a:1', 'http://b:1']);
    now += REPLICA_DOWN_MS;
    assert.deepEqual(urls(), ['http://a:1', 'http://b:1', 'http://c:1'], 'tried again after a while');
    replicas.markDown(b);
    replicas.markUp(b);
    assert.deepEqual(urls(), ['http://b:1', 'http://c:1', 'http://a:1'], 'up as soon as it answers');
    assert.equal(new QueryReplicas(['http://a:1']).several, false);
  });

  it('merges OpenAPI documents per path and per component kind', () => {
    const merged = mergeOpenApi([
      {
        openapi: '3.1.0',
        info: { title: 'Fitness tracker API' },
        paths: { '/w/{id}': { delete: { summary: 'delete' } }, '/auth/login': { post: {} } },
        components: { securitySchemes: { bearer: { type: 'http' } }, schemas: { A: {} } },
      },
      {
        openapi: '3.1.0',
        info: { title: 'Fitness tracker API' },
        paths: { '/w/{id}': { get: { summary: 'read' } } },
        components: { securitySchemes: { bearer: { type: 'http' } }, schemas: { B: {} } },
      },
    ]);
    assert.deepEqual(merged, {
      openapi: '3.1.0',
      info: { title: 'Fitness tracker API' },
      paths: { '/w/{id}': { delete: { summary: 'delete' }, get: { summary: 'read' } }, '/auth/login': { post: {} } },
      components: { securitySchemes: { bearer: { type: 'http' } }, schemas: { A: {}, B: {} } },
    });
  });
});
