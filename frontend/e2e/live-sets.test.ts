import assert from 'node:assert/strict';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, screenshot, startApp } from './harness.ts';
import { logSet as logInLogger, waitForLoggedSets } from './logger.ts';

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

  /**
   * One account on two devices, both on the same workout (its first set a heavy one), the
   * second one loaded, connected and idle, counting the HTTP requests it makes while `counting`.
   * `beforeOpening` may route the second device's traffic before its page opens.
   */
  async function twoDevicesOnOneWorkout(beforeOpening?: (laptop: BrowserContext) => Promise<void>) {
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
    await beforeOpening?.(laptop);
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

    /** Logs a set on the writer (the rows after the heavy one), which waits until its row shows there. */
    const logSet = (index: number, weight: number) =>
      logInLogger(writer, 'Bench press', { reps: String(5 + index), weight: String(weight) });
    return {
      writer,
      reader,
      socket,
      counted,
      logSet,
      count(on: boolean) {
        counting = on;
      },
      close: () => Promise.all([phone.close(), laptop.close()]),
    };
  }

  it('shows each of five sets on the other device, which makes no HTTP request for them', async () => {
    const { reader, socket, counted, logSet, count, close } = await twoDevicesOnOneWorkout();
    count(true);
    const weights = ['100'];
    for (const [index, weight] of [41, 42, 43, 44, 45].entries()) {
      await logSet(index, weight);
      weights.push(String(weight));
      await waitForLoggedSets(reader, weights, 'Weight');
    }
    count(false);
    await reader.getByTestId('workout-volume').filter({ hasText: '6 sets' }).waitFor();

    assert.deepEqual(counted, [], 'the second device made no HTTP request for the five sets');
    assert.deepEqual(socket.counts(), { open: 1, closed: 0 }, 'one WebSocket, open throughout');
    await screenshot(reader, 'live-sets-second-device-en-desktop');
    await close();
  });

  it('hands a device whose connection dropped the set it missed, with no HTTP request either', async () => {
    // The second device's live channel through a route the test can cut, as a tunnel would.
    let reachable = true;
    const connections: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    const { reader, counted, logSet, count, close } = await twoDevicesOnOneWorkout((laptop) =>
      laptop.routeWebSocket(/\/socket\.io\//, (page) => {
        if (!reachable) return page.close();
        connections.push({ page, server: page.connectToServer() });
      }),
    );
    assert.equal(connections.length, 1);
    count(true);
    reachable = false;
    const [cut] = connections;
    await cut?.server.close();
    await cut?.page.close();
    await logSet(0, 41);
    reachable = true;
    // It comes back by itself (socket.io retries within a few seconds) and is handed the set.
    await waitForLoggedSets(reader, ['100', '41'], 'Weight', 20_000);
    count(false);
    assert.equal(connections.length, 2, 'the second device connected again');
    assert.deepEqual(counted, [], 'it read nothing again: the set came as a change');
    await close();
  });
});
