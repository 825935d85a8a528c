import type { Page } from 'playwright-core';

/** An exercise's card in the workout logger, by the name it shows. */
export const exerciseCard = (page: Page, name: string) =>
  page.getByTestId('exercise').filter({ has: page.getByRole('heading', { name, level: 2, exact: true }) });

/**
 * Logs a set in the workout logger as a user does: on the exercise's first row still to do (a
 * row added with "Add set" when none is left), the weight and reps typed over what it shows,
 * then its check. Waits until the exercise shows one more logged set.
 */
export async function logSet(page: Page, exercise: string, values: { weight?: string; reps?: string }) {
  const card = exerciseCard(page, exercise);
  // The card drawn first: counted before, its rows would read as none.
  await card.getByRole('button', { name: 'Add set' }).waitFor();
  const logged = await card.getByTestId('set-row').count();
  if ((await card.getByTestId('planned-row').count()) === 0)
    await card.getByRole('button', { name: 'Add set' }).click();
  const row = card.getByTestId('planned-row').first();
  if (values.weight !== undefined) await row.getByLabel(/Weight/).fill(values.weight);
  if (values.reps !== undefined) await row.getByLabel(/Reps/).fill(values.reps);
  await row.getByRole('button', { name: /^Log Set/ }).click();
  await card.getByTestId('set-row').nth(logged).waitFor({ timeout: 5000 });
}

/** Waits until the page shows exactly these logged values (of `field`), in order. */
export async function waitForLoggedSets(
  page: Page,
  expected: string[],
  field: 'Weight' | 'Reps' = 'Reps',
  timeout = 5000,
) {
  await page.waitForFunction(
    ([values, name]) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid="set-row"] input')]
          .filter((input) => (input.getAttribute('aria-label') ?? '').includes(name as string))
          .map((input) => (input as HTMLInputElement).value),
      ) === JSON.stringify(values),
    [expected, field] as const,
    { timeout },
  );
}
