import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** Impossible or absurd dates are refused on every dated write and read, and change nothing. */
describe('dates', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    await server.register('Admin');
    token = (await server.register('Dated')).token;
  });
  afterAll(async () => {
    await server.close();
  });

  const BAD_DAYS = ['0000-01-01', '9999-12-31', '1899-12-31', '2100-01-01', '2026-02-30', '2025-02-29'];

  it('refuses them on every dated write, changing nothing', async () => {
    const [template] = (await server.api('GET', '/templates', { token })).body.data;
    for (const day of BAD_DAYS) {
      const writes = [
        await server.api('POST', '/workouts', { token, body: { name: 'Legs', date: day } }),
        await server.api('POST', '/meals', { token, body: { date: day, type: 'lunch' } }),
        await server.api('POST', `/water/${day}`, { token, body: { ml: 250 } }),
        await server.api('PUT', `/steps/${day}`, { token, body: { count: 1000 } }),
        await server.api('PUT', `/body-weight/${day}`, { token, body: { weight: 80 } }),
        await server.api('POST', `/templates/${template.id}/start`, { token, body: { date: day } }),
      ];
      for (const response of writes) assert.equal(response.status, 422, `${day}: ${JSON.stringify(response.body)}`);
    }
    assert.equal((await server.api('GET', '/workouts', { token })).body.data.length, 0);
    assert.equal((await server.api('GET', '/meals', { token })).body.data.length, 0);
  });

  it('refuses them on dated reads instead of answering for another day', async () => {
    for (const day of BAD_DAYS) {
      for (const path of ['/metrics/today', '/metrics/weekly', '/metrics/monthly']) {
        const response = await server.api('GET', `${path}?date=${day}`, { token });
        assert.equal(response.status, 422, `${path} ${day}: ${JSON.stringify(response.body)}`);
      }
    }
    assert.equal((await server.api('GET', '/metrics/monthly?date=2026-02-01', { token })).status, 200);
  });

  it('takes a birth date only when it makes the user 13 to 120 years old', async () => {
    for (const birth_date of ['2099-01-01', '2030-06-01', '2020-01-01', '1900-01-01', '1990-02-30']) {
      const response = await server.api('PATCH', '/me', { token, body: { birth_date } });
      assert.equal(response.status, 422, birth_date);
      assert.ok(response.body.errors.birth_date, JSON.stringify(response.body));
    }
    assert.equal((await server.api('GET', '/me', { token })).body.profile.birth_date, null, 'nothing stored');
    const fine = await server.api('PATCH', '/me', { token, body: { birth_date: '1990-04-30' } });
    assert.equal(fine.status, 200);
    assert.equal(fine.body.profile.birth_date, '1990-04-30');
  });
});
