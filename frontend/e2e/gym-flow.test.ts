import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, PHONE, screenshot, startApp } from './harness.ts';
import { exerciseCard } from './logger.ts';

/** Issue 32's bar, met by Hevy and Strong: two taps from the Workouts tab to a started template... */
const TAPS_TO_START = 2;
/** ...and seven for five sets, one of them a warm-up and one at a changed weight. */
const TAPS_FOR_FIVE_SETS = 7;

describe('the gym flow on a phone', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /**
   * A template of the user's own, saved from a workout (bench press 3 × 5 at 60 kg, pull-ups 2 × 8
   * at bodyweight), whose workout is then deleted: the user has no history, only the plan.
   */
  async function pushPullTemplate(token: string) {
    const find = async (search: string) =>
      (await app.api('GET', `/exercises?search=${encodeURIComponent(search)}&per_page=1`, { token })).body.data[0];
    const bench = await find('bench press');
    const pullUp = await find('pull-up');
    assert.equal(bench.equipment, 'barbell');
    assert.equal(pullUp.equipment, 'pull-up bar');
    const workout = await app.logWorkout(token, 'Push pull', [
      {
        name: bench.name,
        exercise_id: bench.id,
        sets: [
          { reps: 5, weight: 60 },
          { reps: 5, weight: 60 },
          { reps: 5, weight: 60 },
        ],
      },
      {
        name: pullUp.name,
        exercise_id: pullUp.id,
        sets: [
          { reps: 8, weight: null },
          { reps: 8, weight: null },
        ],
      },
    ]);
    const template = await app.api('POST', `/workouts/${workout.id}/template`, { token, body: { name: 'Push pull' } });
    assert.equal(template.status, 201, JSON.stringify(template.body));
    await app.api('DELETE', `/workouts/${workout.id}`, { token });
    return { bench: bench.name as string, pullUp: pullUp.name as string };
  }

  /** Taps as a thumb does, counted. */
  function tapCounter() {
    let taps = 0;
    return {
      async tap(target: Locator) {
        taps += 1;
        await target.click();
      },
      take() {
        const counted = taps;
        taps = 0;
        return counted;
      },
    };
  }

  it('starts a template from the Workouts tab in 2 taps and logs 5 sets in 7', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const { bench, pullUp } = await pushPullTemplate(account.token);
    const taps = tapCounter();
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await taps.tap(page.getByRole('navigation').getByRole('link', { name: 'Workouts' }).last());
    await taps.tap(page.getByRole('button', { name: 'Start Push pull' }));
    await page.waitForURL(/\/workouts\/[0-9a-f-]{36}$/);
    await exerciseCard(page, pullUp).waitFor();
    const startTaps = taps.take();

    const benchRows = exerciseCard(page, bench).getByTestId('planned-row');
    await benchRows.nth(2).waitFor();
    assert.equal(await benchRows.first().getByLabel('Set 1: Weight (kg)').inputValue(), '60', 'the plan prefills');
    await screenshot(page, 'logger-started-en-phone');

    // Set 1, a warm-up: its badge, then its check.
    await taps.tap(benchRows.first().getByRole('button', { name: /Set 1: Working set/ }));
    await taps.tap(benchRows.first().getByRole('button', { name: 'Log Set 1' }));
    await exerciseCard(page, bench).getByTestId('set-row').first().waitFor();
    // Set 2 at 62.5 kg: the weight typed over, then the check.
    const second = exerciseCard(page, bench).getByTestId('planned-row').first();
    await taps.tap(second.getByLabel('Set 2: Weight (kg)'));
    await page.keyboard.type('62.5');
    await taps.tap(second.getByRole('button', { name: 'Log Set 2' }));
    await exerciseCard(page, bench).getByTestId('set-row').nth(1).waitFor();
    // Set 3 as planned, then the two pull-ups at bodyweight: a check each.
    await taps.tap(exerciseCard(page, bench).getByRole('button', { name: 'Log Set 3' }));
    await exerciseCard(page, bench).getByTestId('set-row').nth(2).waitFor();
    for (const number of [1, 2]) {
      await taps.tap(exerciseCard(page, pullUp).getByRole('button', { name: `Log Set ${number}` }));
      await exerciseCard(page, pullUp)
        .getByTestId('set-row')
        .nth(number - 1)
        .waitFor();
    }
    const setTaps = taps.take();
    await page.getByTestId('workout-volume').filter({ hasText: '5 sets' }).waitFor();
    await screenshot(page, 'logger-logged-en-phone');

    assert.ok(startTaps <= TAPS_TO_START, `${startTaps} taps to start (at most ${TAPS_TO_START})`);
    assert.ok(setTaps <= TAPS_FOR_FIVE_SETS, `${setTaps} taps for five sets (at most ${TAPS_FOR_FIVE_SETS})`);

    const workoutId = new URL(page.url()).pathname.split('/').at(-1);
    const logged = (await app.api('GET', `/workouts/${workoutId}`, { token: account.token })).body;
    assert.deepEqual(
      logged.exercises.map((exercise: { sets: { type: string; weight: number | null; reps: number }[] }) =>
        exercise.sets.map(({ type, weight, reps }) => [type, weight, reps]),
      ),
      [
        [
          ['warmup', 60, 5],
          ['working', 62.5, 5],
          ['working', 60, 5],
        ],
        [
          ['working', null, 8],
          ['working', null, 8],
        ],
      ],
    );
    await context.close();
  });
});
