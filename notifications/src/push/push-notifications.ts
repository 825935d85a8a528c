import type { PushSubscriptionDocument } from '@fitness/contracts';
import type { Config } from '@fitness/platform/config.ts';
import { loadOrCreateSecrets } from '@fitness/platform/secrets.ts';
import type { ReadStore } from '@fitness/stores';
import { PushSenders, type PushSendersOptions } from './push-senders.ts';
import type { PushService } from './push-service.ts';
import { ReminderScheduler } from './reminder-scheduler.ts';
import { vapidSubject, WebPushService } from './web-push-service.ts';

/**
 * Starts web push where the projections runner runs (it hears the runner's change notices):
 * the senders, following the notices, and the reminder scheduler. Stop it before the stores close.
 */
export async function startPushNotifications(
  config: Config,
  parts: {
    readStore: ReadStore;
    changes: Parameters<PushSenders['listen']>[0];
    forgetSubscription: (subscription: PushSubscriptionDocument) => Promise<unknown>;
    clock: () => Date;
    logger: PushSendersOptions['logger'];
    /** Tests may pass another adapter; by default web push signed with the server's VAPID keys. */
    push?: PushService;
  },
) {
  const secrets = loadOrCreateSecrets(config.dataDir);
  const webPush = new WebPushService(
    {
      subject: vapidSubject(config.publicUrl, config.mail.from),
      publicKey: secrets.vapidPublicKey,
      privateKey: secrets.vapidPrivateKey,
    },
    config.push,
  );
  const push = parts.push ?? webPush;
  const senders = new PushSenders({ ...parts, push });
  await senders.prepare();
  const unlisten = senders.listen(parts.changes);
  const reminders = new ReminderScheduler(senders, { clock: parts.clock });
  reminders.start();
  return {
    senders,
    reminders,
    async stop() {
      unlisten();
      await reminders.stop();
      await senders.idle();
      await webPush.close();
    },
  };
}

export type PushNotifications = Awaited<ReturnType<typeof startPushNotifications>>;
