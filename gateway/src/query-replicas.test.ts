import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeNotice } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { REPLICA_COOKIE, replicaId } from './query-replicas.ts';
import { apiClient, registerUser } from './testing/api-client.ts';
import { connectLive, type LiveClient, waitUntil } from './testing/live-client.ts';
import { type ServerProcess, startAll, startProcess } from './testing/server-process.ts';

/**
 * Two query service replicas behind one gateway, with the command service and the projections
 * process, as processes sharing SQLite files in one data folder. Each replica follows the read
 * store's change feed on its own, so a write reaches the sockets on both; when one replica is
 * killed, its clients reconnect through the gateway to the other and catch up by position.
 */
describe('distributed deployment: two query service replicas behind the gateway', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'replicas-'));
  const env = { DATA_DIR: dataDir, EVENT_STORE: 'sqlite', READ_STORE: 'sqlite', AUTH_RATE_LIMIT: '10000' };
  const processes: ServerProcess[] = [];
  const clients: LiveClient[] = [];
  let replicaA: ServerProcess;
  let replicaB: ServerProcess;
  let gateway: ServerProcess;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    const [commands, projections, a, b] = await startAll(
      [
        startProcess('command-service/src/main.ts', { env, readyPath: '/api/v1/openapi.json' }),
        startProcess('gateway/src/projections-main.ts', { env, readyPath: '/health' }),
        startProcess('query-service/src/main.ts', { env, readyPath: '/api/v1/openapi.json' }),
        startProcess('query-service/src/main.ts', { env, readyPath: '/api/v1/openapi.json' }),
      ],
      processes,
    );
    if (!commands || !projections || !a || !b) throw new Error('four processes');
    [replicaA, replicaB] = [a, b];
    gateway = await startProcess('gateway/src/main.ts', {
      env: {
        ...env,
        GATEWAY_MODE: 'distributed',
        COMMAND_SERVICE_URL: commands.baseUrl,
        QUERY_SERVICE_URL: `${a.baseUrl},${b.baseUrl}`,
        PROJECTIONS_SERVICE_URL: projections.baseUrl,
      },
      readyPath: '/api/v1/openapi.json',
    });
    processes.unshift(gateway);
    api = apiClient(gateway.baseUrl);
    await registerUser(api, 'Ada Admin');
  });

  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    await Promise.all(processes.map((server) => server.kill('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * A client of the gateway pinned to one replica by the sticky cookie the gateway would have
   * set; it reconnects on its own, as the web app does, promptly so the test stays short.
   */
  async function connectThrough(token: string, replica: ServerProcess) {
    const client = await connectLive(gateway.baseUrl, token, ['websocket'], {
      extraHeaders: { cookie: `${REPLICA_COOKIE}=${replicaId(replica.baseUrl)}` },
      reconnection: true,
      reconnectionDelay: 200,
      randomizationFactor: 0,
    });
    clients.push(client);
    return client;
  }

  it('pushes a write to a socket on each replica; a killed replica’s client reconnects to the other and misses nothing', async () => {
    const alice = await registerUser(api, 'Alice');
    const onA = await connectThrough(alice.token, replicaA);
    const onB = await connectThrough(alice.token, replicaB);
    // A browser that never upgrades: long-polling only, keeping the gateway's cookie as a browser
    // does, so each of its requests must reach the replica that holds its session.
    const polling = await connectLive(gateway.baseUrl, alice.token, ['polling'], {
      upgrade: false,
      withCredentials: true,
      reconnection: true,
      reconnectionDelay: 200,
      randomizationFactor: 0,
    });
    clients.push(polling);

    const call = async (method: string, url: string, body?: unknown) => {
      const response = await api(method, url, { token: alice.token, body });
      assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
      return { body: response.body, position: Number(response.headers.get('x-event-position')) };
    };
    const heard = (client: LiveClient, position: number) => () =>
      client.received.some(({ notice }: { notice: ChangeNotice }) => notice.position === position);

    const workout = await call('POST', '/workouts', { name: 'Across replicas' });
    const squat = await call('POST', `/workouts/${workout.body.id}/exercises`, { name: 'Squat' });
    const setsUrl = `/workouts/${workout.body.id}/exercises/${squat.body.id}/sets`;
    const first = await call('POST', setsUrl, { reps: 5, weight: 100 });
    for (const [name, client] of Object.entries({ onA, onB, polling })) {
      assert.ok(await waitUntil(heard(client, first.position), 5000), `${name} heard of the first set`);
    }
    const second = await call('POST', setsUrl, { reps: 5, weight: 102.5 });
    assert.ok(await waitUntil(heard(polling, second.position), 5000), 'the long-polling session stays on its replica');

    // kill -9: replica A's sockets drop with no goodbye; only the client on A loses its connection.
    const reconnectedA = new Promise((resolve) => onA.socket.once('connect', () => resolve(undefined)));
    const disconnectedA = new Promise((resolve) => onA.socket.once('disconnect', resolve));
    assert.deepEqual(await replicaA.kill('SIGKILL'), { code: null, signal: 'SIGKILL' });
    await disconnectedA;
    assert.ok(onB.socket.connected, 'the client on replica B stays connected');

    // Writes while A's client is away: the reads all answer, whichever replica is in turn.
    const whileDown = [
      await call('POST', setsUrl, { reps: 3, weight: 105 }),
      await call('POST', setsUrl, { reps: 2, weight: 107.5 }),
    ];
    for (let i = 0; i < 4; i++) assert.equal((await api('GET', '/workouts', { token: alice.token })).status, 200);
    // The client on B hears of them meanwhile (notices of one projection batch come as one, with
    // the last position, so the last write is the one to look for).
    const lastWhileDown = whileDown.at(-1)?.position ?? 0;
    const heardLast = () => onB.received.some(({ notice }) => notice.position >= lastWhileDown);
    assert.ok(await waitUntil(heardLast, 5000), 'B heard of the writes made while A was down');

    await reconnectedA;
    assert.ok(onA.socket.connected, 'reconnected through the gateway, to the replica still up');
    // It catches up by position: a read that waits for the last write it missed sees them all.
    const caughtUp = await api('GET', `/workouts/${workout.body.id}`, {
      token: alice.token,
      headers: { 'x-min-position': String(lastWhileDown) },
    });
    assert.equal(caughtUp.status, 200);
    assert.notEqual(caughtUp.headers.get('x-read-consistent'), 'false', 'the read waited for the projections');
    const setIds = caughtUp.body.exercises.flatMap((exercise: { sets: { id: string }[] }) =>
      exercise.sets.map((set) => set.id),
    );
    for (const set of [first, second, ...whileDown]) assert.ok(setIds.includes(set.body.id), `set ${set.body.id}`);

    // And new writes are pushed to it live again, from replica B.
    const after = await call('POST', setsUrl, { reps: 1, weight: 110 });
    for (const [name, client] of Object.entries({ onA, onB, polling })) {
      assert.ok(await waitUntil(heard(client, after.position), 5000), `${name} heard of the set after the kill`);
    }
  });
});
