import {
  type AchievementId,
  type ClientSettings,
  type ExerciseRecordsDocument,
  type Progress,
  RECORD_TYPES,
  type SystemSettings,
} from '@fitness/contracts';
import type { RecordNews } from './push-messages.ts';

/**
 * What the push senders decide, apart from any I/O: who may be told, which records and
 * achievements are news, and when a reminder is due. "News" is judged against what was
 * already announced (the sender's own record, kept across restarts and rebuilds) and against
 * the calendar: a record or an unlock from more than a couple of days ago is history, so a
 * read model rebuilt from zero, or a sender meeting a long-standing account for the first
 * time, announces nothing old.
 */

export type PushKind = 'alert' | 'reminder';

/** How old (in days, by the day it happened) a record or unlock may be and still be news. */
export const NEWS_DAYS = 2;
/** Days without a completed workout before a reminder. */
export const QUIET_DAYS = 3;
/** Reminders go out from this local hour until REMINDER_UNTIL_HOUR (never at night). */
export const REMINDER_HOUR = 18;
export const REMINDER_UNTIL_HOUR = 22;
/** Set ids remembered per exercise and kind of record (a deleted set brings back an older record). */
const SETS_REMEMBERED = 5;

/** The admins' global switch, the user's push switch, and the switch for that kind of push. */
export function pushAllowed(system: Pick<SystemSettings, 'push_notifications'>, user: ClientSettings, kind: PushKind) {
  if (!system.push_notifications || !user.pushNotifications) return false;
  return kind === 'alert' ? user.achievementAlerts : user.workoutReminders;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const daysBefore = (day: string, days: number) => new Date((dayNumber(day) - days) * DAY_MS).toISOString().slice(0, 10);

/** The exercise's key within a user's records document id (`exercise_records:<user>:<key>`). */
const exerciseKeyOf = (document: ExerciseRecordsDocument) =>
  document.id.slice(`exercise_records:${document.user_id}:`.length);

/**
 * The records of one exercise worth a push: each that beat an earlier best (a first set is no
 * record), set recently, and not announced before. Returns them and what is announced from now
 * on: every current record, news or not, so an old one is never announced later either.
 */
export function recordNews(
  document: ExerciseRecordsDocument,
  announced: Record<string, string[]>,
  today: string,
): { news: RecordNews[]; announced: Record<string, string[]> } {
  const exerciseKey = exerciseKeyOf(document);
  const since = daysBefore(today, NEWS_DAYS);
  const news: RecordNews[] = [];
  const next = { ...announced };
  for (const type of RECORD_TYPES) {
    const record = document.records[type];
    if (!record) continue;
    const key = `${exerciseKey}|${type}`;
    const seen = next[key] ?? [];
    if (seen.includes(record.set_id)) continue;
    if (record.previous && record.date >= since) {
      news.push({ exercise: document.name, exerciseKey, type, value: record.value, reps: record.reps });
    }
    next[key] = [...seen, record.set_id].slice(-SETS_REMEMBERED);
  }
  return { news, announced: next };
}

/** Achievements unlocked recently and not announced before; all unlocked ones count as announced from now on. */
export function achievementNews(progress: Progress, announced: AchievementId[], today: string) {
  const since = daysBefore(today, NEWS_DAYS);
  const unlocked = progress.achievements.filter((achievement) => achievement.unlocked && achievement.unlocked_at);
  const news = unlocked
    .filter((achievement) => !announced.includes(achievement.id) && (achievement.unlocked_at ?? '') >= since)
    .map((achievement) => achievement.id);
  const next = [...new Set([...announced, ...unlocked.map((achievement) => achievement.id)])];
  return { news, announced: next };
}

/** The calendar day and hour at an instant in a time zone. */
export function localTime(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * Whether a device is due a workout reminder: QUIET_DAYS or more since the last training day
 * (or, for someone who never trained, since the device subscribed), in the evening where the
 * device is, and not reminded yet in this quiet spell (which the day it started names).
 */
export function reminderDue(options: {
  now: Date;
  timeZone: string;
  lastTrainingDay: string | null;
  subscribedAt: string;
  /** The quiet spell this device was last reminded in (its first day), if any. */
  remindedFor: string | undefined;
}): { spell: string; quietDays: number } | null {
  const { day, hour } = localTime(options.now, options.timeZone);
  const spell = options.lastTrainingDay ?? localTime(new Date(options.subscribedAt), options.timeZone).day;
  const quietDays = dayNumber(day) - dayNumber(spell);
  if (quietDays < QUIET_DAYS || hour < REMINDER_HOUR || hour >= REMINDER_UNTIL_HOUR) return null;
  if (options.remindedFor === spell) return null;
  return { spell, quietDays };
}
