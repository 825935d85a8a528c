import { CommandHandler, goneSubscriptionRecorder } from '@fitness/command-service';
import { type PushNotifications, startPushNotifications } from '@fitness/notifications/push/push-notifications.ts';
import { readConfig } from '@fitness/platform/config.ts';
import { runMain, serveUntilStopped } from '@fitness/platform/server-process.ts';
import { buildProjectionsApp } from '@fitness/projections/app.ts';
import type { ProjectorRole } from '@fitness/projections/projector-lease.ts';

/**
 * The projections process of the distributed deployment, its health endpoint on PORT (3003),
 * with the push senders, which follow the runner's change notices. A second instance on the
 * same stores stands by (see projector-lease.ts); push runs only in the active one: the
 * notices come from its runner alone, and the reminder scheduler, which runs on a timer rather
 * than on notices, would otherwise remind everyone twice. Composed here, where every workspace
 * may be used: a subscription the push service says is gone is removed through the users
 * decider, which the projections workspace cannot depend on.
 */
runMain(async () => {
  const config = readConfig(process.env, 3003);
  const { app, runner, eventStore, readStore, projector } = await buildProjectionsApp(config);
  const clock = () => new Date();
  const forgetSubscription = goneSubscriptionRecorder(new CommandHandler(eventStore), clock);
  let push: PushNotifications | null = null;
  // Role changes, one at a time, so a quick loss and takeover never leaves two senders running.
  let switching = Promise.resolve();
  const followRole = (role: ProjectorRole) => {
    switching = switching.then(async () => {
      if (role === 'active' && !push) {
        push = await startPushNotifications(config, {
          readStore,
          changes: runner,
          forgetSubscription,
          clock,
          logger: app.log,
        });
      } else if (role === 'standby' && push) {
        await push.stop();
        push = null;
      }
    });
    return switching;
  };
  const unfollow = projector?.onRoleChange(followRole);
  await followRole(projector?.role() ?? 'active');
  app.addHook('preClose', async () => {
    unfollow?.();
    await followRole('standby');
  });
  await serveUntilStopped(app, config);
});
