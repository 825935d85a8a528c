import type { Role, UserDocument } from '@fitness/contracts';
import { MAX_NAME_LENGTH } from '@fitness/contracts/name-pattern.ts';
import { refuseSignInDuringMaintenance } from '@fitness/platform/maintenance.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { namedUserCommandRunner, requestContext } from '../core/command-route.ts';
import type { CommandServices } from '../services.ts';
import type { GoogleAccount } from '../users/decide.ts';
import { EmailTaken } from '../users/errors.ts';
import { claimNewAccount, holderOfEmail, roleForNewAccount } from '../users/sign-in/email-claims.ts';
import { newSession, signedIn } from '../users/sign-in/session-tokens.ts';
import type { UserState } from '../users/user.ts';
import { users } from '../users/user-stream.ts';
import type { VerifiedClaims } from './google-sign-in.ts';

/**
 * Signs in the person Google vouches for (their address verified): the account holding their
 * email, or a new one without a password when registration is open. The Google account is
 * linked either way. An account whose address nobody verified is reclaimed for them (the user
 * decider's SignInWithGoogle): its password, tokens and push subscriptions go, as they may be
 * those of whoever registered the address first. Maintenance mode refuses anyone but an admin
 * by the role the account has, or would have, before anything is written.
 */
export async function signInWithGoogle(
  services: CommandServices,
  request: FastifyRequest,
  reply: FastifyReply,
  claims: VerifiedClaims,
  device: string,
) {
  const { handler } = services;
  const runOn = namedUserCommandRunner(services);
  const now = requestContext(request, services.clock).now;
  const google: GoogleAccount = { subject: claims.subject, email: claims.email.trim() };
  const issued = newSession(device, false, services.tokenTtlDays, now);
  const mayIssue = (role: Role) => refuseSignInDuringMaintenance(services.authenticator, role);
  const answered = async (userId: string, result: { document: UserDocument | null; position: number }) => ({
    answer: signedIn(userId, issued, result.document, await services.storedUser(userId)),
    position: result.position,
  });
  /** Signs in the account holding the address, if the sign-in may go ahead by its role. */
  const signIn = async ({ userId, state }: { userId: string; state: UserState }) => {
    await mayIssue(state.role);
    const result = await runOn(users, request, reply, {
      type: 'SignInWithGoogle',
      userId,
      google,
      token: issued.token,
    });
    return answered(userId, result);
  };
  const holder = await holderOfEmail(handler, google.email);
  if (holder) return signIn(holder);

  const role = await roleForNewAccount(handler);
  await mayIssue(role);
  const account = await claimNewAccount(handler, google.email, role, requestContext(request, services.clock));
  if (!account) {
    // Registered a moment ago by another request: Google vouches for the address, so its holder is
    // signed in (and reclaimed, if nobody has verified the address yet).
    const registered = await holderOfEmail(handler, google.email);
    if (!registered) throw new EmailTaken();
    return signIn(registered);
  }
  const name = (claims.name ?? google.email.split('@')[0] ?? google.email).slice(0, MAX_NAME_LENGTH);
  const result = await runOn(users, request, reply, {
    type: 'RegisterWithGoogle',
    ...account,
    name,
    google,
    token: issued.token,
  });
  // An account registered as an admin is counted as one (see AdminSeats).
  await services.adminSeats.seat(account.userId, result.state, requestContext(request, services.clock));
  return answered(account.userId, result);
}
