import { type Static, Type } from 'typebox';
import { NameField } from '../name.ts';
import type { Role } from '../users/events.ts';

/**
 * The system settings of spec section 3 "Admin settings": one stream, `system-settings`, whose
 * events say what an admin changed (only the changed fields; the admin is the event's actorId)
 * and when. The read model `system_settings` holds one document, the defaults until anything
 * changed. At schema version 1.
 */

export const SYSTEM_SETTINGS_STREAM = 'system-settings';

/** The settings as events and the domain hold them (camelCase, like every event's data). */
export type SystemSettingsValues = {
  siteName: string;
  maintenanceMode: boolean;
  /** Shown to non-admins while maintenance mode is on; null for the default message. */
  maintenanceMessage: string | null;
  allowRegistration: boolean;
  /** The role of every new account except the first of an empty system (always admin). */
  defaultUserRole: Role;
  /** A token unused for longer than this stops working. */
  sessionTimeoutMinutes: number;
  /** The admin users list's page size when the request names none. */
  usersPerPage: number;
  /** Global switch the mail sender obeys. */
  emailNotifications: boolean;
  /** Global switch the push sender obeys. */
  pushNotifications: boolean;
};

export const DEFAULT_SYSTEM_SETTINGS: Readonly<SystemSettingsValues> = Object.freeze({
  siteName: 'Stride',
  maintenanceMode: false,
  maintenanceMessage: null,
  allowRegistration: true,
  defaultUserRole: 'user',
  sessionTimeoutMinutes: 10_080,
  usersPerPage: 20,
  emailNotifications: true,
  pushNotifications: true,
});

export const DEFAULT_MAINTENANCE_MESSAGE = 'The site is down for maintenance. Please try again later.';

export type SystemSettingsEvent = {
  type: 'SystemSettingsChanged';
  data: { changes: Partial<SystemSettingsValues>; changedAt: string };
};

export const systemSettingsEventTypes: readonly SystemSettingsEvent['type'][] = ['SystemSettingsChanged'];

export const SESSION_TIMEOUT_BOUNDS = { minimum: 5, maximum: 525_600 } as const;
export const USERS_PER_PAGE_BOUNDS = { minimum: 5, maximum: 100 } as const;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const RoleSchema = Type.Unsafe<Role>(
  Type.Union([Type.Literal('admin'), Type.Literal('user')], {
    errorMessage: 'The default user role must be admin or user.',
  }),
);

const fields = {
  site_name: NameField('The site name', 60),
  maintenance_mode: Type.Boolean({ errorMessage: 'Maintenance mode must be true or false.' }),
  maintenance_message: Nullable(
    Type.String({ maxLength: 500, errorMessage: 'The maintenance message may have at most 500 characters.' }),
  ),
  allow_registration: Type.Boolean({ errorMessage: 'Allow registration must be true or false.' }),
  default_user_role: RoleSchema,
  session_timeout_minutes: Type.Integer({
    ...SESSION_TIMEOUT_BOUNDS,
    errorMessage: `The session timeout must be a whole number of minutes from ${SESSION_TIMEOUT_BOUNDS.minimum} to ${SESSION_TIMEOUT_BOUNDS.maximum}.`,
  }),
  users_per_page: Type.Integer({
    ...USERS_PER_PAGE_BOUNDS,
    errorMessage: `Users per page must be a whole number from ${USERS_PER_PAGE_BOUNDS.minimum} to ${USERS_PER_PAGE_BOUNDS.maximum}.`,
  }),
  email_notifications: Type.Boolean({ errorMessage: 'Email notifications must be true or false.' }),
  push_notifications: Type.Boolean({ errorMessage: 'Push notifications must be true or false.' }),
};

/** GET /admin/settings and the answer of PUT: every setting. */
export const SystemSettings = Type.Object(fields);
export type SystemSettings = Static<typeof SystemSettings>;

/**
 * PUT /admin/settings: any settings (a form sends them all, a script may send one); those left
 * out keep their value. A null maintenance message goes back to the default one.
 */
export const UpdateSystemSettingsBody = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type UpdateSystemSettingsBody = Static<typeof UpdateSystemSettingsBody>;

/** GET /site: what every visitor, signed in or not, may know about the site. */
export const SiteInfo = Type.Object({
  site_name: Type.String(),
  allow_registration: Type.Boolean(),
  maintenance_mode: Type.Boolean(),
  /** The message non-admins see while maintenance mode is on; null otherwise. */
  maintenance_message: Nullable(Type.String()),
  /** Whether the server is set up for Google sign-in (the "Continue with Google" button). */
  google_sign_in: Type.Boolean(),
});
export type SiteInfo = Static<typeof SiteInfo>;

export function toApiSettings(values: SystemSettingsValues): SystemSettings {
  return {
    site_name: values.siteName,
    maintenance_mode: values.maintenanceMode,
    maintenance_message: values.maintenanceMessage,
    allow_registration: values.allowRegistration,
    default_user_role: values.defaultUserRole,
    session_timeout_minutes: values.sessionTimeoutMinutes,
    users_per_page: values.usersPerPage,
    email_notifications: values.emailNotifications,
    push_notifications: values.pushNotifications,
  };
}

/** The body's fields in the events' camelCase, only those present. */
export function fromApiSettings(body: UpdateSystemSettingsBody): Partial<SystemSettingsValues> {
  const changes: Partial<SystemSettingsValues> = {};
  if (body.site_name !== undefined) changes.siteName = body.site_name.trim();
  if (body.maintenance_mode !== undefined) changes.maintenanceMode = body.maintenance_mode;
  if (body.maintenance_message !== undefined) {
    const message = body.maintenance_message?.trim();
    changes.maintenanceMessage = message ? message : null;
  }
  if (body.allow_registration !== undefined) changes.allowRegistration = body.allow_registration;
  if (body.default_user_role !== undefined) changes.defaultUserRole = body.default_user_role;
  if (body.session_timeout_minutes !== undefined) changes.sessionTimeoutMinutes = body.session_timeout_minutes;
  if (body.users_per_page !== undefined) changes.usersPerPage = body.users_per_page;
  if (body.email_notifications !== undefined) changes.emailNotifications = body.email_notifications;
  if (body.push_notifications !== undefined) changes.pushNotifications = body.push_notifications;
  return changes;
}

export function toSiteInfo(settings: SystemSettings, server: { googleSignIn: boolean }): SiteInfo {
  return {
    site_name: settings.site_name,
    allow_registration: settings.allow_registration,
    maintenance_mode: settings.maintenance_mode,
    maintenance_message: settings.maintenance_mode
      ? (settings.maintenance_message ?? DEFAULT_MAINTENANCE_MESSAGE)
      : null,
    google_sign_in: server.googleSignIn,
  };
}

/** The read model: one document, `system_settings/current`, in the API's shape. */
export const SYSTEM_SETTINGS_MODEL = 'system_settings';
export const SYSTEM_SETTINGS_DOCUMENT_ID = 'current';

export type SystemSettingsDocument = SystemSettings & {
  id: string;
  /** When and by whom the settings last changed; null while they are the defaults. */
  updated_at: string | null;
  updated_by: string | null;
};

/** The settings of a read-model document, or the defaults when there is none yet. */
export function settingsOfDocument(document: SystemSettingsDocument | null): SystemSettings {
  const defaults = toApiSettings(DEFAULT_SYSTEM_SETTINGS);
  if (!document) return defaults;
  const settings = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof SystemSettings)[]) {
    if (document[key] !== undefined) (settings as Record<string, unknown>)[key] = document[key];
  }
  return settings;
}
