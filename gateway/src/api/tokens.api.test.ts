import assert from 'node:assert/strict';
import { DEFAULT_CLIENT_SETTINGS } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectLive, waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('API tokens and signed-in devices', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function signIn(email: string, password: string, userAgent: string) {
    const response = await server.api('POST', '/auth/login', {
      body: { email, password },
      headers: { 'user-agent': userAgent },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.token as string;
  }

  it('lists each sign-in as a device named after its browser, marking the one asking', async () => {
    const { token, email, password } = await server.register('Devices');
    const firefox = await signIn(email, password, FIREFOX);
    const list = await server.api('GET', '/auth/tokens', { token: firefox });
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 2);
    const [newest, first] = list.body.data;
    assert.deepEqual(
      { name: newest.name, kind: newest.kind, current: newest.current },
      { name: 'Firefox on Linux', kind: 'session', current: true },
    );
    assert.equal(first.current, false);
    assert.equal(first.kind, 'session');
    for (const entry of list.body.data) {
      assert.deepEqual(Object.keys(entry).sort(), [
        'created_at',
        'current',
        'expires_at',
        'id',
        'kind',
        'last_used_at',
        'name',
      ]);
    }
    assert.equal((await server.api('GET', '/auth/tokens', { token })).body.data[1].current, true);
  });

  it('makes a personal token shown once, usable as a Bearer token, whose last use is recorded', async () => {
    const { token } = await server.register('Scripter');
    const created = await server.api('POST', '/auth/tokens', { token, body: { name: '  Home Assistant ' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { access_token, plain_text_token } = created.body;
    assert.equal(access_token.name, 'Home Assistant');
    assert.equal(access_token.kind, 'personal');
    const days = (Date.parse(access_token.expires_at) - Date.parse(access_token.created_at)) / 86_400_000;
    assert.equal(Math.round(days), 365);

    const me = await server.api('GET', '/me', { token: plain_text_token });
    assert.equal(me.status, 200);
    const listed = (await server.api('GET', '/auth/tokens', { token })).body.data;
    const entry = listed.find((t: { id: string }) => t.id === access_token.id);
    assert.ok(entry, 'the new token is listed');
    assert.equal(JSON.stringify(listed).includes(plain_text_token), false, 'the plain token is never listed');
    assert.equal(JSON.stringify(listed).includes(plain_text_token.split('.')[2]), false);
    assert.ok(entry.last_used_at >= access_token.created_at);
  });

  it('refuses a bad token request with field messages', async () => {
    const { token } = await server.register('Careless');
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'ok', expires_in_days: 0 }, 'expires_in_days'],
      [{ name: 'ok', expires_in_days: 1.5 }, 'expires_in_days'],
      [{ name: 'ok', scopes: ['*'] }, 'scopes'],
    ];
    for (const [body, field] of cases) {
      const response = await server.api('POST', '/auth/tokens', { token, body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.ok(response.body.errors[field], `${JSON.stringify(body)} → ${JSON.stringify(response.body)}`);
    }
    assert.equal((await server.api('POST', '/auth/tokens', { body: { name: 'x' } })).status, 401);
  });

  it('revokes a token at once: refused over HTTP and its open socket dropped', async () => {
    const { token } = await server.register('Revoker');
    const created = await server.api('POST', '/auth/tokens', { token, body: { name: 'CI job' } });
    const { plain_text_token, access_token } = created.body;
    const live = await connectLive(server.baseUrl, plain_text_token);
    const dropped = new Promise<string>((resolve) => live.socket.once('disconnect', resolve));

    const revoked = await server.api('DELETE', `/auth/tokens/${access_token.id}`, { token });
    assert.equal(revoked.status, 200);
    assert.equal((await server.api('GET', '/me', { token: plain_text_token })).status, 401);
    assert.equal(await dropped, 'io server disconnect');
    assert.equal((await server.api('GET', '/me', { token })).status, 200, 'the other tokens keep working');
    await assert.rejects(connectLive(server.baseUrl, plain_text_token), /Unauthenticated/);
  });

  it('signs out another device, and answers 404 for a token that is not yours', async () => {
    const owner = await server.register('Owner');
    const laptop = await signIn(owner.email, owner.password, FIREFOX);
    const other = await server.register('Other');
    const laptopId = (await server.api('GET', '/auth/tokens', { token: laptop })).body.data.find(
      (t: { current: boolean }) => t.current,
    ).id;

    const stranger = await server.api('DELETE', `/auth/tokens/${laptopId}`, { token: other.token });
    assert.equal(stranger.status, 404);
    assert.equal((await server.api('GET', '/me', { token: laptop })).status, 200, 'a stranger cannot sign it out');

    assert.equal((await server.api('DELETE', `/auth/tokens/${laptopId}`, { token: owner.token })).status, 200);
    assert.equal((await server.api('GET', '/me', { token: laptop })).status, 401);
    assert.equal((await server.api('DELETE', `/auth/tokens/${laptopId}`, { token: owner.token })).status, 404);
  });
});

describe('client settings on the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('starts at the defaults and keeps what the user changes', async () => {
    const { token } = await server.register('Settler');
    const fresh = await server.api('GET', '/me/settings', { token });
    assert.equal(fresh.status, 200);
    assert.deepEqual(fresh.body, { settings: DEFAULT_CLIENT_SETTINGS, changed: [] });

    const changed = await server.api('PATCH', '/me/settings', {
      token,
      body: { theme: 'dark', weeklyReports: true, defaultRestTime: 120 },
    });
    assert.equal(changed.status, 200);
    assert.deepEqual(changed.body.settings, {
      ...DEFAULT_CLIENT_SETTINGS,
      theme: 'dark',
      weeklyReports: true,
      defaultRestTime: 120,
    });
    assert.deepEqual(changed.body.changed.sort(), ['defaultRestTime', 'theme', 'weeklyReports']);
    const read = await server.api('GET', '/me/settings', {
      token,
      headers: { 'X-Min-Position': changed.headers.get('x-event-position') ?? '0' },
    });
    assert.deepEqual(read.body.settings, changed.body.settings);
    assert.deepEqual(read.body.changed.sort(), changed.body.changed);
  });

  it('keeps a weekly goal, a bar and the plates a gym has, per unit', async () => {
    const { token } = await server.register('Lifter');
    const changed = await server.api('PATCH', '/me/settings', {
      token,
      body: { weeklyWorkoutGoal: 4, barWeightKg: 15, platesKg: [20, 10, 5, 2.5, 0.5], platesLb: [45, 25, 10] },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(changed.body.settings, {
      ...DEFAULT_CLIENT_SETTINGS,
      weeklyWorkoutGoal: 4,
      barWeightKg: 15,
      platesKg: [20, 10, 5, 2.5, 0.5],
      platesLb: [45, 25, 10],
    });
    assert.deepEqual(changed.body.changed.sort(), ['barWeightKg', 'platesKg', 'platesLb', 'weeklyWorkoutGoal']);
  });

  it('refuses unknown settings and values of the wrong kind, changing nothing', async () => {
    const { token } = await server.register('Fiddler');
    const cases: [unknown, string][] = [
      [{ theme: 'purple' }, 'theme'],
      [{ weeklyReports: 'yes' }, 'weeklyReports'],
      [{ defaultRestTime: -1 }, 'defaultRestTime'],
      [{ defaultRestTime: 4000 }, 'defaultRestTime'],
      [{ favouriteColour: 'red' }, 'favouriteColour'],
      [{ language: 'fr' }, 'language'],
      [{ weeklyWorkoutGoal: 0 }, 'weeklyWorkoutGoal'],
      [{ weeklyWorkoutGoal: 2.5 }, 'weeklyWorkoutGoal'],
      [{ barWeightKg: -5 }, 'barWeightKg'],
      [{ barWeightLb: '45' }, 'barWeightLb'],
      [{ platesKg: [] }, 'platesKg'],
      [{ platesKg: [20, 0] }, 'platesKg.1'],
      [{ platesLb: [45, 'ten'] }, 'platesLb.1'],
      [{ platesLb: 45 }, 'platesLb'],
    ];
    for (const [body, field] of cases) {
      const response = await server.api('PATCH', '/me/settings', { token, body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.ok(response.body.errors[field], `${JSON.stringify(body)} → ${JSON.stringify(response.body)}`);
    }
    assert.deepEqual((await server.api('GET', '/me/settings', { token })).body.settings, DEFAULT_CLIENT_SETTINGS);
    assert.equal((await server.api('PATCH', '/me/settings', { body: { theme: 'dark' } })).status, 401);
  });

  it("reaches the user's other devices live, and no one else", async () => {
    const phone = await server.register('Two Devices');
    const laptop = await server.api('POST', '/auth/login', {
      body: { email: phone.email, password: phone.password },
    });
    const stranger = await server.register('Stranger');
    const laptopLive = await connectLive(server.baseUrl, laptop.body.token);
    const strangerLive = await connectLive(server.baseUrl, stranger.token);
    try {
      const changed = await server.api('PATCH', '/me/settings', { token: phone.token, body: { units: 'imperial' } });
      assert.equal(changed.status, 200);
      const position = Number(changed.headers.get('x-event-position'));
      assert.ok(
        await waitUntil(() =>
          laptopLive.received.some(
            ({ notice }) => notice.model === 'users' && notice.id === phone.user.id && notice.position >= position,
          ),
        ),
        'the laptop hears of the change',
      );
      const onLaptop = await server.api('GET', '/me/settings', { token: laptop.body.token });
      assert.equal(onLaptop.body.settings.units, 'imperial');
      assert.equal(
        strangerLive.received.some(({ notice }) => notice.id === phone.user.id),
        false,
        'a stranger hears nothing of it',
      );

      // Writing back the same value (a device echoing what it heard) records nothing.
      const echoed = await server.api('PATCH', '/me/settings', {
        token: laptop.body.token,
        body: { units: 'imperial' },
      });
      assert.equal(echoed.status, 200);
      assert.equal(Number(echoed.headers.get('x-event-position')) <= position, true);
    } finally {
      laptopLive.socket.disconnect();
      strangerLive.socket.disconnect();
    }
  });
});
