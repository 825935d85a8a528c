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
    const cleared = await server.api('PATCH', '/me', { token, body: { weight: null } });
    assert.equal(cleared.body.profile.weight, null);
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
});
