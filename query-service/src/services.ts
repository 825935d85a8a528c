import type { Authenticator } from '@fitness/platform/authentication.ts';
import type { ProjectionProgress } from '@fitness/projections';
import type { ReadStore } from '@fitness/stores';

/** What the query routes need, built once by whoever hosts them (gateway or main.ts). */
export type QueryServices = {
  readStore: ReadStore;
  authenticator: Authenticator;
  progress: ProjectionProgress;
  /** How long a read carrying X-Min-Position waits for the projections before answering anyway. */
  readYourWritesTimeoutMs: number;
};
