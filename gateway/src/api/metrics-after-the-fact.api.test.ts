import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ApiResponse } from '../testing/api-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * The daily metrics read model keeps each day's totals; what depends on the profile and on the
 * exercise library is worked out when read, so a change made after the day shows at once.
 */
describe('metrics API, after the fact', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('burns by the custom exercise’s category and the profile’s weight as they are now', async () => {
    const { token } = await server.register('Later');
    const date = '2026-10-14';
    const after = (response: ApiResponse) => ({ 'x-min-position': response.headers.get('x-event-position') ?? '0' });
    const burned = async (written: ApiResponse) => {
      const [day, month] = await Promise.all(
        [`/metrics/today?date=${date}`, `/metrics/monthly?date=${date}`].map((url) =>
          server.api('GET', url, { token, headers: after(written) }),
        ),
      );
      assert.equal(
        month?.body.days.find((entry: { date: string }) => entry.date === date)?.calories.burned,
        day?.body.calories.burned,
      );
      return day?.body.calories.burned;
    };

    await server.api('PATCH', '/me', { token, body: { weight: 80 } });
    const created = await server.api('POST', '/exercises', {
      token,
      body: { name: 'Sandbag run', category: 'cardio', primary_muscle: 'legs', equipment: 'bodyweight' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const sandbag = created.body;
    const workout = (await server.api('POST', '/workouts', { token, body: { name: 'Carry', date } })).body;
    const added = (
      await server.api('POST', `/workouts/${workout.id}/exercises`, {
        token,
        body: { exercise_id: sandbag.id, name: sandbag.name },
      })
    ).body;
    await server.api('POST', `/workouts/${workout.id}/exercises/${added.id}/sets`, { token, body: { reps: 1 } });
    const completed = await server.api('PATCH', `/workouts/${workout.id}`, {
      token,
      body: { status: 'completed', duration: 60 },
    });
    // Cardio: 7 MET × 80 kg × 1 h.
    assert.equal(await burned(completed), 560);

    const stretched = await server.api('PATCH', `/exercises/${sandbag.id}`, {
      token,
      body: { category: 'flexibility' },
    });
    assert.equal(stretched.status, 200, JSON.stringify(stretched.body));
    assert.equal(await burned(stretched), 200, 'flexibility: 2.5 MET');

    const lighter = await server.api('PATCH', '/me', { token, body: { weight: 60 } });
    assert.equal(await burned(lighter), 150, 'at 60 kg');

    const deleted = await server.api('DELETE', `/exercises/${sandbag.id}`, { token });
    assert.equal(deleted.status, 200);
    assert.equal(await burned(deleted), 300, 'an exercise no longer in the library counts as strength: 5 MET');
  });
});
