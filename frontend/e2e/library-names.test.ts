import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, PHONE, screenshot, startApp } from './harness.ts';

describe('the library in the language shown', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names a workout logged in English by its template and exercises in Arabic, on the dashboard, its summary, the Workouts tab and the exercise history', async () => {
    const { account, context, page } = await app.signedIn({
      viewport: PHONE,
      locale: 'ar',
      settings: { language: 'ar' },
    });
    const token = account.token;
    const inEnglish = { 'Accept-Language': 'en' };
    const inArabic = { 'Accept-Language': 'ar' };
    const [template] = (await app.api('GET', '/templates', { token, headers: inEnglish })).body.data;
    const arabicTemplate = (await app.api('GET', '/templates', { token, headers: inArabic })).body.data.find(
      ({ id }: { id: string }) => id === template.id,
    );
    // Started and logged on a device in English: the workout keeps the English names.
    const workout = (await app.api('POST', `/templates/${template.id}/start`, { token, headers: inEnglish, body: {} }))
      .body;
    assert.equal(workout.name, template.name);
    const [first] = workout.exercises;
    assert.ok(first.exercise_id, 'a library exercise');
    await app.api('POST', `/workouts/${workout.id}/exercises/${first.id}/sets`, {
      token,
      body: { reps: 8, weight: 40, rest_time: 90 },
    });
    const arabicExercise = (await app.api('GET', `/exercises/${first.exercise_id}`, { token, headers: inArabic })).body;
    assert.notEqual(arabicExercise.name, first.name);

    await page.goto('/dashboard');
    await page.getByTestId('continue-workout').filter({ hasText: arabicTemplate.name }).waitFor();
    await page.getByTestId('recent-records').getByText(arabicExercise.name).first().waitFor();
    assert.equal(await page.getByTestId('recent-records').getByText(first.name).count(), 0);
    await screenshot(page, 'library-names-dashboard-ar-phone');

    // Finished: its summary, the history and the exercise's history name both in Arabic too.
    await app.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'completed' } });
    await page.goto(`/workouts/${workout.id}/summary`);
    const summary = page.getByTestId('workout-summary');
    await summary.getByRole('heading', { level: 1, name: arabicTemplate.name }).waitFor();
    await summary.getByText(arabicExercise.name).first().waitFor();
    await screenshot(page, 'library-names-summary-ar-phone');
    await page.goto('/workouts');
    await page.locator(`a[href="/workouts/${workout.id}"]`).filter({ hasText: arabicTemplate.name }).waitFor();
    await page.goto(`/exercises/${first.exercise_id}`);
    await page.getByTestId('exercise-history').getByText(arabicTemplate.name).waitFor();
    await context.close();
  });
});
