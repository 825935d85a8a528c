import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SYSTEM_SETTINGS_MODEL, SYSTEM_SETTINGS_STREAM, type UserDocument, userStream } from '@fitness/contracts';
import { createAuthenticator } from '@fitness/platform/authentication.ts';
import { readConfig } from '@fitness/platform/config.ts';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { buildEmbeddedApp } from '../embedded-app.ts';
import { apiClient, registerUser } from '../testing/api-client.ts';
import { connectLive, waitUntil } from '../testing/live-client.ts';
import { startServerProcess } from '../testing/server-process.ts';

const MINUTE = 60_000;
/** The settings of a new site, written out here as the spec gives them. */
const DEFAULTS = {
  site_name: 'Stride',
  maintenance_mode: false,
  maintenance_message: null,
  allow_registration: true,
  default_user_role: 'user',
  session_timeout_minutes: 10_080,
  users_per_page: 20,
  email_notifications: true,
  push_notifications: true,
};

/** The embedded product as startTestServer builds it, on a clock the session timeout test moves. */
async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitness-settings-test-'));
  const config = readConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', AUTH_RATE_LIMIT: '10000' });
  let offsetMs = 0;
  const built = await buildEmbeddedApp(config, { logger: false, clock: () => new Date(Date.now() + offsetMs) });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const api = apiClient(baseUrl);
  return {
    ...built,
    baseUrl,
    api,
    register: (name?: string) => registerUser(api, name),
    advance: (ms: number) => {
      offsetMs += ms;
    },
    clockOffset: () => offsetMs,
    async close() {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('admin settings API', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let user: Awaited<ReturnType<typeof registerUser>>;
  const put = (body: unknown, token = admin.token) => server.api('PUT', '/admin/settings', { token, body });

  beforeAll(async () => {
    server = await startServer();
    admin = await server.register('Admin');
    user = await server.register('User');
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(async () => {
    // Every test leaves the settings as it found them: the defaults.
    const reset = await put(DEFAULTS);
    assert.equal(reset.status, 200);
  });

  it('is for admins only: 401 for guests, 403 for users, on reading and on changing', async () => {
    assert.equal((await server.api('GET', '/admin/settings')).status, 401);
    assert.equal((await put({ site_name: 'X' }, '')).status, 401);
    const read = await server.api('GET', '/admin/settings', { token: user.token });
    assert.equal(read.status, 403);
    assert.equal(typeof read.body.message, 'string');
    assert.equal((await put({ site_name: 'X' }, user.token)).status, 403);
    const defaults = await server.api('GET', '/admin/settings', { token: admin.token });
    assert.equal(defaults.status, 200);
    assert.deepEqual(defaults.body, DEFAULTS);
  });

  it('refuses bad values with a message per field (422) and changes nothing', async () => {
    const response = await put({
      site_name: '   ',
      session_timeout_minutes: 2,
      users_per_page: 1000,
      default_user_role: 'owner',
      maintenance_mode: 'yes',
    });
    assert.equal(response.status, 422);
    assert.deepEqual(Object.keys(response.body.errors).sort(), [
      'default_user_role',
      'maintenance_mode',
      'session_timeout_minutes',
      'site_name',
      'users_per_page',
    ]);
    assert.deepEqual(response.body.errors.users_per_page, ['Users per page must be a whole number from 5 to 100.']);
    assert.equal((await put({ unknown_setting: true })).status, 422);
    assert.equal((await server.api('GET', '/admin/settings', { token: admin.token })).body.site_name, 'Stride');
  });

  it('stores each change as an event: only the changed fields, the acting admin and the time', async () => {
    const before = (await server.eventStore.readStream(SYSTEM_SETTINGS_STREAM)).length;
    const changed = await put({ site_name: 'Stride', users_per_page: 35, email_notifications: false });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.users_per_page, 35);
    assert.equal(changed.body.email_notifications, false);
    assert.equal(changed.body.push_notifications, true, 'what the body leaves out keeps its value');
    const events = await server.eventStore.readStream(SYSTEM_SETTINGS_STREAM);
    assert.equal(events.length, before + 1);
    const event = events.at(-1);
    assert.equal(event?.type, 'SystemSettingsChanged');
    assert.deepEqual(event?.data.changes, { usersPerPage: 35, emailNotifications: false });
    assert.equal(event?.metadata.actorId, admin.user.id);
    assert.match(String(event?.data.changedAt), /^\d{4}-\d\d-\d\dT/);
    // The same values again change nothing and record nothing.
    assert.equal((await put({ users_per_page: 35 })).status, 200);
    assert.equal((await server.eventStore.readStream(SYSTEM_SETTINGS_STREAM)).length, before + 1);
  });

  it('maintenance mode: 503 with the message for users and guests, while admins keep working and switch it off', async () => {
    const on = await put({ maintenance_mode: true, maintenance_message: 'Back at ten.' });
    assert.equal(on.status, 200);
    for (const response of [
      await server.api('GET', '/auth/me', { token: user.token }),
      await server.api('GET', '/workouts', { token: user.token }),
      await server.api('POST', '/workouts', { token: user.token, body: { name: 'Legs' } }),
      await server.api('GET', '/workouts'),
      await server.api('POST', '/auth/register', {
        body: {
          name: 'New',
          email: 'new@example.com',
          password: 'correct horse',
          password_confirmation: 'correct horse',
        },
      }),
    ]) {
      assert.equal(response.status, 503);
      assert.deepEqual(response.body, { message: 'Back at ten.' });
    }
    // A user cannot sign in; an admin can.
    const userSignIn = await server.api('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(userSignIn.status, 503);
    assert.equal(userSignIn.body.token, undefined);
    const adminSignIn = await server.api('POST', '/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    assert.equal(adminSignIn.status, 200);
    assert.equal((await server.api('GET', '/workouts', { token: adminSignIn.body.token })).status, 200);
    // Anyone may still read the site's public information, which says why.
    const site = await server.api('GET', '/site');
    assert.equal(site.status, 200);
    assert.equal(site.body.maintenance_mode, true);
    assert.equal(site.body.maintenance_message, 'Back at ten.');
    // Without a message of their own, users read the default one.
    await put({ maintenance_message: null });
    const plain = await server.api('GET', '/auth/me', { token: user.token });
    assert.equal(plain.status, 503);
    assert.match(plain.body.message, /maintenance/);
    // The admin switches it off, and the user is back.
    assert.equal((await put({ maintenance_mode: false })).status, 200);
    assert.equal((await server.api('GET', '/auth/me', { token: user.token })).status, 200);
    assert.equal((await server.api('GET', '/site')).body.maintenance_message, null);
  });

  it("maintenance mode: a user's sign-in is refused before it makes a session, an admin's still makes one", async () => {
    const devices = async (account: { token: string }) => {
      const headers = { 'x-min-position': String(await server.eventStore.headPosition()) };
      const list = await server.api('GET', '/auth/tokens', { token: account.token, headers });
      assert.equal(list.status, 200);
      return list.body.data.length;
    };
    const [userDevices, adminDevices] = [await devices(user), await devices(admin)];
    assert.equal((await put({ maintenance_mode: true })).status, 200);
    try {
      const refused = await server.api('POST', '/auth/login', { body: { email: user.email, password: user.password } });
      assert.equal(refused.status, 503);
      assert.deepEqual(Object.keys(refused.body), ['message']);
      const signedIn = await server.api('POST', '/auth/login', {
        body: { email: admin.email, password: admin.password },
      });
      assert.equal(signedIn.status, 200);
      assert.equal((await server.api('GET', '/auth/me', { token: signedIn.body.token })).status, 200);
    } finally {
      assert.equal((await put({ maintenance_mode: false })).status, 200);
    }
    assert.equal(await devices(user), userDevices, 'no new device for the refused sign-in');
    assert.equal(await devices(admin), adminDevices + 1);
  });

  it("maintenance mode closes users' live channels once they heard of it, while admins' stay open", async () => {
    const userLive = await connectLive(server.baseUrl, user.token);
    const adminLive = await connectLive(server.baseUrl, admin.token);
    const userClosed = new Promise<string>((resolve) => userLive.socket.once('disconnect', resolve));
    try {
      const on = await put({ maintenance_mode: true });
      assert.equal(on.status, 200);
      assert.equal(await userClosed, 'io server disconnect');
      assert.ok(
        userLive.received.some(({ notice }) => notice.model === SYSTEM_SETTINGS_MODEL),
        'the user heard of the change before the channel closed',
      );
      await assert.rejects(connectLive(server.baseUrl, user.token), /Maintenance/);
      assert.equal(adminLive.socket.connected, true);
      const again = await connectLive(server.baseUrl, admin.token);
      again.socket.disconnect();

      assert.equal((await put({ maintenance_mode: false })).status, 200);
      const back = await connectLive(server.baseUrl, user.token);
      back.socket.disconnect();
    } finally {
      userLive.socket.disconnect();
      adminLive.socket.disconnect();
      await put({ maintenance_mode: false });
    }
  });

  it('allow registration off: registering answers 403 with a clear message, and /site says so', async () => {
    await put({ allow_registration: false });
    const refused = await server.api('POST', '/auth/register', {
      body: {
        name: 'Late',
        email: `late-${Date.now()}@example.com`,
        password: 'correct horse',
        password_confirmation: 'correct horse',
      },
    });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /Registration is closed/);
    assert.equal((await server.api('GET', '/site')).body.allow_registration, false);
    await put({ allow_registration: true });
    assert.equal((await server.api('GET', '/site')).body.allow_registration, true);
    await server.register('On time');
  });

  it('default user role: new accounts get it (the first account of the system was made admin regardless)', async () => {
    assert.equal(admin.user.role, 'admin');
    assert.equal(user.user.role, 'user');
    await put({ default_user_role: 'admin' });
    assert.equal((await server.register('Second admin')).user.role, 'admin');
    await put({ default_user_role: 'user' });
    assert.equal((await server.register('Plain')).user.role, 'user');
  });

  it('session timeout: a token unused for longer than the timeout stops working (401)', async () => {
    await put({ session_timeout_minutes: 30 });
    const idle = await server.register('Idle');
    const busy = await server.register('Busy');
    for (let step = 0; step < 3; step++) {
      server.advance(20 * MINUTE);
      assert.equal((await server.api('GET', '/auth/me', { token: busy.token })).status, 200, 'used every 20 minutes');
      assert.equal((await server.api('GET', '/auth/me', { token: admin.token })).status, 200);
      assert.equal((await server.api('GET', '/auth/me', { token: user.token })).status, 200);
    }
    const expired = await server.api('GET', '/auth/me', { token: idle.token });
    assert.equal(expired.status, 401, 'unused for 60 minutes');
    // It stays dead, and signing in again gives a working token.
    assert.equal((await server.api('GET', '/auth/me', { token: idle.token })).status, 401);
    const again = await server.api('POST', '/auth/login', { body: { email: idle.email, password: idle.password } });
    assert.equal((await server.api('GET', '/auth/me', { token: again.body.token })).status, 200);
  });

  it('session timeout: a token refused as idle stays refused when an admin raises the timeout', async () => {
    await put({ session_timeout_minutes: 30 });
    const idle = await server.register('Idle, then hoping');
    for (let step = 0; step < 2; step++) {
      server.advance(20 * MINUTE);
      assert.equal((await server.api('GET', '/auth/me', { token: admin.token })).status, 200);
      assert.equal((await server.api('GET', '/auth/me', { token: user.token })).status, 200);
    }
    assert.equal((await server.api('GET', '/auth/me', { token: idle.token })).status, 401, 'unused for 40 minutes');
    const revocations = async () =>
      (await server.eventStore.readStream(userStream(idle.user.id))).filter(
        (event) => event.type === 'AccessTokenRevoked',
      );
    // Refused once the server has revoked it.
    const [revoked] = await revocations();
    assert.equal(revoked?.data.reason, 'idle');
    assert.equal(revoked?.metadata.actorId, null);

    assert.equal((await put({ session_timeout_minutes: 10_080 })).status, 200);
    assert.equal((await server.api('GET', '/auth/me', { token: idle.token })).status, 401, 'a week now, but revoked');
    assert.equal((await revocations()).length, 1, 'only the first refusal writes');
    assert.equal((await server.api('GET', '/auth/me', { token: user.token })).status, 200);
  });

  /** The TokenUsed events on a user's stream, once `count` of them are there (or after `ms`). */
  async function tokenUses(userId: string, count: number, ms = 2000) {
    const read = async () =>
      (await server.eventStore.readStream(userStream(userId))).filter((event) => event.type === 'TokenUsed');
    const deadline = Date.now() + ms;
    let uses = await read();
    while (uses.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      uses = await read();
    }
    return uses;
  }

  it('session timeout: uses within the throttle window record one TokenUsed, not one per request', async () => {
    // 30 minutes: a use is recorded once the recorded one is over 5 minutes old (7.5 is a quarter).
    await put({ session_timeout_minutes: 30 });
    const reader = await server.register('Reader');
    const me = () => server.api('GET', '/auth/me', { token: reader.token });
    for (let i = 0; i < 5; i++) assert.equal((await me()).status, 200);
    assert.equal((await tokenUses(reader.user.id, 1, 200)).length, 0, 'the token was issued just now');

    server.advance(6 * MINUTE);
    for (let i = 0; i < 10; i++) assert.equal((await me()).status, 200);
    const first = await tokenUses(reader.user.id, 1);
    assert.equal(first.length, 1);
    assert.equal((await tokenUses(reader.user.id, 2, 200)).length, 1, 'ten requests in the window, one event');
    assert.equal(first[0]?.metadata.actorId, reader.user.id);

    server.advance(2 * MINUTE);
    for (let i = 0; i < 5; i++) assert.equal((await me()).status, 200);
    server.advance(4 * MINUTE);
    for (let i = 0; i < 5; i++) assert.equal((await me()).status, 200);
    const uses = await tokenUses(reader.user.id, 2);
    assert.equal(uses.length, 2, 'the next window records once more');
    // The token list's "last used" (and every other process's timeout) follows.
    const head = await server.eventStore.headPosition();
    assert.ok(await server.runner.waitFor(['users'], head, 5000));
    const document = await server.readStore.get<UserDocument>('users', reader.user.id);
    assert.equal(document?.tokens[0]?.last_used_at, (uses[1]?.data as { usedAt?: string } | undefined)?.usedAt);
  });

  it('session timeout: a token used only through reads stays valid for a write, in a process that saw none of them', async () => {
    await put({ session_timeout_minutes: 30 });
    const reader = await server.register('Reads only');
    for (let step = 0; step < 3; step++) {
      server.advance(20 * MINUTE);
      assert.equal((await server.api('GET', '/workouts', { token: reader.token })).status, 200);
      assert.equal((await server.api('GET', '/auth/me', { token: admin.token })).status, 200);
    }
    assert.equal((await tokenUses(reader.user.id, 3)).length, 3, 'one use recorded per read, 20 minutes apart');
    assert.ok(await server.runner.waitFor(['users'], await server.eventStore.headPosition(), 5000));
    // A command service that served none of the reads knows them from the users read model.
    const elsewhere = createAuthenticator(server, server.runner, {
      now: () => new Date(Date.now() + server.clockOffset()),
    });
    assert.equal((await elsewhere.authenticate(reader.token))?.id, reader.user.id, '60 minutes in all, 20 idle');
    const write = await server.api('PATCH', '/me', { token: reader.token, body: { name: 'Still here' } });
    assert.equal(write.status, 200);
    // A token nobody used for as long is refused there too.
    const idle = await server.register('Idle elsewhere');
    for (const minutes of [20, 11]) {
      server.advance(minutes * MINUTE);
      assert.equal((await server.api('GET', '/auth/me', { token: admin.token })).status, 200);
    }
    assert.equal(await elsewhere.authenticate(idle.token), null);
  });

  it("users per page: the admin users list's page size when the request names none", async () => {
    for (let i = 0; i < 6; i++) await server.register(`Paged ${i}`);
    const position = String(await server.eventStore.headPosition());
    const headers = { 'x-min-position': position };
    await put({ users_per_page: 5 });
    const page = await server.api('GET', '/admin/users', { token: admin.token, headers });
    assert.equal(page.status, 200);
    assert.equal(page.body.data.length, 5);
    assert.equal(page.body.meta.per_page, 5);
    assert.ok(page.body.meta.total > 5);
    const asked = await server.api('GET', '/admin/users?per_page=6', { token: admin.token, headers });
    assert.equal(asked.body.data.length, 6, 'a per_page in the request wins');
  });

  it('the notification switches: stored and answered, for the mail and push senders to obey', async () => {
    await put({ email_notifications: false, push_notifications: false });
    const settings = await server.api('GET', '/admin/settings', { token: admin.token });
    assert.equal(settings.body.email_notifications, false);
    assert.equal(settings.body.push_notifications, false);
  });

  it('site name: /site, the page title and the manifest carry it', async () => {
    await put({ site_name: 'Iron & Oak' });
    assert.equal((await server.api('GET', '/site')).body.site_name, 'Iron & Oak');
    const page = await fetch(`${server.baseUrl}/dashboard`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>Iron &amp; Oak<\/title>/);
    const manifest = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    assert.equal(manifest.status, 200);
    const fields = (await manifest.json()) as { name: string; short_name: string };
    assert.equal(fields.short_name, 'Iron & Oak');
    assert.equal(fields.name, 'Iron & Oak fitness tracker');
  });

  it('tells every signed-in client at once when the settings change', async () => {
    const clients = [await connectLive(server.baseUrl, admin.token), await connectLive(server.baseUrl, user.token)];
    try {
      await put({ site_name: 'Live Gym' });
      const told = (client: (typeof clients)[number]) =>
        client.received.some(({ notice }) => notice.model === 'system_settings' && notice.userId === null);
      assert.ok(await waitUntil(() => clients.every(told), 2000));
    } finally {
      for (const client of clients) client.socket.disconnect();
    }
  });

  it('is in the OpenAPI document', async () => {
    const document = await server.api('GET', '/openapi.json');
    assert.ok(document.body.paths['/api/v1/admin/settings'].get);
    assert.ok(document.body.paths['/api/v1/admin/settings'].put);
    assert.ok(document.body.paths['/api/v1/site'].get);
    // The settings' effects are in it too: registration closed, and maintenance on every route it gates.
    const { paths } = document.body;
    assert.ok(paths['/api/v1/auth/register'].post.responses['403']);
    for (const [path, method] of [
      ['/api/v1/workouts', 'get'],
      ['/api/v1/workouts', 'post'],
      ['/api/v1/auth/register', 'post'],
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/admin/settings', 'put'],
    ] as const) {
      assert.ok(paths[path][method].responses['503'], `${method} ${path} documents 503`);
    }
    assert.equal(paths['/api/v1/site'].get.responses['503'], undefined, 'GET /site stays open');
    assert.equal(paths['/api/v1/auth/logout'].post.responses['503'], undefined, 'signing out stays open');
  });
});

describe('session timeout across a restart', () => {
  it('a restarted server process still refuses a token idle for longer than the timeout, and accepts one used recently', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitness-timeout-restart-'));
    // The process's clock runs ahead by what the test writes here (see testing/shifted-clock.ts).
    const offsetFile = path.join(dataDir, 'clock-offset-ms');
    const shiftedClock = pathToFileURL(
      path.join(path.dirname(fileURLToPath(import.meta.url)), '../testing/shifted-clock.ts'),
    );
    const env = {
      AUTH_RATE_LIMIT: '10000',
      CLOCK_OFFSET_FILE: offsetFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${shiftedClock.href}`.trim(),
    };
    const moveClockTo = async (ms: number) => {
      writeFileSync(offsetFile, String(ms));
      await new Promise((resolve) => setTimeout(resolve, 60)); // past the process's 20 ms re-read
    };
    let server = await startServerProcess(dataDir, env);
    try {
      let api = apiClient(server.baseUrl);
      const admin = await registerUser(api, 'Admin');
      const put = await api('PUT', '/admin/settings', { token: admin.token, body: { session_timeout_minutes: 30 } });
      assert.equal(put.status, 200);
      const idle = await registerUser(api, 'Idle');
      const busy = await registerUser(api, 'Busy');
      await moveClockTo(20 * MINUTE);
      assert.equal((await api('GET', '/auth/me', { token: busy.token })).status, 200);
      assert.equal((await api('GET', '/auth/me', { token: admin.token })).status, 200);
      // The use is in the log (TokenUsed) before the process stops.
      const recorded = async () => {
        const stream = await api('GET', `/admin/events/streams/${userStream(busy.user.id)}`, { token: admin.token });
        return (stream.body.data as { type: string }[]).some((event) => event.type === 'TokenUsed');
      };
      const deadline = Date.now() + 3000;
      while (!(await recorded()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(await recorded(), 'the use was recorded');

      assert.equal((await server.kill('SIGTERM')).code, 0);
      await moveClockTo(40 * MINUTE);
      server = await startServerProcess(dataDir, env);
      api = apiClient(server.baseUrl);
      // 40 minutes unused: no fresh timeout for having restarted.
      assert.equal((await api('GET', '/auth/me', { token: idle.token })).status, 401);
      // Used 20 minutes ago, before the restart.
      assert.equal((await api('GET', '/auth/me', { token: busy.token })).status, 200);
    } finally {
      await server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
