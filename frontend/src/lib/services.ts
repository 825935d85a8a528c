import { createContext, useContext } from 'react';
import type { Language } from './i18n.ts';
import type { LibraryNames } from './library-names.ts';
import type { OfflineState } from './offline/offline-sync.ts';
import type { RestTimer } from './rest-timer.ts';
import type { ScrollMemory } from './scroll-memory.ts';
import type { Auth } from './stores/auth.ts';
import type { InProgress } from './stores/in-progress.ts';
import type { ProgressStore } from './stores/progress.ts';
import type { Records } from './stores/records.ts';
import type { SettingsStore } from './stores/settings.ts';
import type { Workouts } from './stores/workouts.ts';
import type { Toasts } from './toasts.ts';

/**
 * What every screen may use, created once by app/ and provided to the whole tree: toasts, the
 * settings, who is signed in, the stores that several features read, the rest timer. A store
 * only one feature reads is handed to that feature's page by app/routes.tsx instead. The API
 * client is not here: stores talk to it, screens talk to stores.
 */
export type Services = {
  toasts: Toasts;
  settings: SettingsStore;
  auth: Auth;
  workouts: Workouts;
  /** The workout in progress as the server has it, asked before another starts (one at a time). */
  inProgress: InProgress;
  records: Records;
  progress: ProgressStore;
  restTimer: RestTimer;
  /** Where each screen was scrolled to: a screen asks it whether the reader came back to it. */
  scroll: Pick<ScrollMemory, 'cameBack'>;
  /** System exercises' and templates' names in the language shown (useLibraryNames() in a screen). */
  libraryNames: LibraryNames;
  /**
   * The signed-in user's writes kept offline, as the app shell shows them: whether there is a
   * connection, how many changes wait, and the ones the server did not keep until dismissed.
   */
  offline: { state: OfflineState; dismiss(seq: number): Promise<void> };
  /** Switches the language: i18n, <html lang dir>, the stored locale and the setting together. */
  changeLanguage(language: Language): Promise<void>;
};

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() needs <ServicesContext> around the app');
  return services;
}
