import assert from 'node:assert/strict';
import { workoutStream } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

type Account = Awaited<ReturnType<TestServer['register']>>;
type Shown = { position: number; type: string; stream_id: string };

/**
 * The explorer over a log whose positions have gaps between events (byte offsets on
 * EventStoreDB, sparse on SQLite): it finds events by the positions the log gave out and pages
 * by the last one seen, so no number between two events is ever asked for.
 */
describe('event explorer API across gaps between positions', () => {
  let server: TestServer;
  let admin: Account;
  let user: Account;
  const workouts: string[] = [];

  const ok = async (url: string) => {
    const response = await server.api('GET', url, { token: admin.token });
    assert.ok(response.status < 300, `GET ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const timeline = (query = '') => ok(`/admin/events/users/${user.user.id}/timeline${query}`);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.register('Ada Admin');
    user = await server.register('Uma User');
    const other = await server.register('Otto Other');
    // The user's events between another user's, so the timeline skips some on every page.
    for (const name of ['Mon', 'Tue', 'Wed', 'Thu']) {
      const workout = await server.api('POST', '/workouts', { token: user.token, body: { name } });
      workouts.push(workout.body.id);
      await server.api('POST', '/workouts', { token: other.token, body: { name: `Other ${name}` } });
    }
    await server.caughtUp();
  });
  afterAll(() => server?.close());

  it('has gaps between positions: no event sits at the number after another', async () => {
    const log = await server.eventStore.readAll({ fromPosition: 0, maxCount: 1000 });
    const positions = new Set(log.map((event) => event.position));
    assert.ok(log.length > 10);
    for (const event of log) assert.ok(!positions.has(event.position + 1), `an event right after ${event.position}`);
  });

  it('shows each event by its position, and none at a number between two', async () => {
    const log = await server.eventStore.readAll({ fromPosition: 0, maxCount: 1000 });
    for (const event of log.slice(-6)) {
      const shown = await ok(`/admin/events/log/${event.position}`);
      assert.deepEqual([shown.data.id, shown.data.position], [event.id, event.position]);
      const between = await server.api('GET', `/admin/events/log/${event.position + 1}`, { token: admin.token });
      assert.equal(between.status, 404, JSON.stringify(between.body));
    }
  });

  it("pages a user's timeline by the last position seen, one event a page, to the log's start", async () => {
    const whole = await timeline();
    assert.equal(whole.meta.next_before, null);
    const types = whole.data.map((event: Shown) => event.type);
    assert.equal(types.filter((type: string) => type === 'WorkoutStarted').length, 4);

    const paged: Shown[] = [];
    let page = await timeline('?limit=1');
    while (page.data.length > 0) {
      paged.push(...page.data);
      const { next_before: before } = page.meta;
      if (before === null) break;
      // Where the page stopped: the position of an event it looked at, never one computed.
      assert.ok((await server.eventStore.readEventAt(before)) !== null, `${before} is an event's position`);
      page = await timeline(`?limit=1&before=${before}`);
    }
    assert.deepEqual(paged, whole.data);
  });

  it("goes on from a page's end even once that event is erased, and refuses a number the log never gave out", async () => {
    const newest = workoutStream(workouts.at(-1) ?? '');
    const page = await timeline('?limit=1');
    assert.equal(page.data[0]?.stream_id, newest);
    const [older] = (await timeline()).data.slice(1);

    await server.eventStore.eraseStreams([{ streamId: newest, throughRevision: 0 }]);
    const next = await timeline(`?limit=1&before=${page.meta.next_before}`);
    assert.deepEqual(next.data, [older]);

    const refused = await server.api(
      'GET',
      `/admin/events/users/${user.user.id}/timeline?before=${older.position + 1}`,
      {
        token: admin.token,
      },
    );
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.match(refused.body.message, /not a position in the event log/);
  });
});
