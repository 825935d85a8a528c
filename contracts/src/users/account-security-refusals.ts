import { WEAK_PASSWORD_MESSAGE } from './password-policy.ts';

/**
 * The refusals of the account-security routes (account-security-api.ts), by name: the server sends the message, the web app shows its
 * own translation of the one it recognises.
 */
export const ACCOUNT_SECURITY_REFUSALS = {
  verificationLinkInvalid: 'This verification link is not valid. Ask for a new one.',
  verificationLinkExpired: 'This verification link has expired. Ask for a new one.',
  verificationLinkForOtherEmail: 'This verification link is for an email address your account no longer uses.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Ask for a new one.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  weakPassword: WEAK_PASSWORD_MESSAGE,
} as const;
export type AccountSecurityRefusal = keyof typeof ACCOUNT_SECURITY_REFUSALS;

/** The name of a refusal the server sent, if it is one of these. */
export const accountSecurityRefusal = (message: string | undefined) =>
  (Object.keys(ACCOUNT_SECURITY_REFUSALS) as AccountSecurityRefusal[]).find(
    (name) => ACCOUNT_SECURITY_REFUSALS[name] === message,
  );
