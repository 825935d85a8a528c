/**
 * The client settings of spec section 3 and their defaults, saved in the browser under
 * `app_settings` and, for a signed-in user, on the server as ClientSettingsChanged events, so
 * they follow the user to their other devices and the mail and push senders can obey them.
 */
export const DEFAULT_CLIENT_SETTINGS = {
  emailNotifications: true,
  pushNotifications: true,
  workoutReminders: true,
  achievementAlerts: true,
  weeklyReports: false,
  profileVisibility: 'friends' as 'public' | 'friends' | 'private',
  shareWorkouts: true,
  shareAchievements: false,
  allowMessageRequests: true,
  language: 'en' as 'en' | 'de' | 'ar',
  theme: 'light' as 'light' | 'dark' | 'auto',
  units: 'metric' as 'metric' | 'imperial',
  startOfWeek: 'monday' as 'monday' | 'sunday',
  autoStartTimer: true,
  defaultRestTime: 90,
  soundEffects: true,
  hapticFeedback: true,
  showDebugInfo: false,
  autoBackup: true,
  downloadData: false,
  deleteAccount: false,
};

export type ClientSettings = typeof DEFAULT_CLIENT_SETTINGS;
export type ClientSettingKey = keyof ClientSettings;

/** The values a choice setting may take; anything else is refused (server) or ignored (browser). */
export const CLIENT_SETTING_CHOICES: Partial<Record<ClientSettingKey, readonly string[]>> = {
  profileVisibility: ['public', 'friends', 'private'],
  language: ['en', 'de', 'ar'],
  theme: ['light', 'dark', 'auto'],
  units: ['metric', 'imperial'],
  startOfWeek: ['monday', 'sunday'],
};

export const CLIENT_SETTING_KEYS = Object.keys(DEFAULT_CLIENT_SETTINGS) as ClientSettingKey[];

/** Whether a value is one the setting may hold (right kind, and one of its choices or bounds). */
export function isValidClientSetting(key: string, value: unknown): key is ClientSettingKey {
  if (!(key in DEFAULT_CLIENT_SETTINGS)) return false;
  const setting = key as ClientSettingKey;
  if (value === undefined || typeof value !== typeof DEFAULT_CLIENT_SETTINGS[setting]) return false;
  if (setting === 'defaultRestTime')
    return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 3600;
  const choices = CLIENT_SETTING_CHOICES[setting];
  return !choices || choices.includes(value as string);
}

/** A user's settings: what they changed, over the defaults. */
export function clientSettingsOf(stored: Partial<ClientSettings> | undefined | null): ClientSettings {
  return { ...DEFAULT_CLIENT_SETTINGS, ...stored };
}
