import { emailReservationStream, FIRST_ADMIN_STREAM, type RecordedEvent, type Role } from '@fitness/contracts';
import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { newId } from '../../core/ids.ts';
import { type ClaimStatus, claimUnique } from '../../core/unique-claim.ts';
import { RegistrationClosed } from '../../system-settings/errors.ts';
import { currentSystemSettings } from '../../system-settings/settings.ts';
import { standingOf, userStateOf } from '../user-stream.ts';

/** How an email reservation stands given where its owner stands. */
const EMAIL_CLAIM = { unwritten: 'pending', active: 'held', deleted: 'free' } as const satisfies Record<
  string,
  ClaimStatus
>;

/** The active user holding an email, with their state (one read of their stream), from the write side's own claims. */
export async function holderOfEmail(handler: CommandHandler, email: string) {
  const claims = await handler.readStream(emailReservationStream(email));
  const userId = claims.at(-1)?.data.userId;
  if (typeof userId !== 'string') return null;
  const state = await userStateOf(handler, userId);
  return standingOf(state) === 'active' ? { userId, state } : null;
}

/** The id of the user who holds an email address. */
export async function userIdOfEmail(handler: CommandHandler, email: string): Promise<string | null> {
  return (await holderOfEmail(handler, email))?.userId ?? null;
}

/**
 * The role the admins give new accounts (unless one is the very first), from the log itself;
 * registration closed refuses at once.
 */
export async function roleForNewAccount(handler: CommandHandler): Promise<Role> {
  const settings = await currentSystemSettings(handler);
  if (!settings.allowRegistration) throw new RegistrationClosed();
  return settings.defaultUserRole;
}

/**
 * A new account's id, its email claimed for it and its role (admin for the first account of an
 * empty system); null when someone else holds the email. Both ways of registering go through here.
 */
export async function claimNewAccount(
  handler: CommandHandler,
  email: string,
  defaultRole: Role,
  context: CommandContext,
) {
  const userId = newId();
  const at = context.now.toISOString();
  const standing = async (claim: RecordedEvent) => standingOf(await userStateOf(handler, String(claim.data.userId)));
  // A registered user holds their email until they delete their account; the first-admin seat
  // is held for good, so deleting the first account never makes a later stranger admin.
  // Before the owner is written, either claim is pending.
  const emailStatus = async (claim: RecordedEvent): Promise<ClaimStatus> => EMAIL_CLAIM[await standing(claim)];
  const seatStatus = async (claim: RecordedEvent): Promise<ClaimStatus> =>
    (await standing(claim)) === 'unwritten' ? 'pending' : 'held';

  const emailClaimed = await claimUnique(
    handler,
    emailReservationStream(email),
    { type: 'EmailReserved', data: { email, userId, reservedAt: at } },
    'userId',
    context,
    emailStatus,
  );
  if (!emailClaimed) return null;

  const firstUser = await claimUnique(
    handler,
    FIRST_ADMIN_STREAM,
    { type: 'FirstAdminClaimed', data: { userId, claimedAt: at } },
    'userId',
    context,
    seatStatus,
  );
  const role: Role = firstUser ? 'admin' : defaultRole;
  return { userId, role };
}
