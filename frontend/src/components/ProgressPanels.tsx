import type { Progress } from '@fitness/contracts';
import { Award, Flame, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber, formatWeight } from '../lib/format.ts';
import type { Units } from '../lib/units.ts';
import { TitledCard } from './TitledCard.tsx';

/** Lifetime stats and streaks. */
export function StatsPanel({ progress, units }: { progress: Progress; units: Units }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language, 0);
  const weeks = (count: number) => t('achievements.stats.weeks', { count, n: n(count) });
  const stats: [string, string][] = [
    [t('achievements.stats.workouts'), n(progress.stats.workouts)],
    [t('achievements.stats.volume'), formatWeight(progress.stats.volume_kg, units, i18n.language)],
    [
      t('achievements.stats.time'),
      t('achievements.stats.hours', { hours: formatNumber(progress.stats.minutes / 60, i18n.language, 1) }),
    ],
    [t('achievements.stats.records'), n(progress.stats.personal_records)],
    [t('achievements.stats.currentStreak'), weeks(progress.streak.current)],
    [t('achievements.stats.bestStreak'), weeks(progress.streak.best)],
    [
      t('achievements.stats.thisWeek'),
      t('achievements.stats.ofGoal', { done: n(progress.streak.this_week), goal: n(progress.streak.weekly_goal) }),
    ],
  ];
  return (
    <TitledCard id="stats-title" icon={Flame} title={t('achievements.statsTitle')} testId="fitness-stats">
      <dl className="facts">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </TitledCard>
  );
}

/** Every achievement: unlocked ones with their day, the others with how far along they are. */
export function AchievementsPanel({ progress, latestOnly = false }: { progress: Progress; latestOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const shown = latestOnly
    ? progress.achievements
        .filter((a) => a.unlocked)
        .sort((a, b) => (b.unlocked_at ?? '').localeCompare(a.unlocked_at ?? ''))
        .slice(0, 3)
    : progress.achievements;
  return (
    <TitledCard
      id="achievements-title"
      icon={Award}
      title={latestOnly ? t('achievements.latest') : t('achievements.title')}
      testId="achievements"
    >
      {shown.length === 0 && <p className="muted">{t('achievements.none')}</p>}
      <ul className="achievements">
        {shown.map((achievement) => (
          <li key={achievement.id} className={achievement.unlocked ? 'achievement unlocked' : 'achievement'}>
            {achievement.unlocked ? <Award size={22} aria-hidden /> : <Lock size={22} aria-hidden />}
            <div className="stack-sm" style={{ gap: 2, flex: 1 }}>
              <span className="achievement-name">{t(`achievements.names.${achievement.id}`)}</span>
              {achievement.unlocked ? (
                <span className="list-meta">
                  {t('achievements.unlockedOn', {
                    date: formatDay(achievement.unlocked_at ?? '', i18n.language, 'short'),
                  })}
                </span>
              ) : (
                <progress
                  className="meter"
                  max={achievement.progress.target}
                  value={achievement.progress.current}
                  aria-label={t('achievements.progress', {
                    current: formatNumber(achievement.progress.current, i18n.language, 0),
                    target: formatNumber(achievement.progress.target, i18n.language, 0),
                  })}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
