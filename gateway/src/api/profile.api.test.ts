import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('profile API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('updates the profile through a command, and the nutrition targets follow it', async () => {
    const { token } = await server.register('Ada');
    const updated = await server.api('PATCH', '/me', {
      token,
      body: {
        name: ' Ada Lovelace ',
        age: 30,
        gender: 'female',
        height: 165,
        weight: 60,
        activity_level: 'light',
        goals: ['build_muscle'],
      },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.name, 'Ada Lovelace');
    assert.deepEqual(
      { ...updated.body.profile, id: undefined, created_at: undefined, updated_at: undefined },
      {
        id: undefined,
        name: 'Ada Lovelace',
        age: 30,
        height: 165,
        weight: 60,
        weighed_on: updated.body.profile.weighed_on,
        activity_level: 'light',
        goals: ['build_muscle'],
        birth_date: null,
        gender: 'female',
        created_at: undefined,
        updated_at: undefined,
      },
    );
    const position = updated.headers.get('x-event-position') ?? '0';
    const me = await server.api('GET', '/me', { token, headers: { 'x-min-position': position } });
    assert.equal(me.body.profile.weight, 60);
    const targets = await server.api('GET', '/nutrition/targets', { token, headers: { 'x-min-position': position } });
    // (10·60 + 6.25·165 − 5·30 − 161) × 1.375 + 250 = 1320.25 × 1.375 + 250 ≈ 2065
    assert.deepEqual(
      { kcal: targets.body.kcal, water_ml: targets.body.water_ml, missing: targets.body.missing },
      { kcal: 2065, water_ml: 2100, missing: [] },
    );
  });

  it("records the profile's weight as a weigh-in: the profile and the latest weigh-in always agree", async () => {
    const { token, email, password } = await server.register('Cleo');
    const agree = async (position: string) => {
      const headers = { 'x-min-position': position };
      const me = await server.api('GET', '/me', { token, headers });
      const weighIns = await server.api('GET', '/body-weight', { token, headers });
      const latest = weighIns.body.data.at(-1);
      assert.deepEqual(
        { weight: me.body.profile.weight, weighed_on: me.body.profile.weighed_on },
        { weight: latest.weight, weighed_on: latest.date },
      );
      return latest;
    };
    const edited = await server.api('PATCH', '/me', { token, body: { weight: 69.5, weighed_on: '2026-03-02' } });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual([edited.body.profile.weight, edited.body.profile.weighed_on], [69.5, '2026-03-02']);
    assert.deepEqual(await agree(edited.headers.get('x-event-position') ?? '0'), { date: '2026-03-02', weight: 69.5 });

    // A weigh-in of a later day is the profile's weight from then on; one filled in for an earlier day is not.
    const later = await server.api('PUT', '/body-weight/2026-03-03', { token, body: { weight: 69.7 } });
    assert.deepEqual(await agree(later.headers.get('x-event-position') ?? '0'), { date: '2026-03-03', weight: 69.7 });
    const earlier = await server.api('PUT', '/body-weight/2026-03-01', { token, body: { weight: 71 } });
    const position = earlier.headers.get('x-event-position') ?? '0';
    assert.deepEqual(await agree(position), { date: '2026-03-03', weight: 69.7 });

    // Another profile change answers with the weight of the weigh-ins, and signing in does too.
    const renamed = await server.api('PATCH', '/me', {
      token,
      body: { name: 'Cleo B' },
      headers: { 'x-min-position': position },
    });
    assert.equal(renamed.body.profile.weight, 69.7);
    const login = await server.api('POST', '/auth/login', {
      body: { email, password },
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    assert.deepEqual([login.body.user.profile.weight, login.body.user.profile.weighed_on], [69.7, '2026-03-03']);

    // Without a day, the weigh-in is today's (UTC); the weight cannot be cleared, there being weigh-ins.
    const today = await server.api('PATCH', '/me', { token, body: { weight: 68.94 } });
    assert.equal(today.body.profile.weighed_on, new Date().toISOString().slice(0, 10));
    await agree(today.headers.get('x-event-position') ?? '0');
    for (const body of [{ weight: null }, { weighed_on: '2026-03-04' }, { weight: 70, weighed_on: '4.3.2026' }]) {
      const refused = await server.api('PATCH', '/me', { token, body });
      assert.equal(refused.status, 422, JSON.stringify(body));
    }
  });

  it('refuses goals that contradict each other with 422, naming the goals field, and records nothing', async () => {
    const { token, user } = await server.register('Dora');
    for (const goals of [
      ['lose_weight', 'gain_weight'],
      ['maintain_weight', 'lose_weight', 'build_muscle'],
    ]) {
      const refused = await server.api('PATCH', '/me', { token, body: { goals, weight: 80 } });
      assert.equal(refused.status, 422, JSON.stringify(goals));
      assert.match(refused.body.errors.goals[0], /contradict/);
    }
    const me = await server.api('GET', '/me', { token });
    assert.deepEqual(me.body.profile, user.profile);
    const weighIns = await server.api('GET', '/body-weight', { token });
    assert.deepEqual(weighIns.body.data, [], 'a refused profile records no weigh-in');
    const kept = await server.api('PATCH', '/me', { token, body: { goals: ['gain_weight', 'build_muscle'] } });
    assert.equal(kept.status, 200);
    assert.deepEqual(kept.body.profile.goals, ['gain_weight', 'build_muscle']);
  });

  it('starts a new account at the onboarding, which follows the account wherever it is changed', async () => {
    const { token, user } = await server.register('Elif', { onboarding: true });
    assert.equal(user.onboarding, 'units');
    const moved = await server.api('PATCH', '/me', { token, body: { height: 170, onboarding: 'goal' } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.onboarding, 'goal');
    const headers = { 'x-min-position': moved.headers.get('x-event-position') ?? '0' };
    assert.equal((await server.api('GET', '/auth/me', { token, headers })).body.onboarding, 'goal');
    const skipped = await server.api('PATCH', '/me', { token, body: { onboarding: 'skipped' } });
    assert.equal(skipped.body.onboarding, 'skipped');
    assert.equal((await server.api('PATCH', '/me', { token, body: { onboarding: 'later' } })).status, 422);
  });

  it('refuses an impossible profile with 422 and changes nothing', async () => {
    const { token, user } = await server.register('Bea');
    for (const body of [
      { age: 5 },
      { height: 20 },
      { weight: -1 },
      { gender: 'robot' },
      { goals: ['fly'] },
      { goals: ['build_muscle', 'build_muscle'] },
      {},
      { birth_date: '30.04.1990' },
      { email: 'x@y.z' },
    ]) {
      const response = await server.api('PATCH', '/me', { token, body });
      assert.equal(response.status, 422, JSON.stringify(body));
    }
    const me = await server.api('GET', '/me', { token });
    assert.deepEqual(me.body.profile, user.profile);
    assert.equal((await server.api('PATCH', '/me', { body: { age: 40 } })).status, 401);
  });

  it('gives default targets and names what the profile lacks', async () => {
    const { token } = await server.register();
    const targets = await server.api('GET', '/nutrition/targets', { token });
    assert.equal(targets.body.kcal, 2000);
    assert.ok(targets.body.missing.includes('weight'));
  });
});
