import type { FastifyInstance } from 'fastify';
import { ConfigError } from './config.ts';

/**
 * Runs a process's main function. A configuration error is told in one line, anything else
 * with its stack; either way the process exits with 1, so a supervisor sees the failure.
 */
export function runMain(main: () => Promise<void>) {
  main().catch((error) => {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}

/**
 * Listens, and on SIGTERM (docker stop, a supervisor) or SIGINT (Ctrl-C) closes the app, whose
 * onClose hooks stop what it runs and close its stores, then exits: 0 when everything closed,
 * 1 when something failed to (logged with the signal).
 *
 * Closing waits for the connections still open, and Node counts as busy a connection that has
 * not sent a whole request: a browser's speculative preconnect, a client that stalled mid-way.
 * Those held a shutdown until their headers timeout (a minute), past the 10 s a supervisor such
 * as `docker stop` waits before it kills. So after a grace period for the requests under way,
 * every connection left is closed.
 */
export async function serveUntilStopped(
  app: Pick<FastifyInstance, 'listen' | 'close' | 'log' | 'server'>,
  config: { port: number; host: string },
) {
  const shutdown = async (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error, signal }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return app.listen({ port: config.port, host: config.host });
}

/** How long requests under way get to finish once a shutdown began, before their connections close. */
export const SHUTDOWN_GRACE_MS = 3_000;
