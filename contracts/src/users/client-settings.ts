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
  /** The logger asks how hard each set felt (RPE), as a column beside the reps. */
  trackRpe: false,
  /** Completed workouts a week that keep a weekly streak going. */
  weeklyWorkoutGoal: 3,
  /** The plate calculator's bar and plates (any number of each), one set per weight unit. */
  barWeightKg: 20,
  barWeightLb: 45,
  platesKg: [25, 20, 15, 10, 5, 2.5, 1.25] as number[],
  platesLb: [45, 35, 25, 10, 5, 2.5] as number[],
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

type NumberKey = { [K in ClientSettingKey]: ClientSettings[K] extends number ? K : never }[ClientSettingKey];
type ListKey = { [K in ClientSettingKey]: ClientSettings[K] extends number[] ? K : never }[ClientSettingKey];
export type NumberBounds = { minimum: number; maximum: number; integer?: boolean; message: string };

/** The bounds of each number setting, and what a value out of them is told. */
export const CLIENT_SETTING_NUMBERS: Record<NumberKey, NumberBounds> = {
  defaultRestTime: {
    minimum: 0,
    maximum: 3600,
    integer: true,
    message: 'defaultRestTime must be a whole number of seconds from 0 to 3600.',
  },
  weeklyWorkoutGoal: {
    minimum: 1,
    maximum: 14,
    integer: true,
    message: 'weeklyWorkoutGoal must be a whole number of workouts from 1 to 14.',
  },
  barWeightKg: { minimum: 0, maximum: 100, message: 'barWeightKg must be a weight from 0 to 100 kg.' },
  barWeightLb: { minimum: 0, maximum: 220, message: 'barWeightLb must be a weight from 0 to 220 lb.' },
};

/** The plate lists: one to twenty kinds of plate, each above 0 and at most the bound. */
export const CLIENT_SETTING_LISTS: Record<ListKey, NumberBounds & { maxItems: number }> = {
  platesKg: {
    minimum: 0,
    maximum: 50,
    maxItems: 20,
    message: 'platesKg must list 1 to 20 plates, each above 0 and at most 50 kg.',
  },
  platesLb: {
    minimum: 0,
    maximum: 100,
    maxItems: 20,
    message: 'platesLb must list 1 to 20 plates, each above 0 and at most 100 lb.',
  },
};

const inBounds = (value: unknown, bounds: NumberBounds) =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value >= bounds.minimum &&
  value <= bounds.maximum &&
  (!bounds.integer || Number.isInteger(value));
const isPlate = (value: unknown, bounds: NumberBounds) => inBounds(value, bounds) && (value as number) > 0;

/** Whether a value is one the setting may hold (right kind, and one of its choices or bounds). */
export function isValidClientSetting(key: string, value: unknown): key is ClientSettingKey {
  if (!(key in DEFAULT_CLIENT_SETTINGS)) return false;
  const setting = key as ClientSettingKey;
  if (setting in CLIENT_SETTING_LISTS) {
    const bounds = CLIENT_SETTING_LISTS[setting as ListKey];
    return (
      Array.isArray(value) &&
      value.length >= 1 &&
      value.length <= bounds.maxItems &&
      value.every((plate) => isPlate(plate, bounds))
    );
  }
  if (value === undefined || typeof value !== typeof DEFAULT_CLIENT_SETTINGS[setting]) return false;
  if (setting in CLIENT_SETTING_NUMBERS) return inBounds(value, CLIENT_SETTING_NUMBERS[setting as NumberKey]);
  const choices = CLIENT_SETTING_CHOICES[setting];
  return !choices || choices.includes(value as string);
}

/** Whether two values of a setting are the same: lists by their items, in order. */
export function sameClientSetting(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

/** A user's settings: what they changed, over the defaults. */
export function clientSettingsOf(stored: Partial<ClientSettings> | undefined | null): ClientSettings {
  return { ...DEFAULT_CLIENT_SETTINGS, ...stored };
}
