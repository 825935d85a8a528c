import { type Static, type TSchema, Type } from 'typebox';
import { NameField } from '../name.ts';
import {
  CLIENT_SETTING_CHOICES,
  CLIENT_SETTING_LISTS,
  CLIENT_SETTING_NUMBERS,
  type ClientSettingKey,
  type ClientSettings,
  clientSettingsOf,
  DEFAULT_CLIENT_SETTINGS,
} from './client-settings.ts';

/**
 * The account's own API beyond the profile: the client settings as the server keeps them
 * (`/me/settings`) and the bearer tokens (`/auth/tokens`): sessions on devices and personal
 * access tokens.
 */

const Timestamp = Type.String({ format: 'date-time' });

function settingSchema(key: ClientSettingKey): TSchema {
  const fallback = DEFAULT_CLIENT_SETTINGS[key];
  const choices = CLIENT_SETTING_CHOICES[key];
  if (choices) {
    return Type.Union(
      choices.map((value) => Type.Literal(value)),
      { errorMessage: `${key} must be one of ${choices.join(', ')}.` },
    );
  }
  if (key in CLIENT_SETTING_NUMBERS) {
    const { minimum, maximum, integer, message } = CLIENT_SETTING_NUMBERS[key as keyof typeof CLIENT_SETTING_NUMBERS];
    return (integer ? Type.Integer : Type.Number)({ minimum, maximum, errorMessage: message });
  }
  if (key in CLIENT_SETTING_LISTS) {
    const { maximum, maxItems, message } = CLIENT_SETTING_LISTS[key as keyof typeof CLIENT_SETTING_LISTS];
    return Type.Array(Type.Number({ exclusiveMinimum: 0, maximum, errorMessage: message }), {
      minItems: 1,
      maxItems,
      errorMessage: message,
    });
  }
  if (typeof fallback === 'boolean') return Type.Boolean({ errorMessage: `${key} must be true or false.` });
  throw new Error(`No schema for the client setting ${key}`);
}

const settingFields = Object.fromEntries(
  (Object.keys(DEFAULT_CLIENT_SETTINGS) as ClientSettingKey[]).map((key) => [key, settingSchema(key)]),
) as Record<ClientSettingKey, TSchema>;

/**
 * GET /me/settings and the answer of PATCH: every client setting (the defaults where the user
 * changed nothing), and which ones the user did change: a device that finds none changed
 * brings its own choices instead of taking the defaults.
 */
export const ClientSettingsResponse = Type.Object({
  settings: Type.Unsafe<ClientSettings>(Type.Object(settingFields)),
  changed: Type.Array(Type.String()),
});
export type ClientSettingsResponse = Static<typeof ClientSettingsResponse>;

/** The answer of GET and PATCH /me/settings for the settings a user changed. */
export function clientSettingsResponse(stored: Partial<ClientSettings> | undefined): ClientSettingsResponse {
  return { settings: clientSettingsOf(stored), changed: Object.keys(stored ?? {}) };
}

/** PATCH /me/settings: any settings; those left out keep their value. Unknown ones are refused. */
export const UpdateClientSettingsBody = Type.Unsafe<Partial<ClientSettings>>(
  Type.Partial(Type.Object(settingFields), { additionalProperties: false }),
);

/** One bearer token as its owner sees it; never its secret or hash. */
export const AccessToken = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** session: a sign-in on a device; personal: made by the user for a script or app. */
  kind: Type.Union([Type.Literal('session'), Type.Literal('personal')]),
  created_at: Timestamp,
  last_used_at: Timestamp,
  expires_at: Timestamp,
  /** The token this request was made with. */
  current: Type.Boolean(),
});
export type AccessToken = Static<typeof AccessToken>;

export const AccessTokenList = Type.Object({ data: Type.Array(AccessToken) });
export type AccessTokenList = Static<typeof AccessTokenList>;

export const PERSONAL_TOKEN_DAYS = { minimum: 1, maximum: 3650, default: 365 } as const;
/** So a leaked account cannot mint tokens without end; sessions are not counted. */
export const MAX_PERSONAL_TOKENS = 50;

/** POST /auth/tokens. */
export const CreateAccessTokenBody = Type.Object(
  {
    name: NameField('The name', 80),
    expires_in_days: Type.Optional(
      Type.Integer({
        minimum: PERSONAL_TOKEN_DAYS.minimum,
        maximum: PERSONAL_TOKEN_DAYS.maximum,
        errorMessage: `expires_in_days must be a whole number from ${PERSONAL_TOKEN_DAYS.minimum} to ${PERSONAL_TOKEN_DAYS.maximum}.`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateAccessTokenBody = Static<typeof CreateAccessTokenBody>;

/** The answer of POST /auth/tokens: the only time the plain token is shown. */
export const CreatedAccessToken = Type.Object({
  access_token: AccessToken,
  /** Use as `Authorization: Bearer <token>`. Not shown again. */
  plain_text_token: Type.String(),
});
export type CreatedAccessToken = Static<typeof CreatedAccessToken>;
