import { CommandHandler, goneSubscriptionRecorder } from '@fitness/command-service';
import { readConfig } from '@fitness/contracts';
import { startPushNotifications } from '@fitness/notifications/push/push-notifications.ts';
import { runMain, serveUntilStopped } from '@fitness/platform/server-process.ts';
import { buildProjectionsApp } from '@fitness/projections/app.ts';

/**
 * The projections process of the distributed deployment (one instance), its health endpoint on
 * PORT (3003), with the push senders, which follow the runner's change notices. Composed here,
 * where every workspace may be used: a subscription the push service says is gone is removed
 * through the users decider, which the projections workspace cannot depend on.
 */
runMain(async () => {
  const config = readConfig(process.env, 3003);
  const { app, runner, eventStore, readStore } = await buildProjectionsApp(config);
  const clock = () => new Date();
  const push = await startPushNotifications(config, {
    readStore,
    changes: runner,
    forgetSubscription: goneSubscriptionRecorder(new CommandHandler(eventStore), clock),
    clock,
    logger: app.log,
  });
  app.addHook('preClose', async () => push.stop());
  await serveUntilStopped(app, config);
});
