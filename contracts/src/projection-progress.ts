/**
 * How far the read models are. Read-your-writes waits on it: a query that must reflect a write
 * at position P waits until the projections behind the models it reads have reached P.
 * Declared here, not beside the runner, so the server mechanics (authentication waits on the
 * users model) can take it without depending on the projections package.
 */
export interface ProjectionProgress {
  /** Resolves true when every model reached the position, false when the time ran out. */
  waitFor(models: string[], position: number, timeoutMs: number): Promise<boolean>;
}
