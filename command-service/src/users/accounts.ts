import {
  emailReservationStream,
  FIRST_ADMIN_STREAM,
  formatToken,
  hashSecret,
  newSecret,
  type RecordedEvent,
  type Role,
  type TokenKind,
  type UserDocument,
  userStream,
} from '@fitness/contracts';
import { usersProjection } from '@fitness/projections';
import { LastAdminDeletion, LastAdminDemotion } from '../admin/errors.ts';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import { newId } from '../core/ids.ts';
import { KeyedLock } from '../core/keyed-lock.ts';
import { type ClaimStatus, claimUnique } from '../core/unique-claim.ts';
import { RegistrationClosed } from '../system-settings/errors.ts';
import { currentSystemSettings } from '../system-settings/settings.ts';
import { type IssuedToken, type UserCommand, userDecider } from './decide.ts';
import { CredentialsDoNotMatch, EmailTaken, LastAdmin, PasswordIncorrect, UserNotFound } from './errors.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { UserState } from './user.ts';

export type AccountsOptions = {
  handler: CommandHandler;
  /** How many admins there are, from the users read model once it has caught up with the log. */
  countAdmins: () => Promise<number>;
  tokenTtlDays: { remember: number; session: number };
};

export type SignedIn = { user: UserDocument; token: string; position: number };

const DAY_MS = 86_400_000;
const UNKNOWN_DEVICE = 'Unknown device';

/** How an email reservation stands given where its owner stands. */
const EMAIL_CLAIM = { unwritten: 'pending', active: 'held', deleted: 'free' } as const satisfies Record<
  string,
  ClaimStatus
>;

/**
 * Registration, sign-in, sign-out and roles: the user aggregate plus the claims that keep
 * emails unique and make the first user of an empty system its admin.
 */
export class Accounts {
  private readonly handler: CommandHandler;
  private readonly ttl: AccountsOptions['tokenTtlDays'];
  private readonly countAdmins: AccountsOptions['countAdmins'];
  private readonly adminDeparture = new KeyedLock();

  constructor(options: AccountsOptions) {
    this.handler = options.handler;
    this.ttl = options.tokenTtlDays;
    this.countAdmins = options.countAdmins;
  }

  async register(
    input: { name: string; email: string; password: string; device?: string },
    context: CommandContext,
  ): Promise<SignedIn> {
    // The admins' settings, from the log itself: registration closed refuses at once.
    const settings = await currentSystemSettings(this.handler);
    if (!settings.allowRegistration) throw new RegistrationClosed();
    const email = input.email.trim();
    const userId = newId();
    const passwordHash = await hashPassword(input.password);
    const at = context.now.toISOString();
    // A registered user holds their email until they delete their account; the first-admin seat
    // is held for good, so deleting the first account never makes a later stranger admin.
    // Before the owner is written, either claim is pending.
    const emailStatus = async (claim: RecordedEvent): Promise<ClaimStatus> =>
      EMAIL_CLAIM[await this.standing(String(claim.data.userId))];
    const seatStatus = async (claim: RecordedEvent): Promise<ClaimStatus> =>
      (await this.standing(String(claim.data.userId))) === 'unwritten' ? 'pending' : 'held';

    const emailClaimed = await claimUnique(
      this.handler,
      emailReservationStream(email),
      { type: 'EmailReserved', data: { email, userId, reservedAt: at } },
      context,
      emailStatus,
    );
    if (!emailClaimed) throw new EmailTaken();

    const firstUser = await claimUnique(
      this.handler,
      FIRST_ADMIN_STREAM,
      { type: 'FirstAdminClaimed', data: { userId, claimedAt: at } },
      context,
      seatStatus,
    );
    const role: Role = firstUser ? 'admin' : settings.defaultUserRole;
    const { token, secret } = this.newSession(input.device ?? UNKNOWN_DEVICE, false, context.now);
    const result = await this.run(
      { type: 'Register', userId, at, name: input.name.trim(), email, passwordHash, role, token },
      context,
    );
    return this.signedIn(userId, token.tokenId, secret, result);
  }

  async login(
    input: { email: string; password: string; remember: boolean; device?: string },
    context: CommandContext,
  ): Promise<SignedIn> {
    const holder = await this.holderOfEmail(input.email);
    const userId = holder?.userId;
    const state = holder?.state ?? userDecider.initialState();
    const valid = state.passwordHash
      ? await verifyPassword(state.passwordHash, input.password)
      : await verifyPassword(await decoyHash, input.password).then(() => false);
    if (!userId || !valid) {
      throw new CredentialsDoNotMatch();
    }
    const { token, secret } = this.newSession(input.device ?? UNKNOWN_DEVICE, input.remember, context.now);
    const result = await this.run({ type: 'IssueToken', userId, at: context.now.toISOString(), token }, context);
    return this.signedIn(userId, token.tokenId, secret, result);
  }

  /**
   * A personal access token the user names, for a script or another app: the plain token is
   * in the answer only, its hash in the log.
   */
  async createPersonalToken(userId: string, input: { name: string; days: number }, context: CommandContext) {
    const { token, secret } = this.newToken(input.name, 'personal', input.days, context.now);
    const result = await this.run({ type: 'IssueToken', userId, at: context.now.toISOString(), token }, context);
    return { tokenId: token.tokenId, plainTextToken: formatToken(userId, token.tokenId, secret), result };
  }

  async changeRole(userId: string, role: Role, context: CommandContext) {
    const result = await this.run({ type: 'ChangeRole', userId, role, at: context.now.toISOString() }, context);
    return result.position;
  }

  /**
   * Closes the account for good, once the user has confirmed it with their password (a session
   * left open on a shared computer must not be enough to erase a year of training).
   */
  async deleteAccount(
    userId: string,
    password: string,
    context: CommandContext,
    options: { beforeDeleting?: () => Promise<void> } = {},
  ) {
    const state = await this.stateOf(userId);
    if (!state.registered || state.deleted) throw new UserNotFound();
    if (!state.passwordHash || !(await verifyPassword(state.passwordHash, password))) {
      throw new PasswordIncorrect();
    }
    return this.close(userId, state.role, context, options, () => new LastAdmin());
  }

  /**
   * An admin sets a user's role. Demoting the last admin is refused: admins are counted one
   * change at a time, as they are when one deletes their account.
   */
  async changeRoleAsAdmin(userId: string, role: Role, context: CommandContext) {
    const state = await this.stateOf(userId);
    if (!state.registered || state.deleted) throw new UserNotFound();
    const change = () => this.run({ type: 'ChangeRole', userId, role, at: context.now.toISOString() }, context);
    if (state.role !== 'admin' || role === 'admin') return change();
    return this.adminDeparture.run('admins', async () => {
      if ((await this.countAdmins()) <= 1) throw new LastAdminDemotion();
      return change();
    });
  }

  /**
   * An admin closes a user's account: the same deletion as `deleteAccount`, without the user's
   * password; the acting admin is the event's actor. The last admin's account stays.
   */
  async deleteAccountAsAdmin(
    userId: string,
    context: CommandContext,
    options: { beforeDeleting?: () => Promise<void> } = {},
  ) {
    const state = await this.stateOf(userId);
    if (!state.registered || state.deleted) throw new UserNotFound();
    return this.close(userId, state.role, context, options, () => new LastAdminDeletion());
  }

  /**
   * Deletes the account, by its owner or by an admin. Someone must be left to run the place
   * (`npm run users -- promote` is there if not): admins leave one at a time, each counting the
   * others once the one before is in the read model.
   */
  private async close(
    userId: string,
    role: Role,
    context: CommandContext,
    options: { beforeDeleting?: () => Promise<void> },
    lastAdmin: () => Error,
  ) {
    const deleteIt = async () => {
      await options.beforeDeleting?.();
      const result = await this.run({ type: 'DeleteAccount', userId, at: context.now.toISOString() }, context);
      return result.position;
    };
    if (role !== 'admin') return deleteIt();
    return this.adminDeparture.run('admins', async () => {
      if ((await this.countAdmins()) <= 1) throw lastAdmin();
      return deleteIt();
    });
  }

  /** The id of the user who holds an email address, from the write side's own claims. */
  async userIdOfEmail(email: string): Promise<string | null> {
    return (await this.holderOfEmail(email))?.userId ?? null;
  }

  /** The active user holding an email, with their state (one read of their stream). */
  private async holderOfEmail(email: string) {
    const claims = await this.handler.readStream(emailReservationStream(email));
    const userId = claims.at(-1)?.data.userId;
    if (typeof userId !== 'string') return null;
    const state = await this.stateOf(userId);
    return standingOf(state) === 'active' ? { userId, state } : null;
  }

  /** A command on the user's own stream, answered with the user as the read model will hold them. */
  private run(command: UserCommand, context: CommandContext) {
    return this.handler.handle(userDecider, userStream(command.userId), command, context, usersProjection);
  }

  private async stateOf(userId: string) {
    const history = await this.handler.readStream(userStream(userId));
    return history.reduce((s, e) => userDecider.evolve(s, e as never), userDecider.initialState());
  }

  /** Where a user stands, from their own stream: not written yet, active, or deleted. */
  private async standing(userId: string) {
    return standingOf(await this.stateOf(userId));
  }

  /** A sign-in's token, named after the device it was made on. */
  private newSession(device: string, remember: boolean, now: Date) {
    return this.newToken(device, 'session', remember ? this.ttl.remember : this.ttl.session, now);
  }

  private newToken(name: string, kind: TokenKind, days: number, now: Date): { token: IssuedToken; secret: string } {
    const secret = newSecret();
    return {
      secret,
      token: {
        tokenId: newId(),
        tokenHash: hashSecret(secret),
        name,
        kind,
        expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString(),
      },
    };
  }

  private signedIn(
    userId: string,
    tokenId: string,
    secret: string,
    result: { document: UserDocument | null; position: number },
  ): SignedIn {
    if (!result.document) throw new UserNotFound();
    return { user: result.document, token: formatToken(userId, tokenId, secret), position: result.position };
  }
}

function standingOf(state: UserState): 'unwritten' | 'active' | 'deleted' {
  if (state.deleted) return 'deleted';
  return state.registered ? 'active' : 'unwritten';
}
