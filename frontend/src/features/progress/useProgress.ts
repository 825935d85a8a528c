import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onLiveChange, services } from '../../app/services.ts';
import { localToday } from '../../lib/format.ts';

export type Progress = {
  achievements: {
    id: string;
    unlocked: boolean;
    unlocked_at: string | null;
    progress: { current: number; target: number };
  }[];
  streak: { current: number; best: number };
  stats: { workouts: number; volume_kg: number; minutes: number; personal_records: number };
};

/**
 * Achievements, streaks and stats, reloaded whenever a workout changes on any device. With
 * `announce`, an achievement unlocked since the last load is told as a toast.
 */
export function useProgress(announce: boolean) {
  const { t } = useTranslation();
  const translate = useRef(t);
  translate.current = t;
  const [progress, setProgress] = useState<Progress | null>(null);

  useEffect(() => {
    let known: Set<string> | null = null;
    const load = async () => {
      try {
        const result = await services.api.get<Progress>('/metrics/achievements', { query: { date: localToday() } });
        const unlocked = result.achievements
          .filter((achievement) => achievement.unlocked)
          .map((achievement) => achievement.id);
        const seen = known;
        if (announce && seen) {
          for (const id of unlocked.filter((id) => !seen.has(id))) {
            services.toasts.success(
              translate.current('achievements.unlocked'),
              translate.current(`achievements.names.${id}`),
            );
          }
        }
        known = new Set(unlocked);
        setProgress(result);
      } catch (error) {
        console.error('Failed to load achievements', error);
      }
    };
    void load();
    return onLiveChange((notice) => {
      if (notice.model === 'workouts') void load();
    });
  }, [announce]);

  return progress;
}
