import { toApiSettings, type UserDocument } from '@fitness/contracts';
import { AccountMails } from '@fitness/notifications/mail/account/account-mails.ts';
import type { Mailer } from '@fitness/notifications/mail/mailer.ts';
import type { PushEndpointPolicy } from '@fitness/notifications/push/push-endpoint-policy.ts';
import { WeeklyReports } from '@fitness/notifications/weekly-report/weekly-reports.ts';
import type { Authenticator, RecordTokenUse, RevokeIdleToken } from '@fitness/platform/authentication.ts';
import type { Config } from '@fitness/platform/config.ts';
import type { Logger } from '@fitness/platform/logger.ts';
import { loadOrCreateSecrets, Signer } from '@fitness/platform/secrets.ts';
import type { ProjectionProgress } from '@fitness/projections';
import type { CounterStore, EventStore, ReadStore } from '@fitness/stores';
import type { FastifyInstance } from 'fastify';
import { CommandHandler } from './core/command-handler.ts';
import { newId } from './core/ids.ts';
import { seedSystemExercises } from './exercises/seed.ts';
import { seedSystemFoods } from './foods/seed.ts';
import { callbackUrl, type GoogleSignIn } from './google-sign-in/google-sign-in.ts';
import { openIdClientSignIn } from './google-sign-in/openid-client-adapter.ts';
import { currentSystemSettings } from './system-settings/settings.ts';
import { seedSystemTemplates } from './templates/seed.ts';
import { AccountErasure } from './users/account-deletion/erasure.ts';
import { WritesInFlight } from './users/account-deletion/writes-in-flight.ts';
import { AccountSecurityMails } from './users/account-security/account-security-mails.ts';
import { AdminSeats } from './users/admins/admin-seats.ts';
import type { TokenTtlDays } from './users/sign-in/session-tokens.ts';
import { SignInThrottle } from './users/sign-in-limits/sign-in-throttle.ts';
import { runUserCommand } from './users/user-stream.ts';

/** What the command routes need, built once by whoever hosts them (gateway or main.ts). */
export type CommandServices = {
  handler: CommandHandler;
  /** How long a sign-in's token lives. */
  tokenTtlDays: TokenTtlDays;
  /** Wrong passwords per account, counted in the shared counters: sign-ins and passwords typed to confirm. */
  signInThrottle: SignInThrottle;
  /** The admins' claim: the last-admin rule, across command services. */
  adminSeats: AdminSeats;
  /** The user as the users read model holds them, for the weight a sign-in answers with (see withStoredWeight). */
  storedUser: (userId: string) => Promise<UserDocument | null>;
  /** The mails of email verification, password reset and change. */
  accountSecurityMails: AccountSecurityMails;
  /** Takes a deleted account's data out of the event log, in the background. */
  erasure: AccountErasure;
  /** Each user's write requests under way here, so a deletion waits for them. */
  writes: WritesInFlight;
  authenticator: Authenticator;
  progress: ProjectionProgress;
  clock: () => Date;
  authRateLimit: number;
  /** The counters every instance shares: the sign-in routes' rate limits and wrong passwords. */
  counters: CounterStore;
  /** How long sign-out waits for the read model to drop the token before answering anyway. */
  consistencyTimeoutMs: number;
  /** Google sign-in, when configured (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET). */
  google: GoogleSignIn | null;
  /** Signs what the server hands out to check later (the Google sign-in cookie), with the app key. */
  signer: Signer;
  /** APP_URL: where people reach the web app. */
  publicUrl: string;
  /** Which push endpoints a browser may subscribe with (https on the public internet, by default). */
  pushEndpoints: PushEndpointPolicy;
};

/** The command services over an event store, as the configuration sets them up. */
export function createCommandServices(
  config: Config,
  parts: {
    eventStore: EventStore;
    authenticator: Authenticator;
    progress: ProjectionProgress;
    clock: () => Date;
    logger: Logger;
    readStore: ReadStore;
    /** Shared by every instance of the command service (openCounters); the host closes them. */
    counters: CounterStore;
    /** The handler the authenticator's token-use port writes through, when it was made first. */
    handler?: CommandHandler;
    /** Where mail goes: the adapter the configuration names (createMailer), shared with the other senders. */
    mailer: Mailer;
  },
): CommandServices {
  const handler = parts.handler ?? new CommandHandler(parts.eventStore);
  const countAdmins = async () => {
    await parts.progress.waitFor(['users'], await parts.eventStore.headPosition(), config.readYourWritesTimeoutMs);
    return (await parts.readStore.find<UserDocument>('users', { where: { role: 'admin' } })).map((user) => user.id);
  };
  const mails = new AccountMails({
    mailer: parts.mailer,
    publicUrl: config.publicUrl,
    // The name admins gave the site, from the log itself, so a rename shows in the next mail.
    siteName: async () => (await currentSystemSettings(handler)).siteName,
  });
  const signer = new Signer(loadOrCreateSecrets(config.dataDir).appKey);
  return {
    handler,
    tokenTtlDays: config.tokenTtlDays,
    signInThrottle: new SignInThrottle(parts.counters),
    adminSeats: new AdminSeats(handler, countAdmins),
    storedUser: (userId) => parts.readStore.get<UserDocument>('users', userId),
    accountSecurityMails: new AccountSecurityMails({ handler, signer, mails, logger: parts.logger }),
    writes: new WritesInFlight(),
    erasure: new AccountErasure({ eventStore: parts.eventStore, handler, logger: parts.logger }),
    authenticator: parts.authenticator,
    progress: parts.progress,
    clock: parts.clock,
    authRateLimit: config.authRateLimit,
    counters: parts.counters,
    consistencyTimeoutMs: config.readYourWritesTimeoutMs,
    google: config.google
      ? openIdClientSignIn({ ...config.google, redirectUri: callbackUrl(config.publicUrl) }, parts.logger)
      : null,
    signer,
    publicUrl: config.publicUrl,
    pushEndpoints: config.push,
  };
}

/**
 * The weekly report mails, each recorded on the user's stream (WeeklyReportSent) before it is
 * sent, so several command service instances never send one twice. Started once the app is
 * ready, stopped when it closes.
 */
export function sendWeeklyReports(
  app: FastifyInstance,
  config: Config,
  parts: { handler: CommandHandler; readStore: ReadStore; mailer: Mailer; clock: () => Date },
) {
  const reports = new WeeklyReports({
    readStore: parts.readStore,
    mailer: parts.mailer,
    // The admins' settings from the log itself, like the account mails: the global switch and the name.
    systemSettings: async () => toApiSettings(await currentSystemSettings(parts.handler)),
    claim: async (userId, weekStart, at) => {
      const result = await runUserCommand(
        parts.handler,
        { type: 'RecordWeeklyReport', userId, weekStart, at: at.toISOString() },
        { actorId: null, commandId: newId(), correlationId: `weekly-report-${newId()}`, now: at },
      );
      return result.appended;
    },
    dashboardUrl: `${config.publicUrl}/dashboard`,
    now: parts.clock,
    logger: app.log,
  });
  let stop = () => {};
  app.addHook('onReady', async () => {
    stop = reports.start();
  });
  app.addHook('preClose', async () => stop());
  return reports;
}

/**
 * What the authenticator writes of a session's life through `handler`: each token's last use
 * (the session timeout's, durable) and the revocation of a token it found idle. Every server
 * that authenticates passes both.
 */
export function sessionTokenWrites(handler: CommandHandler) {
  return { recordTokenUse: tokenUseRecorder(handler), revokeIdleToken: idleTokenRevoker(handler) };
}

/**
 * The authenticator's port for a token's last use: a RecordTokenUse command on the user's
 * stream, which the users decider turns into a TokenUsed event (or nothing, for a token gone
 * or a use no later than the recorded one). The user is the actor.
 */
function tokenUseRecorder(handler: CommandHandler): RecordTokenUse {
  return (userId, tokenId, at) =>
    runUserCommand(
      handler,
      { type: 'RecordTokenUse', userId, tokenId, at: at.toISOString() },
      { actorId: userId, commandId: newId(), correlationId: `token-use-${newId()}`, now: at },
    );
}

/**
 * The authenticator's port for a token it found idle: a RevokeIdleToken command on the user's
 * stream, which the users decider turns into AccessTokenRevoked (reason idle), or nothing for a
 * token gone or used later than the authenticator knew. The server is the actor.
 */
function idleTokenRevoker(handler: CommandHandler): RevokeIdleToken {
  return async (userId, tokenId, lastUsedAt, at) => {
    const result = await runUserCommand(
      handler,
      { type: 'RevokeIdleToken', userId, tokenId, lastUsedAt: lastUsedAt.toISOString(), at: at.toISOString() },
      { actorId: null, commandId: newId(), correlationId: `idle-token-${newId()}`, now: at },
    );
    return result.position;
  };
}

/** Records that the push service no longer knows a subscription (its 404 or 410): it is removed. */
export function goneSubscriptionRecorder(handler: CommandHandler, clock: () => Date) {
  return (subscription: { id: string; user_id: string }) => {
    const now = clock();
    return runUserCommand(
      handler,
      {
        type: 'RemovePushSubscription',
        userId: subscription.user_id,
        subscriptionId: subscription.id,
        reason: 'gone',
        at: now.toISOString(),
      },
      { actorId: null, commandId: newId(), correlationId: `push-gone-${newId()}`, now },
    );
  };
}

/**
 * Resumes account erasures a previous run left unfinished, once the app is ready, and lets a
 * running one reach a safe point before the app (and its stores) close.
 */
export function finishErasures(app: FastifyInstance, erasure: AccountErasure) {
  app.addHook('onReady', async () => {
    erasure.resumePending().catch((error) => app.log.error({ err: error }, 'resuming account erasures failed'));
  });
  app.addHook('preClose', async () => erasure.stop());
}

/** Writes the system catalogues, the library first (templates refer to its exercises); idempotent. */
export async function seedCatalogues(services: CommandServices) {
  await seedSystemExercises(services.handler, services.clock());
  await seedSystemTemplates(services.handler, services.clock());
  await seedSystemFoods(services.handler, services.clock());
}
