import type { Config } from '@fitness/contracts';
import type { Authenticator } from '@fitness/platform/authentication.ts';
import type { ProjectionProgress } from '@fitness/projections';
import type { EventStore } from '@fitness/stores';
import { CommandHandler } from './core/command-handler.ts';
import { ExerciseLibrary } from './exercises/library.ts';
import { Nutrition } from './nutrition/nutrition.ts';
import { Templates } from './templates/templates.ts';
import { Accounts } from './users/accounts.ts';

/** What the command routes need, built once by whoever hosts them (gateway or main.ts). */
export type CommandServices = {
  handler: CommandHandler;
  accounts: Accounts;
  library: ExerciseLibrary;
  templates: Templates;
  nutrition: Nutrition;
  authenticator: Authenticator;
  progress: ProjectionProgress;
  clock: () => Date;
  authRateLimit: number;
  /** How long sign-out waits for the read model to drop the token before answering anyway. */
  consistencyTimeoutMs: number;
};

/** The command services over an event store, as the configuration sets them up. */
export function createCommandServices(
  config: Config,
  parts: { eventStore: EventStore; authenticator: Authenticator; progress: ProjectionProgress; clock: () => Date },
): CommandServices {
  const handler = new CommandHandler(parts.eventStore);
  return {
    handler,
    accounts: new Accounts({ handler, tokenTtlDays: config.tokenTtlDays }),
    library: new ExerciseLibrary(handler),
    templates: new Templates(handler),
    nutrition: new Nutrition(handler),
    authenticator: parts.authenticator,
    progress: parts.progress,
    clock: parts.clock,
    authRateLimit: config.authRateLimit,
    consistencyTimeoutMs: config.readYourWritesTimeoutMs,
  };
}
