import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { UNSAFE_PUSH_ENDPOINT as UNSAFE } from '@fitness/contracts';
import { loadOrCreateSecrets } from '@fitness/platform/secrets.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type PushEndpointPolicy, pushEndpointProblem, type ResolveAll } from './push-endpoint-policy.ts';
import { pushServiceContract } from './push-service.contract.ts';
import type { PushPayload } from './push-service.ts';
import { inwardEndpoints } from './testing/inward-endpoints.ts';
import { startPushEndpointServer } from './testing/push-endpoint-server.ts';
import { vapidSubject, WebPushService } from './web-push-service.ts';

const secrets = loadOrCreateSecrets(mkdtempSync(path.join(os.tmpdir(), 'push-')), {});
const vapid = {
  subject: 'mailto:no-reply@localhost',
  publicKey: secrets.vapidPublicKey,
  privateKey: secrets.vapidPrivateKey,
};
// The local push endpoint is plain http on loopback: only the test switch lets the server reach it.
const testEndpoints: PushEndpointPolicy = { allowInsecureEndpoints: true };
const production: PushEndpointPolicy = { allowInsecureEndpoints: false };

pushServiceContract('web-push', () => ({
  service: new WebPushService(vapid, testEndpoints),
  vapidPublicKey: secrets.vapidPublicKey,
}));

const payload: PushPayload = {
  title: 'Record',
  body: 'Bench press',
  tag: 'record',
  url: '/profile',
  icon: '/icon.png',
};

/** A port on 127.0.0.1 and ::1 that counts every connection made to it, and answers none. */
async function countingListener() {
  const connections: string[] = [];
  const server = net.createServer((socket) => {
    connections.push(socket.remoteAddress ?? '');
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  return {
    connections,
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A push endpoint's keys, as a browser's subscription has them. */
const keys = async () => {
  const local = await startPushEndpointServer();
  const { keys: made } = local.subscribe();
  await local.close();
  return made;
};

describe('web push: where it refuses to send (request forgery)', () => {
  let listener: Awaited<ReturnType<typeof countingListener>>;
  let target: Awaited<ReturnType<typeof keys>>;
  beforeAll(async () => {
    listener = await countingListener();
    target = await keys();
  });
  afterAll(async () => {
    await listener.close();
  });

  it('connects to no loopback, private, link-local or metadata address, however it is spelled', async () => {
    const service = new WebPushService(vapid, production);
    const port = listener.port;
    for (const endpoint of inwardEndpoints(port)) {
      await assert.rejects(service.send({ endpoint, keys: target }, payload), `${endpoint} was sent to`);
      assert.equal(await pushEndpointProblem(endpoint, production), UNSAFE, endpoint);
    }
    await service.close();
    assert.deepEqual(listener.connections, []);
  });

  it('checks the address it connects to: a name that resolved to a public address at subscribe time and to loopback now gets nothing', async () => {
    const answers = ['93.184.215.14', '127.0.0.1'];
    // The attacker's DNS: a public address for the first question, loopback for the next.
    const rebinding: ResolveAll = async () => [{ address: answers.shift() ?? '127.0.0.1', family: 4 }];
    const endpoint = `https://push.attacker.test:${listener.port}/push/x`;
    assert.equal(await pushEndpointProblem(endpoint, production, rebinding), null, 'accepted when subscribing');
    const service = new WebPushService(vapid, production, rebinding);
    await assert.rejects(service.send({ endpoint, keys: target }, payload));
    await service.close();
    assert.deepEqual(listener.connections, []);

    // The same name where loopback is allowed does reach the listener: the refusal above was the guard's.
    const allowed = new WebPushService(vapid, testEndpoints, async () => [{ address: '127.0.0.1', family: 4 }]);
    await assert.rejects(allowed.send({ endpoint, keys: target }, payload));
    await allowed.close();
    assert.equal(listener.connections.length, 1);
    listener.connections.length = 0;
  });

  it('follows no redirect: a 3xx is a failed delivery, and where it points gets nothing', async () => {
    const redirects = http.createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${listener.port}/internal` }).end();
    });
    await new Promise<void>((resolve) => redirects.listen(0, '127.0.0.1', resolve));
    const service = new WebPushService(vapid, testEndpoints);
    try {
      const endpoint = `http://127.0.0.1:${(redirects.address() as net.AddressInfo).port}/push/x`;
      await assert.rejects(service.send({ endpoint, keys: target }, payload), /307/);
      assert.deepEqual(listener.connections, []);
    } finally {
      await service.close();
      await new Promise<void>((resolve) => redirects.close(() => resolve()));
    }
  });

  it('subscribes nothing but https on public addresses unless the test switch is on, and then only loopback over http', async () => {
    const publicName: ResolveAll = async () => [{ address: '93.184.215.14', family: 4 }];
    const mixed: ResolveAll = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    assert.equal(await pushEndpointProblem('https://push.example.com/send/x', production, publicName), null);
    assert.equal(await pushEndpointProblem('http://push.example.com/send/x', production, publicName), UNSAFE);
    assert.equal(await pushEndpointProblem('https://push.example.com/send/x', production, mixed), UNSAFE);
    assert.equal(await pushEndpointProblem('https://no-such-host.invalid/x', production), UNSAFE);
    assert.equal(await pushEndpointProblem('ftp://push.example.com/x', production, publicName), UNSAFE);
    assert.equal(await pushEndpointProblem('http://127.0.0.1:9/push/x', testEndpoints), null);
    assert.equal(await pushEndpointProblem('http://push.example.com/x', testEndpoints, publicName), UNSAFE);
    assert.equal(await pushEndpointProblem('https://10.0.0.1/push/x', testEndpoints), UNSAFE);
  });
});

describe('VAPID subject', () => {
  it('is the site’s https origin, else a mailto: of the sender address (push services refuse http)', () => {
    assert.equal(vapidSubject('https://fit.example.com/app', 'a@b.c'), 'https://fit.example.com');
    assert.equal(vapidSubject('http://localhost:3000', 'no-reply@fit.example.com'), 'mailto:no-reply@fit.example.com');
  });
});
