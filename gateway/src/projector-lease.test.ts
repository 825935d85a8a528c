import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type PushEndpointServer,
  startPushEndpointServer,
} from '@fitness/notifications/push/testing/push-endpoint-server.ts';
import { loadOrCreateSecrets } from '@fitness/platform/secrets.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiClient, registerUser } from './testing/api-client.ts';
import { waitUntil } from './testing/live-client.ts';
import { assertReadModelsEqualRebuild } from './testing/read-models.ts';
import { type ServerProcess, startAll, startProcess } from './testing/server-process.ts';

type Health = {
  role: 'active' | 'standby';
  holder: string | null;
  positions: Record<string, number>;
  committed_batches: number;
};

/**
 * Two projections processes started on the same stores (SQLite files in one data folder), with
 * the command service writing events: only the holder of the projector lease applies them, and
 * when it dies the other takes over from the checkpoints. In the end the read models are what a
 * rebuild from the log gives: nothing applied twice, nothing lost in the hand-over.
 */
describe('projector lease: two projections processes on one data folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'projector-lease-'));
  // A short lease, so the takeover comes quickly; the standby asks every 500 ms.
  const env = {
    DATA_DIR: dataDir,
    EVENT_STORE: 'sqlite',
    READ_STORE: 'sqlite',
    AUTH_RATE_LIMIT: '10000',
    PROJECTOR_LEASE_TTL_MS: '1500',
    // The local push service is plain http on loopback: only the test switch lets the server push there.
    PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
  };
  const processes: ServerProcess[] = [];
  let commands: ServerProcess;
  let projectors: ServerProcess[] = [];
  let api: ReturnType<typeof apiClient>;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let pushService: PushEndpointServer;
  let browser: ReturnType<PushEndpointServer['subscribe']>;

  beforeAll(async () => {
    const [command, ...projections] = await startAll(
      [
        startProcess('command-service/src/main.ts', { env, readyPath: '/api/v1/openapi.json' }),
        // Started together: both ask for the lease at the same moment.
        startProcess('gateway/src/projections-main.ts', { env, readyPath: '/health' }),
        startProcess('gateway/src/projections-main.ts', { env, readyPath: '/health' }),
      ],
      processes,
    );
    if (!command) throw new Error('no command service');
    commands = command;
    projectors = projections;
    api = apiClient(commands.baseUrl);
    // The processes share the data folder's VAPID keys.
    pushService = await startPushEndpointServer({ vapidPublicKey: loadOrCreateSecrets(dataDir).vapidPublicKey });
  });

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.kill('SIGKILL')));
    await pushService?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const health = async (server: ServerProcess) => (await (await fetch(`${server.baseUrl}/health`)).json()) as Health;

  /** Polls until `check` holds (a bound on the wait, not a measure: the test fails only if it never holds). */
  async function eventually(what: string, check: () => Promise<boolean>, withinMs = 20_000) {
    assert.ok(await waitUntil(check, withinMs), what);
  }

  /** Writes through the command service; answers the body and the position of the last event. */
  async function write(method: string, url: string, body: unknown) {
    const response = await api(method, url, { token: user.token, body });
    assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return { body: response.body, position: Number(response.headers.get('x-event-position')) };
  }

  let bench: string;
  /** A set of bench press: a heavier one than before is a record, which the active one pushes. */
  const benchSet = async (weight: number) => (await write('POST', `${bench}/sets`, { reps: 5, weight })).position;

  let active: ServerProcess;
  let standby: ServerProcess;

  it('makes exactly one active; it applies the writes, the standby applies none', async () => {
    const roles = await Promise.all(projectors.map(health));
    assert.deepEqual(roles.map((state) => state.role).sort(), ['active', 'standby'], JSON.stringify(roles));
    const activeIndex = roles.findIndex((state) => state.role === 'active');
    active = projectors[activeIndex] as ServerProcess;
    standby = projectors[1 - activeIndex] as ServerProcess;
    assert.ok(roles[activeIndex]?.holder, 'the active one names itself as the holder');
    assert.equal(roles[1 - activeIndex]?.holder, null);

    // The first account of an empty system: its admin.
    user = await registerUser(api, 'Leased');
    browser = pushService.subscribe();
    await write('POST', '/me/push-subscriptions', { endpoint: browser.endpoint, keys: browser.keys, time_zone: 'UTC' });
    // A first session with an exercise sets its baselines; the next one's heavier sets are records.
    const session = async () => {
      const workout = await write('POST', '/workouts', {
        name: 'Bench day',
        date: new Date().toISOString().slice(0, 10),
      });
      const exercise = await write('POST', `/workouts/${workout.body.id}/exercises`, { name: 'Bench Press' });
      bench = `/workouts/${workout.body.id}/exercises/${exercise.body.id}`;
    };
    await session();
    await benchSet(60);
    await session();
    const position = await benchSet(62.5);
    assert.ok(position > 0);
    await eventually('the active one projects the writes', async () => {
      const state = await health(active);
      return (state.positions.workouts ?? 0) >= position;
    });
    const waiting = await health(standby);
    assert.equal(waiting.role, 'standby');
    assert.equal(waiting.committed_batches, 0, 'the standby applied nothing');
    assert.ok((waiting.positions.workouts ?? 0) >= position, 'it reports the checkpoints the active one committed');
    assert.ok((await health(active)).committed_batches > 0);

    // The record is pushed once: by the active one (the standby's push senders do not run). The
    // next test's later record, pushed after it, shows that no second push of this one follows.
    await eventually('the active one pushes the record', async () => pushService.received.length >= 1);
    assert.deepEqual(
      pushService.payloadsFor<{ body: string }>(browser.id).map((push) => push.body.split(',')[0]),
      ['Bench Press: heaviest weight 62.5 kg'],
      JSON.stringify(pushService.received),
    );
  });

  it('answers an admin rebuild on the standby with 503 and a Retry-After', async () => {
    const refused = await fetch(`${standby.baseUrl}/api/v1/admin/projections/workouts/rebuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get('retry-after'), '2', 'about the lease TTL (1.5 s), in whole seconds');
    const body = (await refused.json()) as { message: string };
    assert.match(body.message, /standby/);
    // The active one takes it (the first account is the admin). The rebuild may still be under
    // way when that process is killed below: its successor goes on from the checkpoint.
    const taken = await fetch(`${active.baseUrl}/api/v1/admin/projections/workouts/rebuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    assert.equal(taken.status, 202, await taken.text());
  });

  it('hands over to the standby when the active one is killed; it projects the new writes', async () => {
    await active.kill('SIGKILL');
    const position = await benchSet(65);
    await eventually('the standby takes over and projects the new writes', async () => {
      const state = await health(standby);
      return state.role === 'active' && (state.positions.workouts ?? 0) >= position;
    });
    const state = await health(standby);
    assert.ok(state.committed_batches > 0, 'it applied them itself');
    assert.ok(state.holder);
    // Push follows the lease: the new active one pushes the new record.
    await eventually('the new active one pushes the new record', async () => pushService.received.length >= 2);
    assert.match(
      pushService.payloadsFor<{ body: string }>(browser.id)[1]?.body ?? '',
      /^Bench Press: heaviest weight 65 kg/,
    );
    // Records are pushed in the log's order: nothing came of the first record after its one push.
    assert.deepEqual(
      pushService.payloadsFor<{ body: string }>(browser.id).map((push) => push.body.split(',')[0]),
      ['Bench Press: heaviest weight 62.5 kg', 'Bench Press: heaviest weight 65 kg'],
      JSON.stringify(pushService.received),
    );
  });

  it('leaves read models equal to a rebuild of every projection from the log', async () => {
    // A clean stop lets the lease go; then the files are compared with a rebuild from zero.
    assert.deepEqual(await standby.kill('SIGTERM'), { code: 0, signal: null }, standby.output());
    assert.deepEqual(await commands.kill('SIGTERM'), { code: 0, signal: null }, commands.output());
    await assertReadModelsEqualRebuild(dataDir);
  });
});
