import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, screenshot, startApp } from './harness.ts';

/**
 * A small Strong export: two workouts, three exercises (two in the library under Strong's names
 * for them, one the library does not know) and one row without an exercise name (line 5).
 */
const STRONG = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2026-11-16 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",W,40,10,0,0,"","",',
  '2026-11-16 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",1,60,8,0,0,"","",8',
  '2026-11-16 07:30:00,"Push Day",1h 5m,"Zercher Carry (Barbell)",1,80,0,0,45,"","",',
  '2026-11-16 07:30:00,"Push Day",1h 5m,"",2,60,8,0,0,"","",',
  '2026-11-18 18:00:00,"Leg Day",45m,"Deadlift (Barbell)",1,140,5,0,0,"","",',
].join('\r\n');

describe('importing workouts in a real browser', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('imports a Strong export, reports it, lists the workouts, and adds nothing the second time', async () => {
    const { context, page } = await app.signedIn();
    await page.goto('/workouts');
    await page.getByRole('heading', { name: 'Workouts', level: 1 }).waitFor();

    const dialog = await importStrongFile(page, 'import-form-en-desktop');
    assert.equal(await dialog.getByTestId('import-workouts_imported').textContent(), '2');
    assert.equal(await dialog.getByTestId('import-workouts_skipped_existing').textContent(), '0');
    assert.equal(await dialog.getByTestId('import-exercises_created').textContent(), '1');
    assert.equal(await dialog.getByTestId('import-rows_rejected').textContent(), '1');
    await dialog.getByText('Row 5: The exercise name is missing.').waitFor();
    await screenshot(page, 'import-report-en-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const recent = page.getByTestId('recent-workouts');
    await recent.getByText('Push Day').waitFor();
    await recent.getByText('Leg Day').waitFor();

    const again = await importStrongFile(page);
    assert.equal(await again.getByTestId('import-workouts_imported').textContent(), '0');
    assert.equal(await again.getByTestId('import-workouts_skipped_existing').textContent(), '2');
    assert.equal(await again.getByTestId('import-sets_imported').textContent(), '0');
    await again.getByRole('button', { name: 'Close' }).click();
    assert.equal(await recent.getByRole('listitem').count(), 2);
    await context.close();
  });
});

/** Opens the import dialog, imports the Strong file, and returns the dialog once it shows the report. */
async function importStrongFile(page: Page, formScreenshot?: string) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import workouts' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'strong_workouts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(STRONG),
  });
  await dialog.getByLabel('Format').selectOption('strong');
  await dialog.getByLabel('Weights in the file').selectOption('kg');
  if (formScreenshot) await screenshot(page, formScreenshot);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByRole('heading', { name: 'Import finished' }).waitFor();
  return dialog;
}
