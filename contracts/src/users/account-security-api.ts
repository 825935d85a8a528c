import { type Static, Type } from 'typebox';
import { RegisterBody } from './api.ts';
import { WEAK_PASSWORD_MESSAGE } from './password-policy.ts';

/**
 * Verifying an address and resetting or changing a password: the request bodies of
 * /auth/verify-email, /password/forgot, /password/reset and /auth/change-password. New
 * passwords follow the registration's rules, from the same schema.
 */

const { email: Email, password: NewPassword, password_confirmation: PasswordConfirmation } = RegisterBody.properties;

/** How long a mailed verification link works. */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60_000;
/** How long a mailed password reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

export const VerifyEmailBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 2000, errorMessage: 'The verification link is incomplete.' }),
  },
  { additionalProperties: false },
);
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object(
  {
    email: Email,
    token: Type.String({ minLength: 1, maxLength: 200, errorMessage: 'The reset link is incomplete.' }),
    password: NewPassword,
    password_confirmation: PasswordConfirmation,
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({
      minLength: 1,
      maxLength: 200,
      errorMessage: 'The current password field is required.',
    }),
    password: NewPassword,
    password_confirmation: PasswordConfirmation,
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/**
 * The refusals of these routes, by name: the server sends the message, the web app shows its
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

/** The same answer whether or not the address has an account, so it reveals none. */
export const PASSWORD_RESET_SENT = 'If an account exists for that email, we have sent a link to reset its password.';
