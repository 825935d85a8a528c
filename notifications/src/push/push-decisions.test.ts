import assert from 'node:assert/strict';
import {
  clientSettingsOf,
  DEFAULT_SYSTEM_SETTINGS,
  progressOf,
  summarizeTraining,
  toApiSettings,
} from '@fitness/contracts';
import { describe, it } from 'vitest';
import { achievementNews, localTime, pushAllowed, recordNews, reminderDue } from './push-decisions.ts';
import { achievementMessage, recordMessage, reminderMessage } from './push-messages.ts';
import { aRecord, benchRecords } from './testing/bench-records.ts';

const system = toApiSettings(DEFAULT_SYSTEM_SETTINGS);

describe('push switches', () => {
  it('sends only when the admins’ switch, the user’s push switch and the switch for its kind are on', () => {
    const user = clientSettingsOf(undefined);
    assert.equal(pushAllowed(system, user, 'alert'), true);
    assert.equal(pushAllowed(system, user, 'reminder'), true);
    assert.equal(pushAllowed({ push_notifications: false }, user, 'alert'), false);
    assert.equal(pushAllowed(system, clientSettingsOf({ pushNotifications: false }), 'reminder'), false);
    assert.equal(pushAllowed(system, clientSettingsOf({ achievementAlerts: false }), 'alert'), false);
    assert.equal(pushAllowed(system, clientSettingsOf({ achievementAlerts: false }), 'reminder'), true);
    assert.equal(pushAllowed(system, clientSettingsOf({ workoutReminders: false }), 'reminder'), false);
    assert.equal(pushAllowed(system, clientSettingsOf({ workoutReminders: false }), 'alert'), true);
  });
});

describe('record news', () => {
  it('is a recent record that beat an earlier best, announced once', () => {
    const document = benchRecords({ heaviest_weight: aRecord({}), most_reps: aRecord({ previous: null }) });
    const first = recordNews(document, {}, '2026-11-23');
    assert.deepEqual(first.news, [
      { exercise: 'Bench Press', exerciseKey: 'id:bench', type: 'heaviest_weight', value: 100, reps: 5 },
    ]);
    // The same records again (a restart, a rebuild): nothing new.
    assert.deepEqual(recordNews(document, first.announced, '2026-11-23').news, []);
    // A heavier set later is news again.
    const heavier = benchRecords({ heaviest_weight: aRecord({ set_id: 's3', value: 105 }) });
    assert.equal(recordNews(heavier, first.announced, '2026-11-23').news[0]?.value, 105);
  });

  it('is never a record from long ago: a rebuild from zero announces no history', () => {
    const old = benchRecords({ heaviest_weight: aRecord({ date: '2025-06-01' }) });
    const { news, announced } = recordNews(old, {}, '2026-11-23');
    assert.deepEqual(news, []);
    // And it counts as announced, so it is not news on a later day either.
    assert.deepEqual(announced, { 'id:bench|heaviest_weight': ['s2'] });
  });

  it('is not an older record a deleted set brought back', () => {
    const announced = recordNews(benchRecords({ heaviest_weight: aRecord({}) }), {}, '2026-11-23').announced;
    const after = recordNews(
      benchRecords({ heaviest_weight: aRecord({ set_id: 's3', value: 105 }) }),
      announced,
      '2026-11-23',
    );
    const back = benchRecords({ heaviest_weight: aRecord({}) });
    assert.deepEqual(recordNews(back, after.announced, '2026-11-23').news, []);
  });
});

describe('achievement news', () => {
  const training = summarizeTraining([
    { id: 'w1', date: '2026-11-23', started_at: '2026-11-23T10:00:00Z', duration: 3600, volumes: [500] },
  ]);
  const progress = progressOf(training, { count: 0, first_days: [] }, '2026-11-23');

  it('is an unlock of the last days not announced yet', () => {
    const { news, announced } = achievementNews(progress, [], '2026-11-23');
    assert.deepEqual(news, ['first_workout']);
    assert.deepEqual(achievementNews(progress, announced, '2026-11-23').news, []);
  });

  it('is not an unlock from long ago (first seen after a rebuild or an upgrade)', () => {
    const { news, announced } = achievementNews(progress, [], '2027-03-01');
    assert.deepEqual(news, []);
    assert.deepEqual(announced, ['first_workout']);
  });
});

describe('workout reminder', () => {
  const base = {
    timeZone: 'Europe/Berlin',
    lastTrainingDay: '2026-11-20',
    subscribedAt: '2026-11-01T09:00:00.000Z',
    remindedFor: undefined,
  };

  it('is due at 18:00 local time after three days without training, once per quiet spell', () => {
    // 17:00 UTC is 18:00 in Berlin in November.
    const evening = new Date('2026-11-23T17:00:00Z');
    assert.deepEqual(reminderDue({ ...base, now: evening }), { spell: '2026-11-20', quietDays: 3 });
    assert.equal(reminderDue({ ...base, now: evening, remindedFor: '2026-11-20' }), null);
    // A new quiet spell after training again.
    const later = new Date('2026-11-28T17:30:00Z');
    assert.deepEqual(reminderDue({ ...base, now: later, lastTrainingDay: '2026-11-25', remindedFor: '2026-11-20' }), {
      spell: '2026-11-25',
      quietDays: 3,
    });
  });

  it('is not due before the evening, at night, or after only two quiet days', () => {
    assert.equal(reminderDue({ ...base, now: new Date('2026-11-23T16:59:00Z') }), null);
    assert.equal(reminderDue({ ...base, now: new Date('2026-11-23T21:00:00Z') }), null);
    assert.equal(reminderDue({ ...base, now: new Date('2026-11-22T17:00:00Z') }), null);
  });

  it('counts days and hours where the device is', () => {
    // 18:00 in Tokyo is 09:00 UTC; in Berlin it is still morning.
    const tokyoEvening = new Date('2026-11-23T09:00:00Z');
    assert.deepEqual(localTime(tokyoEvening, 'Asia/Tokyo'), { day: '2026-11-23', hour: 18 });
    assert.ok(reminderDue({ ...base, timeZone: 'Asia/Tokyo', now: tokyoEvening }));
    assert.equal(reminderDue({ ...base, now: tokyoEvening }), null);
  });

  it('for someone who never trained counts from the day the device subscribed', () => {
    const now = new Date('2026-11-04T17:00:00Z');
    assert.deepEqual(reminderDue({ ...base, lastTrainingDay: null, now }), { spell: '2026-11-01', quietDays: 3 });
  });
});

describe('push messages', () => {
  const news = [
    { exercise: 'Bench Press', exerciseKey: 'id:bench', type: 'heaviest_weight' as const, value: 100, reps: 5 },
  ];

  it('are in the user’s language and units, signed with the site name, and open the right screen', () => {
    assert.deepEqual(recordMessage({ language: 'en', units: 'metric', siteName: 'Stride' }, news), {
      title: 'New personal record! · Stride',
      body: 'Bench Press: heaviest weight 100 kg',
      tag: 'record:id:bench',
      url: '/profile',
      icon: '/icons/icon-192.png',
    });
    assert.equal(
      recordMessage({ language: 'de', units: 'imperial', siteName: 'Gym' }, news).body,
      'Bench Press: höchstes Gewicht 220,5 lb',
    );
    assert.equal(
      achievementMessage({ language: 'ar', units: 'metric', siteName: 'S' }, 'first_pr').body,
      'أول رقم قياسي شخصي',
    );
    const reminder = reminderMessage({ language: 'de', units: 'metric', siteName: 'Stride' }, 4);
    assert.equal(reminder.url, '/workouts');
    assert.match(reminder.body, /4 Tage/);
  });
});
