import {
  DEFAULT_SYSTEM_SETTINGS,
  SYSTEM_SETTINGS_STREAM,
  type SystemSettingsEvent,
  type SystemSettingsValues,
} from '@fitness/contracts';
import type { CommandHandler } from '../core/command-handler.ts';

/** The settings as the write side knows them: the defaults, overwritten by every change in order. */
export type SystemSettingsState = SystemSettingsValues;

export const initialSystemSettings = (): SystemSettingsState => ({ ...DEFAULT_SYSTEM_SETTINGS });

export function evolveSystemSettings(state: SystemSettingsState, event: SystemSettingsEvent): SystemSettingsState {
  switch (event.type) {
    case 'SystemSettingsChanged':
      return { ...state, ...event.data.changes };
    default: {
      const unhandled: never = event.type;
      throw new Error(`Unhandled system settings event ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * The settings now, from the event log itself (not the read model), for the write side's own
 * rules: registration open or closed and the new accounts' role are decided with no lag.
 */
export async function currentSystemSettings(handler: CommandHandler): Promise<SystemSettingsState> {
  const events = await handler.readStream(SYSTEM_SETTINGS_STREAM);
  return (events as unknown as SystemSettingsEvent[]).reduce(evolveSystemSettings, initialSystemSettings());
}
