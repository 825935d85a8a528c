import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ChangeNotice,
  type ClientSettings,
  PERSONAL_RECORDS_MODEL,
  PUSH_SUBSCRIPTIONS_MODEL,
  type PushSubscriptionDocument,
  SYSTEM_SETTINGS_DOCUMENT_ID,
  SYSTEM_SETTINGS_MODEL,
  summarizeTraining,
  type TrainingSummaryDocument,
} from '@fitness/contracts';
import { type Document, POSITION_FIELD, SqliteReadStore } from '@fitness/stores';
import { beforeEach, describe, it } from 'vitest';
import { PushSenders } from './push-senders.ts';
import type { PushOutcome, PushPayload, PushService, PushTarget } from './push-service.ts';
import { aRecord, benchRecords } from './testing/bench-records.ts';

const TODAY = '2026-11-23';
const NOW = new Date(`${TODAY}T12:00:00Z`);
const silent = { info() {}, error() {} };

/** The push port's far side, as a test needs it: what was sent where, and which endpoints are gone. */
class RecordingPushService implements PushService {
  readonly sent: { endpoint: string; payload: PushPayload }[] = [];
  readonly gone = new Set<string>();

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    if (this.gone.has(target.endpoint)) return 'gone';
    this.sent.push({ endpoint: target.endpoint, payload });
    return 'delivered';
  }
}

/**
 * The senders over a real read store holding what the projections would: the user (with the
 * settings they changed), their browser's subscription, their records and training, and the
 * system settings. The push service is the port's far side, recorded.
 */
describe('push senders', () => {
  let readStore: SqliteReadStore;
  let push: RecordingPushService;
  let forgotten: PushSubscriptionDocument[];
  let position = 0;

  const write = async (collection: string, document: Document) => {
    position += 1;
    await readStore.commit({
      checkpoints: {},
      writes: [{ collection, op: 'upsert', document: { ...document, [POSITION_FIELD]: position } }],
      notices: [],
    });
  };
  const senders = () => {
    const made = new PushSenders({
      readStore,
      push,
      forgetSubscription: async (subscription) => forgotten.push(subscription),
      clock: () => NOW,
      logger: silent,
    });
    return made;
  };
  const user = (settings?: Partial<ClientSettings>) => write('users', { id: 'u1', name: 'Ada', settings });
  const bench = (setId: string, value: number) =>
    write(
      PERSONAL_RECORDS_MODEL,
      benchRecords({ heaviest_weight: aRecord({ value, weight: value, date: TODAY, set_id: setId }) }),
    );
  const recordNotice: ChangeNotice = {
    model: PERSONAL_RECORDS_MODEL,
    id: 'exercise_records:u1:id:bench',
    userId: 'u1',
    op: 'upsert',
    position: 1,
    correlationId: null,
  };
  const announce = async (notice: ChangeNotice, using = senders()) => {
    using.noticed(notice);
    await using.idle();
  };

  beforeEach(async () => {
    readStore = new SqliteReadStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'push-senders-')), 'read.sqlite'));
    await readStore.ensureCollections([
      { name: 'users', indexes: [] },
      { name: PUSH_SUBSCRIPTIONS_MODEL, indexes: [['user_id']] },
      { name: PERSONAL_RECORDS_MODEL, indexes: [['user_id', 'kind']] },
      { name: SYSTEM_SETTINGS_MODEL, indexes: [] },
    ]);
    await senders().prepare();
    push = new RecordingPushService();
    forgotten = [];
    await write(PUSH_SUBSCRIPTIONS_MODEL, {
      id: 's1',
      user_id: 'u1',
      endpoint: 'https://push.example.com/s1',
      keys: { p256dh: 'p', auth: 'a' },
      time_zone: 'Europe/Berlin',
      created_at: '2026-11-01T10:00:00.000Z',
    });
  });

  it('pushes a new record in the user’s language, once, even after a restart', async () => {
    await user({ language: 'de' });
    await bench('s2', 100);
    await announce(recordNotice);
    assert.deepEqual(
      push.sent.map(({ payload }) => [payload.title, payload.body]),
      [['Neuer persönlicher Rekord! · Stride', 'Bench Press: höchstes Gewicht 100 kg']],
    );
    // A new process (a restart) hears the same notice again (a rebuild announces every document).
    await announce(recordNotice, senders());
    assert.equal(push.sent.length, 1);
  });

  it('sends no record while the user’s achievement alerts or push switch is off, and not later either', async () => {
    await user({ achievementAlerts: false });
    await bench('s2', 100);
    await announce(recordNotice);
    await user({ pushNotifications: false });
    await bench('s3', 102.5);
    await announce(recordNotice);
    assert.equal(push.sent.length, 0);
    await user({});
    await announce(recordNotice);
    assert.equal(push.sent.length, 0);
  });

  it('sends nothing while the admins’ switch is off', async () => {
    await user();
    await write(SYSTEM_SETTINGS_MODEL, { id: SYSTEM_SETTINGS_DOCUMENT_ID, push_notifications: false });
    await bench('s2', 100);
    await announce(recordNotice);
    await senders().runReminders(new Date('2026-11-26T17:00:00Z'));
    assert.equal(push.sent.length, 0);
  });

  it('reminds in the user’s language, unless their workout reminders are off', async () => {
    await write(PERSONAL_RECORDS_MODEL, {
      id: 'training_summary:u1',
      user_id: 'u1',
      kind: 'training_summary',
      ...summarizeTraining([
        { id: 'w1', date: '2026-11-20', started_at: '2026-11-20T10:00:00Z', duration: 60, volumes: [] },
      ]),
    } satisfies TrainingSummaryDocument);
    // 18:00 in Berlin, three days after the last workout.
    const evening = new Date('2026-11-23T17:00:00Z');
    await user({ workoutReminders: false });
    await senders().runReminders(evening);
    assert.equal(push.sent.length, 0);

    // A new quiet spell (they trained again), reminders on, in Arabic.
    await write(PERSONAL_RECORDS_MODEL, {
      id: 'training_summary:u1',
      user_id: 'u1',
      kind: 'training_summary',
      ...summarizeTraining([
        { id: 'w2', date: '2026-11-24', started_at: '2026-11-24T10:00:00Z', duration: 60, volumes: [] },
      ]),
    } satisfies TrainingSummaryDocument);
    await user({ language: 'ar' });
    await senders().runReminders(new Date('2026-11-27T17:30:00Z'));
    assert.deepEqual(
      push.sent.map(({ payload }) => [payload.body, payload.url, payload.tag]),
      [['مرّت 3 أيام منذ آخر تمرين لك. حتى الجلسة القصيرة تُحتسب.', '/workouts', 'workout-reminder']],
    );
  });

  it('hands a subscription the push service says is gone to be removed', async () => {
    await user();
    push.gone.add('https://push.example.com/s1');
    await bench('s2', 100);
    await announce(recordNotice);
    assert.deepEqual(
      forgotten.map((subscription) => subscription.id),
      ['s1'],
    );
  });

  it('forgets what it announced to a deleted account', async () => {
    await user();
    await bench('s2', 100);
    await announce(recordNotice);
    assert.ok(await readStore.get('push_announcements', 'u1'));
    await announce({ model: 'users', id: 'u1', userId: 'u1', op: 'delete', position: 9, correlationId: null });
    assert.equal(await readStore.get('push_announcements', 'u1'), null);
  });
});
