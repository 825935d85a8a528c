import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type LocalProvider,
  signInAtProvider,
  startLocalProvider,
} from '@fitness/command-service/google-sign-in/testing/local-provider.ts';
import type { ChangeNotice } from '@fitness/contracts';
import { readMailFiles } from '@fitness/notifications/mail/testing/mail-files.ts';
import { recipients } from '@fitness/notifications/mail/testing/smtp-test-server.ts';
import { startPushEndpointServer } from '@fitness/notifications/push/testing/push-endpoint-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiClient, registerUser } from './testing/api-client.ts';
import { connectLive, type LiveClient, waitUntil } from './testing/live-client.ts';
import { type ServerProcess, startAll, startProcess } from './testing/server-process.ts';

/**
 * The distributed deployment for real: the command service, the query service, the projections
 * process and the gateway as four processes, sharing SQLite files in one data folder (WAL mode
 * lets processes share them; the event store and the change feed are polled across processes).
 * Everything goes through the gateway, as a browser would.
 */
describe('distributed deployment: four processes behind the gateway', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'distributed-'));
  const env = {
    DATA_DIR: dataDir,
    EVENT_STORE: 'sqlite',
    READ_STORE: 'sqlite',
    AUTH_RATE_LIMIT: '10000',
    // The local push service is plain http on loopback: only the test switch lets the server push there.
    PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
  };
  // The services' clocks run ahead by what the session timeout test writes here (see shifted-clock.ts).
  const clockOffsetFile = path.join(dataDir, 'clock-offset-ms');
  const shiftedClock = pathToFileURL(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/shifted-clock.ts'),
  );
  const servicesEnv = {
    ...env,
    CLOCK_OFFSET_FILE: clockOffsetFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${shiftedClock.href}`.trim(),
  };
  const processes: ServerProcess[] = [];
  const clients: LiveClient[] = [];
  let gateway: ServerProcess;
  let api: ReturnType<typeof apiClient>;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  // Google sign-in, at a local provider: the sign-in a request to one process starts, another finishes.
  const redirectUri = 'http://app.test/oauth/google/callback';
  let provider: LocalProvider;

  beforeAll(async () => {
    provider = await startLocalProvider({
      clientId: 'fitness-app',
      clientSecret: 'local secret',
      redirectUri,
      accounts: [{ subject: 'sub-gil', email: 'gil@example.com', emailVerified: true, name: 'Gil Google' }],
    });
    const withGoogle = {
      ...servicesEnv,
      APP_URL: 'http://app.test',
      GOOGLE_CLIENT_ID: 'fitness-app',
      GOOGLE_CLIENT_SECRET: 'local secret',
      GOOGLE_ISSUER_URL: provider.issuer,
    };
    const [commands, queries, projections] = await startAll(
      [
        startProcess('command-service/src/main.ts', { env: withGoogle, readyPath: '/api/v1/openapi.json' }),
        startProcess('query-service/src/main.ts', { env: withGoogle, readyPath: '/api/v1/openapi.json' }),
        startProcess('gateway/src/projections-main.ts', { env: servicesEnv, readyPath: '/health' }),
      ],
      processes,
    );
    gateway = await startProcess('gateway/src/main.ts', {
      env: {
        ...env,
        GATEWAY_MODE: 'distributed',
        COMMAND_SERVICE_URL: commands?.baseUrl ?? '',
        QUERY_SERVICE_URL: queries?.baseUrl ?? '',
        PROJECTIONS_SERVICE_URL: projections?.baseUrl ?? '',
      },
      readyPath: '/api/v1/openapi.json',
    });
    processes.unshift(gateway);
    api = apiClient(gateway.baseUrl);
    // The first account of an empty system is its admin.
    admin = await registerUser(api, 'Ada Admin');
  });

  // Runs whether the tests passed or not: no process outlives the suite.
  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    await Promise.all(processes.map((server) => server.kill('SIGKILL')));
    await provider?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function connect(token: string, transports?: ('websocket' | 'polling')[]) {
    const client = await connectLive(gateway.baseUrl, token, transports);
    clients.push(client);
    return client;
  }

  it('answers /health and /ready on every process, the gateway asking the services behind it', async () => {
    // One connection per probe, as a container's health check makes (a kept-alive connection
    // of the test's own would outlive the suite's last step, the shutdown it times).
    const probe = (url: string) => fetch(url, { headers: { connection: 'close' } });
    for (const server of processes) {
      const health = await probe(`${server.baseUrl}/health`);
      assert.equal(health.status, 200, server.baseUrl);
      assert.equal(((await health.json()) as { status: string }).status, 'ok');
      // Ready once the projections have caught up with the registration above.
      const ready = () => probe(`${server.baseUrl}/ready`).then((answer) => answer.text().then(() => answer.ok));
      assert.ok(await waitUntil(ready, 10_000), `${server.baseUrl}/ready answers 200 within 10 s`);
    }
    const gatewayReady = (await (await probe(`${gateway.baseUrl}/ready`)).json()) as {
      checks: Record<string, { ok: boolean }>;
    };
    assert.deepEqual(Object.keys(gatewayReady.checks).sort(), ['command_service', 'projections', 'query_services']);
  });

  it("serves one OpenAPI document describing both services' routes", async () => {
    const response = await api('GET', '/openapi.json');
    assert.equal(response.status, 200);
    const paths = response.body.paths;
    assert.ok(paths['/api/v1/auth/register']?.post, 'a command route');
    assert.ok(paths['/api/v1/workouts']?.get, 'a query route');
    const workout = paths['/api/v1/workouts/{id}'];
    assert.ok(workout?.get && workout?.delete, 'one path served by both services');
  });

  it('signs in with Google through the gateway: the command service starts and finishes it, the site offers it', async () => {
    assert.equal((await api('GET', '/site')).body.google_sign_in, true);
    const started = await fetch(`${gateway.baseUrl}/api/v1/auth/google/redirect`);
    assert.equal(started.status, 200);
    const cookie = started.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const { url } = (await started.json()) as { url: string };
    const callback = await signInAtProvider(url, redirectUri, { email: 'gil@example.com' });
    const finished = await api('POST', '/auth/google/callback', {
      body: Object.fromEntries(callback),
      headers: { cookie },
    });
    assert.equal(finished.status, 200, JSON.stringify(finished.body));
    assert.equal(finished.body.user.name, 'Gil Google');
    const me = await api('GET', '/auth/me', { token: finished.body.token });
    assert.equal(me.body.email, 'gil@example.com');
  });

  it("rebuilds a projection in the projections process at an admin's request, through the gateway", async () => {
    const docs = await api('GET', '/openapi.json');
    assert.ok(docs.body.paths['/api/v1/admin/projections/{name}/rebuild']?.post, "the projections process's route");
    const user = await registerUser(api, 'Not An Admin');
    const refused = await api('POST', '/admin/projections/workouts/rebuild', { token: user.token });
    assert.equal(refused.status, 403, 'the projections process answered (the command service has no such route)');

    const started = await api('POST', '/admin/projections/workouts/rebuild', { token: admin.token });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const caughtUp = async () => {
      const status = await api('GET', '/admin/projections', { token: admin.token });
      const workouts = status.body.data.find((projection: { name: string }) => projection.name === 'workouts');
      return workouts?.lag === 0 && workouts.position === status.body.meta.head;
    };
    const deadline = Date.now() + 10_000;
    while (!(await caughtUp())) {
      assert.ok(Date.now() < deadline, 'the workouts projection catches up with the log again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('writes through the command service, reads them back through the query service, and pushes them live', async () => {
    const alice = await registerUser(api, 'Alice');
    const bob = await registerUser(api, 'Bob');
    const phone = await connect(alice.token);
    // Long-polling goes through the gateway's HTTP proxy rather than a WebSocket upgrade.
    const laptop = await connect(alice.token, ['polling']);
    const bobs = await connect(bob.token);

    const workout = await api('POST', '/workouts', { token: alice.token, body: { name: 'Across processes' } });
    assert.equal(workout.status, 201);
    const exercise = await api('POST', `/workouts/${workout.body.id}/exercises`, {
      token: alice.token,
      body: { name: 'Squat' },
    });
    assert.equal(exercise.status, 201);
    const set = await api('POST', `/workouts/${workout.body.id}/exercises/${exercise.body.id}/sets`, {
      token: alice.token,
      body: { reps: 5, weight: 100 },
      headers: { 'x-request-id': 'set-from-the-phone' },
    });
    assert.equal(set.status, 201);
    const position = Number(set.headers.get('x-event-position'));
    assert.ok(position > 0, 'the write answers with its position');

    const read = await api('GET', `/workouts/${workout.body.id}`, {
      token: alice.token,
      headers: { 'x-min-position': String(position) },
    });
    assert.equal(read.status, 200);
    assert.notEqual(read.headers.get('x-read-consistent'), 'false', 'the read waited for the projections');
    assert.deepEqual(
      read.body.exercises.flatMap((e: { sets: { id: string }[] }) => e.sets.map((s) => s.id)),
      [set.body.id],
    );

    const isTheSet = ({ notice }: { notice: ChangeNotice }) =>
      notice.model === 'workouts' && notice.id === workout.body.id && notice.position === position;
    assert.ok(await waitUntil(() => phone.received.some(isTheSet), 3000), 'the WebSocket device was told');
    assert.ok(await waitUntil(() => laptop.received.some(isTheSet), 3000), 'the long-polling device was told');
    const { changes, document, ...notice } = phone.received.find(isTheSet)?.notice ?? {};
    assert.deepEqual(notice, {
      model: 'workouts',
      id: workout.body.id,
      userId: alice.user.id,
      op: 'upsert',
      position,
      // Through the gateway and the command service: the writing tab knows its own notice by it.
      correlationId: 'set-from-the-phone',
    });
    // The push carries the set itself (in the change, or in the workout whole if it is new).
    assert.ok(JSON.stringify(changes ?? document).includes(set.body.id), 'the set travels with the push');
    // Pushes reach a socket in commit order: once Bob hears of his own later write, a push of
    // Alice's would have come before it. Bob may hear of his own registration too (its notice
    // can reach the feed reader after his socket joined), but of nothing else.
    const own = await api('POST', '/workouts', { token: bob.token, body: { name: 'Mine' } });
    assert.ok(
      await waitUntil(() => bobs.received.some(({ notice }) => notice.id === own.body.id), 3000),
      'Bob hears his own',
    );
    assert.deepEqual(
      bobs.received.filter(({ notice }) => notice.userId !== bob.user.id),
      [],
    );
  });

  it('pushes a new record from the projections process to a subscribed browser', async () => {
    const key = await api('GET', '/push/public-key');
    const pushService = await startPushEndpointServer({ vapidPublicKey: key.body.public_key });
    try {
      const lifter = await registerUser(api, 'Lifter');
      const call = async (method: string, url: string, body?: unknown) => {
        const response = await api(method, url, { token: lifter.token, body });
        assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
        return response.body;
      };
      const browser = pushService.subscribe();
      await call('POST', '/me/push-subscriptions', {
        endpoint: browser.endpoint,
        keys: browser.keys,
        time_zone: 'UTC',
      });
      const workout = await call('POST', '/workouts', {
        name: 'Bench day',
        date: new Date().toISOString().slice(0, 10),
      });
      const bench = await call('POST', `/workouts/${workout.id}/exercises`, { name: 'Bench Press' });
      await call('POST', `/workouts/${workout.id}/exercises/${bench.id}/sets`, { reps: 5, weight: 60 });
      // A first session sets baselines; the next one's heavier set is the record.
      const next = await call('POST', '/workouts', {
        name: 'Bench again',
        date: new Date().toISOString().slice(0, 10),
      });
      const nextBench = await call('POST', `/workouts/${next.id}/exercises`, { name: 'Bench Press' });
      await call('POST', `/workouts/${next.id}/exercises/${nextBench.id}/sets`, { reps: 5, weight: 62.5 });
      await pushService.receivedCount(1);
      const [push] = pushService.payloadsFor<{ title: string; body: string }>(browser.id);
      assert.match(push?.body ?? '', /^Bench Press: heaviest weight 62.5 kg/);
    } finally {
      await pushService.close();
    }
  });

  it("session timeout: a token used only through the query service stays valid for the command service's writes", async () => {
    const put = await api('PUT', '/admin/settings', { token: admin.token, body: { session_timeout_minutes: 30 } });
    assert.equal(put.status, 200);
    const reader = await registerUser(api, 'Reads only');
    const idle = await registerUser(api, 'Idle');
    let offsetMs = 0;
    for (let step = 0; step < 3; step++) {
      offsetMs += 20 * 60_000;
      writeFileSync(clockOffsetFile, String(offsetMs));
      await new Promise((resolve) => setTimeout(resolve, 60)); // past the services' 20 ms re-read
      // Reads: the query service records the uses (TokenUsed) that the command service never sees.
      assert.equal((await api('GET', '/workouts', { token: reader.token })).status, 200);
      assert.equal((await api('GET', '/admin/settings', { token: admin.token })).status, 200);
    }
    // 60 minutes since the token was issued, 20 since the last read: the command service takes the write.
    // The last uses may still be on their way to the users read model (another process
    // projects them), so a write is given a few seconds to be taken.
    const writeSoon = async (token: string, method: 'PATCH' | 'PUT', url: string, body: unknown) => {
      const deadline = Date.now() + 10_000;
      let write = await api(method, url, { token, body });
      while (write.status === 401 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        write = await api(method, url, { token, body });
      }
      return write;
    };
    const write = await writeSoon(reader.token, 'PATCH', '/me', { name: 'Still reading' });
    assert.equal(write.status, 200, JSON.stringify(write.body));
    const refused = await api('PATCH', '/me', { token: idle.token, body: { name: 'Gone' } });
    assert.equal(refused.status, 401, 'unused for 60 minutes');
    // The admin, too, only read since the timeout was set.
    const reset = await writeSoon(admin.token, 'PUT', '/admin/settings', { session_timeout_minutes: 10_080 });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
  });

  it('mails from the command service: the reset link it writes resets the password through the gateway', async () => {
    const user = await registerUser(api, 'Forgetful');
    const asked = await api('POST', '/password/forgot', { body: { email: user.email } });
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    // No SMTP_URL: the command service writes each mail as an .eml file under DATA_DIR/mail.
    const resetMail = async () =>
      (await readMailFiles(path.join(dataDir, 'mail'))).find(
        (mail) => /^Reset/.test(mail.subject ?? '') && recipients(mail).includes(user.email),
      );
    let mail = await resetMail();
    for (const deadline = Date.now() + 10_000; !mail && Date.now() < deadline; mail = await resetMail()) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const link = mail?.text?.match(/http\S+\/reset-password\?\S+/)?.[0];
    assert.ok(link, `no reset link in ${mail?.text}`);
    const token = new URL(link).searchParams.get('token');
    const password = 'reset across processes';
    const reset = await api('POST', '/password/reset', {
      body: { email: user.email, token, password, password_confirmation: password },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.equal((await api('POST', '/auth/login', { body: { email: user.email, password } })).status, 200);
  });

  it('shuts every process down promptly and cleanly on SIGTERM', async () => {
    // Sockets left connected on purpose: the gateway must end its long-polls and tunnels itself
    // rather than wait out socket.io's 25 s ping interval. The gateway goes first, as an
    // orchestrator would stop the front door before what is behind it.
    const started = Date.now();
    for (const server of processes) {
      assert.deepEqual(await server.kill('SIGTERM'), { code: 0, signal: null }, server.output());
    }
    assert.ok(Date.now() - started < 5000, `stopped in ${Date.now() - started} ms`);
  });
});
