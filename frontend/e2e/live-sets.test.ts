import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, screenshot, startApp } from './harness.ts';

/** The reader's live channel: a WebSocket to /socket.io/ (long-polling would be HTTP requests, and count). */
function liveSocketOf(page: Page) {
  let open = 0;
  let closed = 0;
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.startsWith('/socket.io/')) return;
    open += 1;
    socket.on('close', () => {
      closed += 1;
    });
  });
  return {
    async connected() {
      const deadline = Date.now() + 15_000;
      while (open - closed < 1) {
        assert.ok(Date.now() < deadline, 'the live channel never opened a WebSocket');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** WebSockets opened and closed since the page loaded. */
    counts: () => ({ open, closed }),
  };
}

describe('a set logged on one device, seen on another', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows each of five sets on the other device, which makes no HTTP request for them', async () => {
    const { account, context: phone, page: writer } = await app.signedIn();
    const token = account.token;
    const workout = (await app.api('POST', '/workouts', { token, body: { name: 'Push' } })).body;
    const exercise = (
      await app.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Bench press' } })
    ).body;
    // A heavy set first, whose records the five below do not beat: the records a set beats
    // reach the other device as a change too, which the records store's own tests follow.
    await app.api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, {
      token,
      body: { reps: 20, weight: 100 },
    });

    // The same account signed in on a second device, with a session of its own.
    const signIn = await app.api('POST', '/auth/login', { body: { email: account.email, password: account.password } });
    assert.equal(signIn.status, 200);
    const laptop = await app.context({
      storage: { auth_token: signIn.body.token, auth_user: JSON.stringify(signIn.body.user) },
    });
    const reader = await laptop.newPage();
    const socket = liveSocketOf(reader);
    let inFlight = 0;
    let counting = false;
    const counted: string[] = [];
    reader.on('request', (request) => {
      inFlight += 1;
      if (counting) counted.push(`${request.method()} ${request.url()}`);
    });
    const finished = () => {
      inFlight -= 1;
    };
    reader.on('requestfinished', finished);
    reader.on('requestfailed', finished);

    const rows = (page: Page) => page.getByTestId('set-row');
    const workoutPage = `/workouts/${workout.id}`;
    const loaded = (target: Page, path: string) =>
      target.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1${path}`);
    const readerLoaded = Promise.all([
      loaded(reader, `/workouts/${workout.id}`),
      loaded(reader, `/workouts/${workout.id}/previous`),
      loaded(reader, '/metrics/prs'),
    ]);
    await Promise.all([writer.goto(workoutPage), reader.goto(workoutPage)]);
    await Promise.all([rows(writer).first().waitFor(), rows(reader).first().waitFor(), readerLoaded]);
    await socket.connected();
    // Once idle, the app fetches the other screens' code, then registers its service worker: with
    // that ready, it asks for nothing more by itself.
    await reader.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const deadline = Date.now() + 15_000;
    while (inFlight > 0) {
      assert.ok(Date.now() < deadline, 'the second device never finished loading the workout');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const form = writer.getByRole('form', { name: 'Add set: Bench press' });
    counting = true;
    for (const [index, weight] of [41, 42, 43, 44, 45].entries()) {
      await form.getByLabel('Reps').fill(String(5 + index));
      await form.getByLabel('Weight (kg)').fill(String(weight));
      await form.getByRole('button', { name: 'Add set' }).click();
      // The first row is the heavy set; each logged set shows as the row after it, on both devices.
      await rows(writer)
        .nth(index + 1)
        .filter({ hasText: `${weight} kg` })
        .waitFor();
      await rows(reader)
        .nth(index + 1)
        .filter({ hasText: `${weight} kg` })
        .waitFor();
    }
    counting = false;
    await reader.getByTestId('workout-volume').filter({ hasText: '6 sets' }).waitFor();

    assert.deepEqual(counted, [], 'the second device made no HTTP request for the five sets');
    assert.deepEqual(socket.counts(), { open: 1, closed: 0 }, 'one WebSocket, open throughout');
    await screenshot(reader, 'live-sets-second-device-en-desktop');
    await Promise.all([phone.close(), laptop.close()]);
  });
});
