import type { DomainEvent } from '@fitness/contracts';
import { WrongExpectedRevisionError } from '@fitness/stores';
import type { CommandContext, CommandHandler } from './command-handler.ts';

export type ClaimEvent = DomainEvent & { data: { userId: string } };

/** A claim whose user never got registered (a crash in between) is free again after this long. */
const ORPHAN_GRACE_MS = 60_000;

/**
 * Claims something unique (an email address, the first-admin seat) for a user. The claim is a
 * stream that only one "no stream" append can create, so concurrent claimants cannot both win,
 * in one process or many. A claim left behind by a registration that crashed before its user
 * stream was written is taken over once it is older than a grace period.
 */
export async function claimUnique(
  handler: CommandHandler,
  streamId: string,
  event: ClaimEvent,
  context: CommandContext,
  userExists: (userId: string) => Promise<boolean>,
): Promise<boolean> {
  try {
    await handler.appendOnce(streamId, [event], 'no_stream', context);
    return true;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  const claims = await handler.readStream(streamId);
  const current = claims.at(-1);
  if (!current) return false;
  const owner = String(current.data.userId);
  if (owner === event.data.userId) return true;
  const age = context.now.getTime() - Date.parse(current.recordedAt);
  if (age < ORPHAN_GRACE_MS || (await userExists(owner))) return false;
  try {
    await handler.appendOnce(streamId, [event], current.revision, context);
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
}
