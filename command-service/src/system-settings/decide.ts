import type { SystemSettingsEvent, SystemSettingsValues } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { evolveSystemSettings, initialSystemSettings, type SystemSettingsState } from './settings.ts';

export type SystemSettingsCommand = {
  type: 'ChangeSystemSettings';
  changes: Partial<SystemSettingsValues>;
  /** The admin who changed them (the route lets only admins through). */
  userId: string;
  at: string;
};

/** Records only what differs from the settings now; a change to nothing records nothing. */
export function decideSystemSettings(
  command: SystemSettingsCommand,
  state: SystemSettingsState,
): SystemSettingsEvent[] {
  switch (command.type) {
    case 'ChangeSystemSettings': {
      const changes: Partial<SystemSettingsValues> = {};
      for (const [key, value] of Object.entries(command.changes) as [keyof SystemSettingsValues, unknown][]) {
        if (value !== undefined && state[key] !== value) (changes as Record<string, unknown>)[key] = value;
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'SystemSettingsChanged', data: { changes, changedAt: command.at } }];
    }
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unhandled system settings command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const systemSettingsDecider: Decider<SystemSettingsCommand, SystemSettingsEvent, SystemSettingsState> = {
  initialState: initialSystemSettings,
  evolve: evolveSystemSettings,
  decide: decideSystemSettings,
};
