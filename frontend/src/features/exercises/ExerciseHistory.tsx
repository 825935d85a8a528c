import type { WorkoutSet } from '@fitness/contracts';
import type { ExerciseHistoryEntry } from '@fitness/contracts/exercises/progress.ts';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { formatDay, formatDistance, formatNumber, formatSeconds, formatWeight } from '../../lib/format.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import type { Units } from '../../lib/units.ts';

/** Every workout's sets of the exercise, newest first, a page at a time. */
export function ExerciseHistory({
  history,
  total,
  more,
  onMore,
  units,
}: {
  history: readonly Snapshot<ExerciseHistoryEntry>[];
  total: number;
  more: boolean;
  onMore: () => Promise<void>;
  units: Units;
}) {
  const { t, i18n } = useTranslation();
  const [loading, setLoading] = useState(false);
  const lang = i18n.language;
  const names = useLibraryNames();

  /** A set as the logger shows it: weight × reps, or its time or distance. */
  const describe = (set: Snapshot<WorkoutSet>) => {
    const parts: string[] = [];
    if (set.distance !== null) parts.push(formatDistance(set.distance, units, lang));
    if (set.duration !== null) parts.push(formatSeconds(set.duration, lang));
    if (parts.length > 0) return parts.join(' · ');
    const reps = formatNumber(set.reps, lang, 0);
    return set.weight !== null && set.weight > 0
      ? `${formatWeight(set.weight, units, lang)} × ${reps}`
      : t('exerciseProgress.bodyweightReps', { n: reps });
  };

  return (
    <section className="card stack-sm" aria-labelledby="exercise-history-title">
      <h2 id="exercise-history-title" className="row" style={{ gap: 'var(--space-2)' }}>
        <History size={20} aria-hidden className="muted" />
        {t('exerciseProgress.history')}
        {total > 0 && <span className="badge">{formatNumber(total, lang, 0)}</span>}
      </h2>
      {history.length === 0 ? (
        <p className="muted">{t('exerciseProgress.noHistory')}</p>
      ) : (
        <ol className="exercise-sessions" data-testid="exercise-history">
          {history.map((entry) => {
            let working = 0;
            return (
              <li key={entry.workout_id} className="exercise-session">
                <div className="spread exercise-session-head">
                  <Link href={`/workouts/${entry.workout_id}`} className="exercise-session-link">
                    <bdi>{names.workout(entry.workout_name)}</bdi>
                  </Link>
                  <span className="muted">
                    {formatDay(entry.date, lang, 'short')}
                    {!entry.completed && (
                      <span className="badge badge-progress" style={{ marginInlineStart: 'var(--space-2)' }}>
                        {t('workouts.statusInProgress')}
                      </span>
                    )}
                  </span>
                </div>
                <ol className="exercise-session-sets">
                  {entry.sets.map((set) => {
                    const warmup = set.type === 'warmup';
                    if (!warmup) working += 1;
                    return (
                      <li key={set.id} className={warmup ? 'is-warmup' : undefined}>
                        <span className="set-number" aria-hidden>
                          {warmup ? t('exerciseProgress.warmupLetter') : formatNumber(working, lang, 0)}
                        </span>
                        <span>{describe(set)}</span>
                        {/* A warm-up's letter says it on screen; a screen reader hears the word. */}
                        {warmup ? (
                          <span className="visually-hidden">{t('exerciseProgress.setTypes.warmup')}</span>
                        ) : (
                          set.type !== 'working' && (
                            <span className="badge">{t(`exerciseProgress.setTypes.${set.type}`)}</span>
                          )
                        )}
                      </li>
                    );
                  })}
                </ol>
              </li>
            );
          })}
        </ol>
      )}
      {more && (
        <Button
          busy={loading}
          onClick={async () => {
            setLoading(true);
            try {
              await onMore();
            } finally {
              setLoading(false);
            }
          }}
        >
          {t('exercises.showMore')}
        </Button>
      )}
    </section>
  );
}
