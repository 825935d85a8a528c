import type { AchievementId, Progress } from '@fitness/contracts';
import { changesAchievements } from '@fitness/contracts/metrics/achievements.ts';
import { proxy, subscribe } from 'valtio';
import type { ApiClient } from '../api-client.ts';
import { localToday } from '../format.ts';
import type { ChangeNotice } from '../live.ts';
import { liveResource } from '../live-resource.ts';
import type { SettingsStore } from './settings.ts';

/**
 * Achievements, streaks and lifetime stats while a screen shows them. While one of the screens
 * asks for it (the dashboard), an achievement unlocked since the last load, on any device, is
 * passed to `announce`. With `settings`, the weekly streak is asked for by the goal and start of
 * the week chosen there, and read again when either changes (without, the server's copy of the
 * user's settings decides).
 */
export function createProgress(
  api: ApiClient,
  options: { announce(unlocked: AchievementId): void; settings?: SettingsStore },
) {
  const goal = () => {
    const settings = options.settings?.state;
    return settings ? { weekly_goal: settings.weeklyWorkoutGoal, start_of_week: settings.startOfWeek } : {};
  };
  const state = proxy({ progress: null as Progress | null });
  let known: Set<AchievementId> | null = null;
  let announcing = 0;

  const progress = liveResource({
    what: 'achievements',
    fetch: () => api.get<Progress>('/metrics/achievements', { query: { date: localToday(), ...goal() } }),
    take(result) {
      const unlocked = result.achievements.filter((achievement) => achievement.unlocked).map(({ id }) => id);
      const seen = known;
      known = new Set(unlocked);
      state.progress = result;
      if (seen && announcing > 0) for (const id of unlocked.filter((id) => !seen.has(id))) options.announce(id);
    },
    onFirstShow: () => {
      known = null;
    },
  });

  if (options.settings) {
    let asked = JSON.stringify(goal());
    subscribe(options.settings.state, () => {
      const now = JSON.stringify(goal());
      if (now === asked) return;
      asked = now;
      progress.refresh().catch((error) => console.error('Failed to load the achievements', error));
    });
  }

  return {
    state,
    /** Shows the progress until the returned function is called; `announce` tells of new unlocks meanwhile. */
    show(announce = false) {
      const hide = progress.show();
      if (announce) announcing++;
      let shown = true;
      return () => {
        if (!shown) return;
        shown = false;
        if (announce) announcing--;
        hide();
      };
    },
    async applyChange(notice: ChangeNotice) {
      // Read again: the answer is worked out from the last training day and every exercise's
      // record beats, which it does not carry, so a change to them cannot be put into it. A set
      // that beats a record in a workout in progress changes neither (only completed workouts
      // count), and costs nothing here.
      if (changesAchievements(notice)) await progress.follow(notice);
    },
    refresh: () => progress.refresh(),
    clear() {
      progress.clear();
      known = null;
      state.progress = null;
    },
  };
}

export type ProgressStore = ReturnType<typeof createProgress>;
