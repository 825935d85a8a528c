import { type Static, Type } from 'typebox';
import { APP_PATH_PATTERN } from '../app-path.ts';
import { CALENDAR_DATE_PATTERN } from '../calendar-date.ts';
import { NameField } from '../name.ts';
import type { ClientSettings } from './client-settings.ts';
import { ACTIVITY_LEVELS, GENDERS, GOALS, type TokenKind } from './events.ts';
import { ONBOARDING_STATUSES, type OnboardingStatus } from './onboarding.ts';

/** The ages the profile takes, stated or from a birth date. */
export const PROFILE_AGE = { minimum: 13, maximum: 120 } as const;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const Email = Type.String({
  maxLength: 254,
  pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$',
  errorMessage: 'The email must be a valid email address.',
});

export const RegisterBody = Type.Object(
  {
    name: NameField('The name'),
    email: Email,
    password: Type.String({
      minLength: 8,
      maxLength: 200,
      errorMessage: 'The password must be 8 to 200 characters.',
    }),
    password_confirmation: Type.String({ maxLength: 200, errorMessage: PASSWORDS_DO_NOT_MATCH }),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, errorMessage: 'The email must be a valid email address.' }),
    password: Type.String({ minLength: 1, maxLength: 200, errorMessage: 'The password field is required.' }),
    remember: Type.Optional(Type.Boolean({ errorMessage: 'The remember field must be true or false.' })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/**
 * Deleting an account asks for the password again; an account made through Google sign-in has
 * none (`has_password` false) and confirms with its email address instead.
 */
export const DeleteAccountBody = Type.Object(
  {
    password: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, errorMessage: 'The password field is required.' }),
    ),
    email: Type.Optional(
      Type.String({ minLength: 1, maxLength: 254, errorMessage: 'The email must be a valid email address.' }),
    ),
  },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** Body profile. Filled in on the onboarding or the Profile screen; empty until then. */
export const Profile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  age: Nullable(Type.Integer()),
  height: Nullable(Type.Number()),
  /** The latest weigh-in (kg): the one source of the weight (see profile-weight.ts). */
  weight: Nullable(Type.Number()),
  /** The day of that weigh-in. */
  weighed_on: Nullable(Type.String()),
  activity_level: Nullable(Type.String()),
  goals: Type.Array(Type.String()),
  birth_date: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Profile = Static<typeof Profile>;

export const User = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  email_verified_at: Nullable(Timestamp),
  /** False for an account made through Google sign-in until it sets a password. */
  has_password: Type.Boolean(),
  role: Type.Union([Type.Literal('admin'), Type.Literal('user')]),
  profile: Profile,
  /**
   * Where the first-day onboarding stands (see onboarding.ts): the step it resumes at, or
   * skipped or done; null for an account made before there was one.
   */
  onboarding: Nullable(
    Type.Unsafe<OnboardingStatus>(Type.Union(ONBOARDING_STATUSES.map((status) => Type.Literal(status)))),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type User = Static<typeof User>;

export const AuthResponse = Type.Object({ user: User, token: Type.String() });
export type AuthResponse = Static<typeof AuthResponse>;

export const MessageResponse = Type.Object({ message: Type.String() });

/** GET /auth/google/redirect: where to go after signing in, a path of this app (default /dashboard). */
export const GoogleRedirectQuery = Type.Object({
  redirect: Type.Optional(
    Type.String({
      maxLength: 2000,
      pattern: APP_PATH_PATTERN,
      errorMessage: 'The redirect must be a path of this app, like /workouts.',
    }),
  ),
});
export type GoogleRedirectQuery = Static<typeof GoogleRedirectQuery>;

/** The provider's authorization URL to send the browser to. */
export const GoogleRedirectResponse = Type.Object({ url: Type.String({ format: 'uri' }) });
export type GoogleRedirectResponse = Static<typeof GoogleRedirectResponse>;

/**
 * POST /auth/google/callback: the query Google sent the browser back with, as it came (`code`
 * and `state`, or `error` and its description, and whatever else the provider adds).
 */
export const GoogleCallbackBody = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 4000 }), {
  maxProperties: 20,
  errorMessage: "The callback's parameters must be the text Google sent back.",
});
export type GoogleCallbackBody = Static<typeof GoogleCallbackBody>;

/** Signed in through Google, and where the sign-in was started from (`redirect` above). */
export const GoogleSignInResponse = Type.Object({ user: User, token: Type.String(), redirect: Type.String() });
export type GoogleSignInResponse = Static<typeof GoogleSignInResponse>;

/**
 * The read-model document: the API user plus what authentication needs, never serialised out.
 * A token's `last_used_at` starts at its creation and follows its TokenUsed events.
 */
export type UserDocument = User & {
  tokens: {
    id: string;
    hash: string;
    name: string;
    /** Absent in documents projected before tokens had kinds: a session. */
    kind?: TokenKind;
    expires_at: string;
    created_at: string;
    last_used_at: string;
  }[];
  /** The client settings the user changed (ClientSettingsChanged); `clientSettingsOf` adds the defaults. */
  settings?: Partial<ClientSettings>;
};

const choice = <T extends readonly string[]>(values: T, message: string) =>
  Type.Unsafe<T[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      { errorMessage: message },
    ),
  );

/**
 * PATCH /me: any profile fields; null clears one. Height in cm. The weight (kg) is recorded as a
 * weigh-in on `weighed_on` (default: today, UTC), the weight's one source, so it cannot be
 * cleared. `onboarding` records where the onboarding stands.
 */
export const UpdateProfileBody = Type.Object(
  {
    name: Type.Optional(NameField('The name')),
    age: Type.Optional(
      Nullable(
        Type.Integer({
          ...PROFILE_AGE,
          errorMessage: `The age must be a whole number from ${PROFILE_AGE.minimum} to ${PROFILE_AGE.maximum}.`,
        }),
      ),
    ),
    birth_date: Type.Optional(
      Nullable(
        // A calendar date, with a message of its own.
        Type.String({
          pattern: CALENDAR_DATE_PATTERN,
          format: 'date',
          errorMessage: 'The birth date must be a date like 1990-04-30.',
        }),
      ),
    ),
    gender: Type.Optional(Nullable(choice(GENDERS, 'The gender must be male, female or other.'))),
    height: Type.Optional(
      Nullable(Type.Number({ minimum: 50, maximum: 272, errorMessage: 'The height must be from 50 to 272 cm.' })),
    ),
    weight: Type.Optional(
      Type.Number({
        minimum: 20,
        maximum: 500,
        errorMessage: 'The weight must be from 20 to 500 kg (it is recorded as a weigh-in, so it cannot be cleared).',
      }),
    ),
    weighed_on: Type.Optional(
      Type.String({
        pattern: CALENDAR_DATE_PATTERN,
        format: 'date',
        errorMessage: 'The weigh-in date must be a date like 2026-04-30.',
      }),
    ),
    activity_level: Type.Optional(
      Nullable(choice(ACTIVITY_LEVELS, `The activity level must be one of: ${ACTIVITY_LEVELS.join(', ')}.`)),
    ),
    goals: Type.Optional(
      Type.Array(choice(GOALS, `Each goal must be one of: ${GOALS.join(', ')}.`), {
        maxItems: GOALS.length,
        uniqueItems: true,
        errorMessage: 'The goals must be distinct choices from the list.',
      }),
    ),
    onboarding: Type.Optional(
      choice(ONBOARDING_STATUSES, `The onboarding must be one of: ${ONBOARDING_STATUSES.join(', ')}.`),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

/**
 * Everything a user owns, as the read models hold it: the same documents deleting the account
 * removes. `data` maps each read model (workouts, meals, water, steps, body_weight, exercises,
 * foods, templates, favorites) to the user's documents in it.
 */
export const AccountExport = Type.Object({
  format: Type.Literal('stride-export/1'),
  exported_at: Type.String({ format: 'date-time' }),
  user: User,
  data: Type.Record(Type.String(), Type.Array(Type.Unknown())),
});
export type AccountExport = Static<typeof AccountExport>;
