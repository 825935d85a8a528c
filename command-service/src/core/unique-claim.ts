import type { DomainEvent, RecordedEvent } from '@fitness/contracts';
import { WrongExpectedRevisionError } from '@fitness/stores';
import type { CommandContext, CommandHandler } from './command-handler.ts';

/**
 * Whether an existing claim still stands: 'held' (its owner exists and still uses it), 'free'
 * (its owner let it go: deleted, renamed), or 'pending' (its owner has not been written yet).
 */
export type ClaimStatus = 'held' | 'free' | 'pending';

/** A pending claim whose owner never got written (a crash in between) is free again after this long. */
const ORPHAN_GRACE_MS = 60_000;

/**
 * Claims something unique (an email address, the first-admin seat, a custom exercise name) for
 * an owner, the claim event's `data[ownerField]`. The claim is a stream that only one "no stream"
 * append can create, so concurrent claimants cannot both win, in one process or many. A claim its
 * owner gave up, or one left behind by a write that crashed before its owner existed (once older
 * than a grace period), is taken over with an expected revision, so that takeover is a race only
 * one can win too.
 *
 * Whether the claim is held is always read back and compared by owner: an append the store takes
 * as a repeat of an earlier one (the same event ids, from the same command id) writes nothing, so
 * "my command appended" never proves "I hold it".
 */
export async function claimUnique(
  handler: CommandHandler,
  streamId: string,
  claim: DomainEvent,
  ownerField: string,
  context: CommandContext,
  status: (existing: RecordedEvent) => Promise<ClaimStatus>,
): Promise<boolean> {
  const owner = claim.data[ownerField];
  const holds = (event: RecordedEvent | undefined) => event !== undefined && event.data[ownerField] === owner;
  const latest = async () => (await handler.readStream(streamId)).at(-1);
  try {
    await handler.appendOnce(streamId, [claim], 'no_stream', context);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  const current = await latest();
  if (!current) return false;
  if (holds(current)) return true; // claimed just now, or by an earlier attempt for the same owner
  const state = await status(current);
  const orphaned = state === 'pending' && context.now.getTime() - Date.parse(current.recordedAt) >= ORPHAN_GRACE_MS;
  if (state === 'held' || (state === 'pending' && !orphaned)) return false;
  try {
    await handler.appendOnce(streamId, [claim], current.revision, context);
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
  return holds(await latest());
}
