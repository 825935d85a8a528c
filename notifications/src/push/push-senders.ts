import {
  type AchievementId,
  allBeats,
  type ChangeNotice,
  clientSettingsOf,
  type ExerciseRecordsDocument,
  PERSONAL_RECORDS_MODEL,
  PUSH_SUBSCRIPTIONS_MODEL,
  type PushSubscriptionDocument,
  progressOf,
  SYSTEM_SETTINGS_DOCUMENT_ID,
  SYSTEM_SETTINGS_MODEL,
  type SystemSettingsDocument,
  settingsOfDocument,
  summarizeTraining,
  type TrainingSummaryDocument,
  trainingSummaryId,
  type UserDocument,
} from '@fitness/contracts';
import { type CollectionDefinition, type Document, POSITION_FIELD, type ReadStore } from '@fitness/stores';
import { achievementNews, type PushKind, pushAllowed, recordNews, reminderDue } from './push-decisions.ts';
import { achievementMessage, type Reader, recordMessage, reminderMessage } from './push-messages.ts';
import type { PushPayload, PushService } from './push-service.ts';

/**
 * What the senders announced to a user already, kept in the read store beside the read models
 * (not one of them: no rebuild resets it), so a restart or a rebuild of the records sends
 * nothing twice. Dropped when the account is deleted.
 */
type AnnouncementsDocument = Document & {
  user_id: string;
  /** `<exercise key>|<record type>` -> the ids of the sets that held it, newest last. */
  records: Record<string, string[]>;
  achievements: AchievementId[];
  /** Subscription id -> the quiet spell (its first day) it was last reminded in. */
  reminders: Record<string, string>;
};

export const PUSH_ANNOUNCEMENTS: CollectionDefinition = { name: 'push_announcements', indexes: [['user_id']] };

export type PushSendersOptions = {
  readStore: ReadStore;
  push: PushService;
  /** Records that the push service no longer knows a subscription (PushSubscriptionRemoved, reason gone). */
  forgetSubscription: (subscription: PushSubscriptionDocument) => Promise<unknown>;
  clock: () => Date;
  logger: { info(details: object, message: string): void; error(details: object, message: string): void };
};

type Changes = { onChange(listener: (notice: ChangeNotice) => void): () => void };

/**
 * The push senders: a push for a new personal record or a newly unlocked achievement, told by
 * the records read model's change notices, and workout reminders, which `runReminders` sends
 * when it is run (the scheduler runs it every few minutes). Every push obeys the admins'
 * switch, the user's push switch and the switch for its kind; the words are in the user's
 * language, signed with the site's name. Notices that arrive in a burst (a rebuild) are
 * coalesced: each exercise and each user is looked at once per burst.
 */
export class PushSenders {
  private readonly options: PushSendersOptions;
  private readonly pendingRecords = new Map<string, string>();
  private readonly pendingAchievements = new Set<string>();
  private readonly forgottenUsers = new Set<string>();
  private running: Promise<void> = Promise.resolve();
  private draining = false;
  /** One user's announcements are read, changed and written by one piece of work at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: PushSendersOptions) {
    this.options = options;
  }

  async prepare() {
    await this.options.readStore.ensureCollections([PUSH_ANNOUNCEMENTS]);
  }

  /** Follows the projections' change notices; returns the function that stops it. */
  listen(changes: Changes) {
    return changes.onChange((notice) => this.noticed(notice));
  }

  /** Resolves once every notice heard so far has been dealt with (tests, and a clean stop). */
  async idle() {
    while (this.draining) await this.running;
  }

  noticed(notice: ChangeNotice) {
    if (!notice.userId) return;
    if (notice.model === 'users' && notice.op === 'delete') {
      this.forgottenUsers.add(notice.userId);
    } else if (notice.model === PERSONAL_RECORDS_MODEL && notice.op === 'upsert') {
      if (notice.id.startsWith('exercise_records:')) this.pendingRecords.set(notice.id, notice.userId);
      if (notice.id.startsWith('exercise_records:') || notice.id === trainingSummaryId(notice.userId)) {
        this.pendingAchievements.add(notice.userId);
      }
    } else {
      return;
    }
    if (this.draining) return;
    this.draining = true;
    this.running = this.drain();
  }

  private async drain() {
    try {
      // Let the rest of the runner's batch arrive first, so a burst is looked at once.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.forgottenUsers.size + this.pendingRecords.size + this.pendingAchievements.size > 0) {
        for (const userId of this.take(this.forgottenUsers)) await this.forget(userId);
        for (const [id, userId] of this.takeEntries(this.pendingRecords)) {
          await this.guarded({ userId, id }, () => this.announceRecords(userId, id));
        }
        for (const userId of this.take(this.pendingAchievements)) {
          await this.guarded({ userId }, () => this.announceAchievements(userId));
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private take<T>(set: Set<T>) {
    const values = [...set];
    set.clear();
    return values;
  }

  private takeEntries<K, V>(map: Map<K, V>) {
    const entries = [...map];
    map.clear();
    return entries;
  }

  private guarded(details: object, work: () => Promise<void>) {
    const run = this.queue.then(work).catch((error: unknown) => {
      this.options.logger.error({ err: error, ...details }, 'push sender failed');
    });
    this.queue = run;
    return run;
  }

  private async announceRecords(userId: string, documentId: string) {
    const document = await this.options.readStore.get<ExerciseRecordsDocument>(PERSONAL_RECORDS_MODEL, documentId);
    if (document?.kind !== 'exercise_records') return;
    const announcements = await this.announcements(userId);
    const { news, announced } = recordNews(document, announcements.records, this.today());
    await this.save({ ...announcements, records: announced });
    if (news.length > 0) await this.sendToUser(userId, 'alert', (reader) => recordMessage(reader, news));
  }

  private async announceAchievements(userId: string) {
    const [training, records] = await Promise.all([
      this.options.readStore.get<TrainingSummaryDocument>(PERSONAL_RECORDS_MODEL, trainingSummaryId(userId)),
      this.options.readStore.find<ExerciseRecordsDocument>(PERSONAL_RECORDS_MODEL, {
        where: { user_id: userId, kind: 'exercise_records' },
      }),
    ]);
    const progress = progressOf(training ?? summarizeTraining([]), allBeats(records), this.today());
    const announcements = await this.announcements(userId);
    const { news, announced } = achievementNews(progress, announcements.achievements, this.today());
    if (news.length === 0 && announced.length === announcements.achievements.length) return;
    await this.save({ ...announcements, achievements: announced });
    for (const achievement of news) {
      await this.sendToUser(userId, 'alert', (reader) => achievementMessage(reader, achievement));
    }
  }

  /**
   * Sends the due workout reminders: each subscribed device whose user has not trained for a
   * few days gets one in its local evening, once per quiet spell. Resolves when all are sent.
   */
  async runReminders(now: Date) {
    const subscriptions = await this.options.readStore.find<PushSubscriptionDocument>(PUSH_SUBSCRIPTIONS_MODEL);
    const byUser = new Map<string, PushSubscriptionDocument[]>();
    for (const subscription of subscriptions) {
      byUser.set(subscription.user_id, [...(byUser.get(subscription.user_id) ?? []), subscription]);
    }
    for (const [userId, devices] of byUser) {
      await this.guarded({ userId }, async () => {
        const training = await this.options.readStore.get<TrainingSummaryDocument>(
          PERSONAL_RECORDS_MODEL,
          trainingSummaryId(userId),
        );
        const announcements = await this.announcements(userId);
        const reminders = { ...announcements.reminders };
        const due = devices.flatMap((device) => {
          const reminder = reminderDue({
            now,
            timeZone: device.time_zone,
            lastTrainingDay: training?.streak.last_day ?? null,
            subscribedAt: device.created_at,
            remindedFor: reminders[device.id],
          });
          return reminder ? [{ device, ...reminder }] : [];
        });
        if (due.length === 0) return;
        for (const { device, spell } of due) reminders[device.id] = spell;
        // Recorded before sending: a crash midway forgoes a reminder rather than repeating it.
        await this.save({ ...announcements, reminders });
        const context = await this.context(userId, 'reminder');
        if (!context) return;
        for (const { device, quietDays } of due) {
          await this.deliver(device, reminderMessage(context.reader, quietDays));
        }
      });
    }
  }

  private async sendToUser(userId: string, kind: PushKind, message: (reader: Reader) => PushPayload) {
    const context = await this.context(userId, kind);
    if (!context) return;
    const devices = await this.options.readStore.find<PushSubscriptionDocument>(PUSH_SUBSCRIPTIONS_MODEL, {
      where: { user_id: userId },
    });
    const payload = message(context.reader);
    for (const device of devices) await this.deliver(device, payload);
  }

  /** The reader's language and units, when the switches allow this kind of push; else null. */
  private async context(userId: string, kind: PushKind): Promise<{ reader: Reader } | null> {
    const [user, system] = await Promise.all([
      this.options.readStore.get<UserDocument>('users', userId),
      this.options.readStore.get<SystemSettingsDocument>(SYSTEM_SETTINGS_MODEL, SYSTEM_SETTINGS_DOCUMENT_ID),
    ]);
    if (!user) return null;
    const settings = clientSettingsOf(user.settings);
    const site = settingsOfDocument(system);
    if (!pushAllowed(site, settings, kind)) return null;
    return { reader: { language: settings.language, units: settings.units, siteName: site.site_name } };
  }

  private async deliver(device: PushSubscriptionDocument, payload: PushPayload) {
    try {
      const outcome = await this.options.push.send({ endpoint: device.endpoint, keys: device.keys }, payload);
      if (outcome === 'gone') {
        this.options.logger.info({ userId: device.user_id, subscriptionId: device.id }, 'push subscription gone');
        await this.options.forgetSubscription(device);
      }
    } catch (error) {
      this.options.logger.error(
        { err: error, userId: device.user_id, subscriptionId: device.id },
        'push not delivered; the subscription is kept',
      );
    }
  }

  private async announcements(userId: string): Promise<AnnouncementsDocument> {
    const stored = await this.options.readStore.get<AnnouncementsDocument>(PUSH_ANNOUNCEMENTS.name, userId);
    return stored ?? { id: userId, user_id: userId, records: {}, achievements: [], reminders: {} };
  }

  /** The document's position is its own revision: the read store keeps only a later one. */
  private async save(document: AnnouncementsDocument) {
    const revision = Number(document[POSITION_FIELD] ?? 0) + 1;
    await this.options.readStore.commit({
      checkpoints: {},
      writes: [
        { collection: PUSH_ANNOUNCEMENTS.name, op: 'upsert', document: { ...document, [POSITION_FIELD]: revision } },
      ],
      notices: [],
    });
  }

  private async forget(userId: string) {
    await this.options.readStore.commit({
      checkpoints: {},
      writes: [{ collection: PUSH_ANNOUNCEMENTS.name, op: 'delete', id: userId, position: Number.MAX_SAFE_INTEGER }],
      notices: [],
      erasing: true,
    });
  }

  private today() {
    return this.options.clock().toISOString().slice(0, 10);
  }
}
