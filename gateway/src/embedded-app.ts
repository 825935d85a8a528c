import { Accounts, CommandHandler, commandRoutes } from '@fitness/command-service';
import type { Config } from '@fitness/contracts';
import { Authenticator } from '@fitness/platform/authentication.ts';
import { createHttpApp } from '@fitness/platform/http-app.ts';
import { allProjections, ProjectionRunner } from '@fitness/projections';
import { attachLiveChannel, queryRoutes } from '@fitness/query-service';
import type { FastifyInstance } from 'fastify';
import { registerApiDocs } from './api-docs.ts';
import { registerCsrfCookie } from './csrf.ts';
import { registerFrontend } from './frontend.ts';
import { openStores } from './stores.ts';

export type EmbeddedAppOptions = {
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
  clock?: () => Date;
};

/** How long an unknown token waits for the users read model before it is refused. */
const AUTH_WAIT_MS = 2000;

/**
 * The whole product in one process: command and query routes under /api/v1, the projections
 * runner, the live channel and the web app, on one origin. Returns the app without listening.
 */
export async function buildEmbeddedApp(config: Config, options: EmbeddedAppOptions = {}) {
  const { eventStore, readStore } = await openStores(config);
  const app = createHttpApp({ logLevel: config.logLevel, logger: options.logger });
  const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, logger: app.log });
  await runner.start();

  const clock = options.clock ?? (() => new Date());
  const authenticator = new Authenticator({
    readStore,
    progress: runner,
    headPosition: () => eventStore.headPosition(),
    waitMs: AUTH_WAIT_MS,
    now: clock,
  });
  const handler = new CommandHandler(eventStore);
  const accounts = new Accounts({ handler, tokenTtlDays: config.tokenTtlDays });

  const root = app as unknown as FastifyInstance;
  await registerApiDocs(root);
  await registerCsrfCookie(root);
  await app.register(
    async (api) => {
      await api.register(commandRoutes, {
        handler,
        accounts,
        authenticator,
        progress: runner,
        clock,
        authRateLimit: config.authRateLimit,
        consistencyTimeoutMs: config.readYourWritesTimeoutMs,
      });
      await api.register(queryRoutes, {
        readStore,
        authenticator,
        progress: runner,
        readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
      });
    },
    { prefix: '/api/v1' },
  );
  await registerFrontend(root);

  const live = attachLiveChannel(app.server, { authenticator, changes: runner, logger: app.log });
  app.addHook('preClose', async () => live.close());
  app.addHook('onClose', async () => {
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });
  return { app, runner, eventStore, readStore, accounts, handler };
}
