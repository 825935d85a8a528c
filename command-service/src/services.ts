import type { Authenticator } from '@fitness/platform/authentication.ts';
import type { ProjectionProgress } from '@fitness/projections';
import type { CommandHandler } from './core/command-handler.ts';
import type { Accounts } from './users/accounts.ts';

/** What the command routes need, built once by whoever hosts them (gateway or main.ts). */
export type CommandServices = {
  handler: CommandHandler;
  accounts: Accounts;
  authenticator: Authenticator;
  progress: ProjectionProgress;
  clock: () => Date;
  authRateLimit: number;
  /** How long sign-out waits for the read model to drop the token before answering anyway. */
  consistencyTimeoutMs: number;
};
