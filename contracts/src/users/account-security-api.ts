import { type Static, Type } from 'typebox';
import { RegisterBody } from './api.ts';

// The refusals live apart, free of schemas, so the web app can read them without TypeBox.
export * from './account-security-refusals.ts';

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

/** The same answer whether or not the address has an account, so it reveals none. */
export const PASSWORD_RESET_SENT = 'If an account exists for that email, we have sent a link to reset its password.';
