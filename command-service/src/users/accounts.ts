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
import type { CounterStore } from '@fitness/stores';
import { LastAdminDeletion, LastAdminDemotion } from '../admin/errors.ts';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import { newId } from '../core/ids.ts';
import { KeyedLock } from '../core/keyed-lock.ts';
import { type ClaimStatus, claimUnique } from '../core/unique-claim.ts';
import { emailNotVerified } from '../google-sign-in/errors.ts';
import type { VerifiedClaims } from '../google-sign-in/google-sign-in.ts';
import { RegistrationClosed } from '../system-settings/errors.ts';
import { currentSystemSettings } from '../system-settings/settings.ts';
import { withStoredWeight } from './answered-user.ts';
import { type IssuedToken, type UserCommand, userDecider } from './decide.ts';
import {
  CredentialsDoNotMatch,
  EmailConfirmationIncorrect,
  EmailTaken,
  LastAdmin,
  PasswordIncorrect,
  PasswordRequired,
  UserNotFound,
} from './errors.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { SignInThrottle } from './sign-in-throttle.ts';
import type { UserState } from './user.ts';

export type AccountsOptions = {
  handler: CommandHandler;
  /** How many admins there are, from the users read model once it has caught up with the log. */
  countAdmins: () => Promise<number>;
  tokenTtlDays: { remember: number; session: number };
  /**
   * Where wrong passwords are counted: the counters every instance shares (openCounters). Without
   * them, this process counts alone (the tools, tests that do not look at it).
   */
  counters?: CounterStore;
  /**
   * The user as the users read model holds them, for the weight a sign-in answers with (see
   * withStoredWeight). Without it (the tools), the answer has the user stream's alone.
   */
  storedUser?: (userId: string) => Promise<UserDocument | null>;
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
 * Registration, sign-in (by password or through Google), sign-out and roles: the user aggregate
 * plus the claims that keep emails unique and make the first user of an empty system its admin.
 */
export class Accounts {
  private readonly handler: CommandHandler;
  private readonly ttl: AccountsOptions['tokenTtlDays'];
  private readonly countAdmins: AccountsOptions['countAdmins'];
  private readonly storedUser: AccountsOptions['storedUser'];
  private readonly adminDeparture = new KeyedLock();
  /** Wrong passwords per account. */
  private readonly throttle: SignInThrottle;

  constructor(options: AccountsOptions) {
    this.handler = options.handler;
    this.ttl = options.tokenTtlDays;
    this.countAdmins = options.countAdmins;
    this.storedUser = options.storedUser;
    this.throttle = new SignInThrottle(options.counters);
  }

  async register(
    input: { name: string; email: string; password: string; device?: string },
    context: CommandContext,
  ): Promise<SignedIn> {
    const role = await this.roleForNewAccount();
    const email = input.email.trim();
    const passwordHash = await hashPassword(input.password);
    const account = await this.claimNewAccount(email, role, context);
    if (!account) throw new EmailTaken();
    const { token, secret } = this.newSession(input.device ?? UNKNOWN_DEVICE, false, context.now);
    const result = await this.run(
      { type: 'Register', ...account, name: input.name.trim(), email, passwordHash, token },
      context,
    );
    return this.signedIn(account.userId, token.tokenId, secret, result);
  }

  /**
   * Signs in the person Google vouches for: the account holding their (verified) email, or a
   * new one without a password when registration is open. The Google account is linked either way.
   * An account whose address nobody verified is reclaimed for them (see SignInWithGoogle): its
   * password, tokens and push subscriptions go, as they may be those of whoever registered the
   * address first. `beforeIssuing` may refuse the sign-in by the role the account has, or would
   * have, before anything is written (maintenance mode, as for `login`).
   */
  async signInWithGoogle(
    claims: VerifiedClaims,
    context: CommandContext,
    device = UNKNOWN_DEVICE,
    options: { beforeIssuing?: (role: Role) => Promise<void> } = {},
  ): Promise<SignedIn> {
    if (!claims.emailVerified) throw emailNotVerified();
    const google = { subject: claims.subject, email: claims.email.trim() };
    const { token, secret } = this.newSession(device, false, context.now);
    /** Signs in the account holding the address, if the sign-in may go ahead by its role. */
    const signIn = async ({ userId, state }: { userId: string; state: UserState }) => {
      await options.beforeIssuing?.(state.role);
      const result = await this.run(
        { type: 'SignInWithGoogle', userId, at: context.now.toISOString(), google, token },
        context,
      );
      return this.signedIn(userId, token.tokenId, secret, result);
    };
    const holder = await this.holderOfEmail(google.email);
    if (holder) return signIn(holder);

    const role = await this.roleForNewAccount();
    await options.beforeIssuing?.(role);
    const account = await this.claimNewAccount(google.email, role, context);
    if (!account) {
      // Registered a moment ago by another request: Google vouches for the address, so its holder is
      // signed in (and reclaimed, if nobody has verified the address yet).
      const registered = await this.holderOfEmail(google.email);
      if (!registered) throw new EmailTaken();
      return signIn(registered);
    }
    const name = (claims.name ?? google.email.split('@')[0] ?? google.email).slice(0, 120);
    const result = await this.run({ type: 'RegisterWithGoogle', ...account, name, google, token }, context);
    return this.signedIn(account.userId, token.tokenId, secret, result);
  }

  /**
   * `beforeIssuing` may still refuse the sign-in (maintenance mode, for anyone but an admin) once
   * the password is checked, with the account's role as the write side knows it: nothing is
   * written until it has let the sign-in through.
   */
  async login(
    input: { email: string; password: string; remember: boolean; device?: string },
    context: CommandContext,
    options: { beforeIssuing?: (role: Role) => Promise<void> } = {},
  ): Promise<SignedIn> {
    // Per account, whichever address the guesses come from; an unknown email is held back alike.
    let holder: { userId: string; state: UserState } | null | undefined;
    const valid = await this.throttle.attempt(input.email, context.now, async () => {
      holder = await this.holderOfEmail(input.email);
      const state = holder?.state ?? userDecider.initialState();
      const matches = state.passwordHash
        ? await verifyPassword(state.passwordHash, input.password)
        : await verifyPassword(await decoyHash, input.password).then(() => false);
      return holder !== null && matches;
    });
    if (!valid || !holder) throw new CredentialsDoNotMatch();
    const { userId, state } = holder;
    await options.beforeIssuing?.(state.role);
    const { token, secret } = this.newSession(input.device ?? UNKNOWN_DEVICE, input.remember, context.now);
    const result = await this.run({ type: 'IssueToken', userId, at: context.now.toISOString(), token }, context);
    return this.signedIn(userId, token.tokenId, secret, result);
  }

  /**
   * Whether a signed-in user typed their password right (to change it, or to close the account),
   * counted with the sign-ins: a stolen token must not become a way to guess the password.
   * An account made through Google has no password to type. Throws TooManySignInAttempts while
   * the account must wait.
   */
  async confirmPassword(account: { email: string; passwordHash: string | null }, password: string, now: Date) {
    const { passwordHash } = account;
    if (passwordHash === null) return false;
    return this.throttle.attempt(account.email, now, () => verifyPassword(passwordHash, password));
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
   * left open on a shared computer must not be enough to erase a year of training). An account
   * made through Google has no password: its email address, typed out, confirms instead.
   */
  async deleteAccount(
    userId: string,
    confirmation: { password?: string | undefined; email?: string | undefined },
    context: CommandContext,
    options: { beforeDeleting?: () => Promise<void> } = {},
  ) {
    const state = await this.stateOf(userId);
    if (!state.registered || state.deleted) throw new UserNotFound();
    if (state.passwordHash) {
      if (!confirmation.password) throw new PasswordRequired();
      const right = await this.confirmPassword(state, confirmation.password, context.now);
      if (!right) throw new PasswordIncorrect();
    } else if (!confirmation.email || (await this.userIdOfEmail(confirmation.email)) !== userId) {
      throw new EmailConfirmationIncorrect();
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

  /**
   * The role the admins give new accounts (unless one is the very first), from the log itself;
   * registration closed refuses at once.
   */
  private async roleForNewAccount(): Promise<Role> {
    const settings = await currentSystemSettings(this.handler);
    if (!settings.allowRegistration) throw new RegistrationClosed();
    return settings.defaultUserRole;
  }

  /**
   * A new account's id, its email claimed for it and its role (admin for the first account of an
   * empty system); null when someone else holds the email. Both ways of registering go through here.
   */
  private async claimNewAccount(email: string, defaultRole: Role, context: CommandContext) {
    const userId = newId();
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
      'userId',
      context,
      emailStatus,
    );
    if (!emailClaimed) return null;

    const firstUser = await claimUnique(
      this.handler,
      FIRST_ADMIN_STREAM,
      { type: 'FirstAdminClaimed', data: { userId, claimedAt: at } },
      'userId',
      context,
      seatStatus,
    );
    const role: Role = firstUser ? 'admin' : defaultRole;
    return { userId, at, role };
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

  private async signedIn(
    userId: string,
    tokenId: string,
    secret: string,
    result: { document: UserDocument | null; position: number },
  ): Promise<SignedIn> {
    if (!result.document) throw new UserNotFound();
    const user = withStoredWeight(result.document, await this.storedUser?.(userId));
    return { user, token: formatToken(userId, tokenId, secret), position: result.position };
  }
}

function standingOf(state: UserState): 'unwritten' | 'active' | 'deleted' {
  if (state.deleted) return 'deleted';
  return state.registered ? 'active' : 'unwritten';
}
