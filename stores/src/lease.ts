/**
 * The lease port: at most one process at a time holds a named lease, for a time-to-live it
 * renews; when its holder dies (or pauses past the TTL) another may take it over. The
 * projections process holds one (PROJECTOR_LEASE) so that two instances started on the same
 * stores never both apply events. Two adapters, beside the read store whose writes they guard:
 * SQLite (a table in the read store's file) and MongoDB (a `leases` collection).
 *
 * A lease alone cannot stop a holder that paused past its TTL from writing after another took
 * over: it believes it still holds it. So each acquisition starts a new `term` (a fencing
 * token), and the read store's commit checks, in its own transaction, that the lease is still
 * held by the same holder in the same term (`CommitBatch.fence`): a stale holder's batch is
 * refused, not written.
 */

/** The lease the projections process takes before it applies events. */
export const PROJECTOR_LEASE = 'projector';

/** What a commit checks inside its transaction: the lease is still this holder's, in this term. */
export type LeaseFence = { lease: string; holder: string; term: number };

export interface Lease {
  /** The lease's name (one row or document per name). */
  readonly name: string;
  /** This process's identity in the lease: unique per instance, readable in the store. */
  readonly holder: string;
  /**
   * Takes the lease when nobody holds it, its holder let it expire, or this instance holds it
   * already (then it is extended in the same term). Returns the fence to commit under, or null
   * when another holder has it.
   */
  acquire(): Promise<LeaseFence | null>;
  /**
   * Extends the lease for another TTL if it is still this holder's in the fence's term (even if
   * it expired meanwhile, provided nobody took it: nobody else can have written). False when it
   * was lost: the caller must stop applying at once.
   */
  renew(fence: LeaseFence): Promise<boolean>;
  /** Lets the lease go at once (a clean shutdown), so a standby need not wait out the TTL. */
  release(fence: LeaseFence): Promise<void>;
  close(): Promise<void>;
}

export type LeaseOptions = {
  name: string;
  holder: string;
  ttlMs: number;
  /** The clock expiries are computed with; tests pass one they move by hand. */
  clock?: () => Date;
};

/** The read store refused a commit: the lease named in its fence is held by another, or in another term. */
export class LeaseLostError extends Error {
  constructor(fence: LeaseFence) {
    super(`The ${fence.lease} lease is no longer held by ${fence.holder} in term ${fence.term}; commit refused.`);
    this.name = 'LeaseLostError';
  }
}
