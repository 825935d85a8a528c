import assert from 'node:assert/strict';
import {
  type ChangeNotice,
  changesRecordsOrAchievements,
  newestRecordsFirst,
  personalRecords,
  progress,
  type WorkoutDocument,
} from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ownWrites } from '../testing/api-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Records and achievements come from their own read model, kept as sets and workouts change.
 * Whatever happens to the history, they answer what the reference functions work out from the
 * workouts read model: the answers the endpoints gave when they folded every workout per request.
 */
describe('records and achievements API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function athlete() {
    const { token, user } = await server.register('Lifter');
    const { call, read, position } = ownWrites(server.api, token);
    const get = async (url: string) => {
      const response = await read(url);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.headers.get('x-read-consistent'), null, 'the read model caught up');
      return response.body;
    };
    /** The endpoints' answers equal the reference functions' over the workouts read model. */
    const agrees = async (today: string) => {
      // Read directly, the read model is as fresh as the projections thread has made it.
      assert.ok(await server.runner.waitFor(['workouts'], position(), 5000));
      const workouts = await server.readStore.find<WorkoutDocument>('workouts', { where: { user_id: user.id } });
      for (const formula of ['epley', 'brzycki'] as const) {
        assert.deepEqual(
          (await get(`/metrics/prs?formula=${formula}`)).data,
          newestRecordsFirst(personalRecords(workouts, formula)),
          formula,
        );
      }
      assert.deepEqual(await get(`/metrics/achievements?date=${today}`), progress(workouts, today));
    };
    return { call, get, agrees, position };
  }

  it('answers as the reference does through sets, edits, renames, moved days and deletions', async () => {
    const { call, get, agrees } = await athlete();
    const [squat] = (await get('/exercises?search=back%20squat&per_page=1')).data;
    const session = async (date: string, sets: { reps: number; weight?: number | null; type?: string }[]) => {
      const workout = await call('POST', '/workouts', { name: `Session ${date}`, date });
      const library = await call('POST', `/workouts/${workout.id}/exercises`, {
        exercise_id: squat.id,
        name: squat.name,
      });
      const typed = await call('POST', `/workouts/${workout.id}/exercises`, {
        name: date < '2026-11-10' ? 'Sled push' : 'sled PUSH ',
      });
      const logged = [];
      for (const set of sets) {
        logged.push(await call('POST', `/workouts/${workout.id}/exercises/${library.id}/sets`, set));
        await call('POST', `/workouts/${workout.id}/exercises/${typed.id}/sets`, { reps: set.reps, weight: 40 });
      }
      return { workout, library, typed, sets: logged };
    };

    const first = await session('2026-11-02', [
      { reps: 5, weight: 100 },
      { reps: 8, weight: 80 },
    ]);
    const second = await session('2026-11-09', [
      { reps: 3, weight: 110.25 },
      { reps: 1, weight: 150, type: 'warmup' },
    ]);
    const third = await session('2026-11-16', [{ reps: 12, weight: null }]);
    await agrees('2026-11-16');

    await call('PATCH', `/workouts/${first.workout.id}`, { status: 'completed', duration: 50 });
    await call('PATCH', `/workouts/${second.workout.id}`, { status: 'completed', duration: 65 });
    await agrees('2026-11-16');

    const base = `/workouts/${second.workout.id}/exercises/${second.library.id}`;
    await call('PATCH', `${base}/sets/${second.sets[0].id}`, { weight: 99.5, reps: 6 });
    await call('PATCH', `/workouts/${third.workout.id}/exercises/${third.typed.id}`, { name: 'Prowler' });
    await agrees('2026-11-17');

    await call('PATCH', `/workouts/${second.workout.id}`, { date: '2026-10-26' });
    await agrees('2026-11-17');
    await call('DELETE', `/workouts/${first.workout.id}`);
    await call('DELETE', `${base}/sets/${second.sets[0].id}`);
    await agrees('2026-11-20');
  });

  it('announces a change to the records only when a set changes them', async () => {
    const { call, get, position } = await athlete();
    const notices: ChangeNotice[] = [];
    const stop = server.runner.onChange((notice) => notices.push(notice));
    try {
      const workout = await call('POST', '/workouts', { name: 'Bench', date: '2026-11-21' });
      const exercise = await call('POST', `/workouts/${workout.id}/exercises`, { name: 'Bench press' });
      const log = (body: unknown) => call('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, body);
      const announced = async () => {
        await get('/metrics/prs');
        assert.ok(await server.runner.waitFor(['personal_records'], position(), 5000));
        const count = notices.filter(changesRecordsOrAchievements).length;
        notices.length = 0;
        return count;
      };
      await log({ reps: 5, weight: 100 });
      assert.equal(await announced(), 1, 'the first set sets the records');
      await log({ reps: 3, weight: 60 });
      assert.equal(await announced(), 0, 'a lighter set changes nothing anyone reads');
      await log({ reps: 1, weight: 120 });
      assert.equal(await announced(), 1, 'a heavier one does');
    } finally {
      stop();
    }
  });
});
