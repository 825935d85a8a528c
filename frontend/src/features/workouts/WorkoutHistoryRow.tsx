import type { WorkoutSummary } from '@fitness/contracts';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDay, formatMinutes, formatWeight } from '../../lib/format.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import type { Units } from '../../lib/units.ts';

/** A workout in the history: its day, how long, how many sets, how much lifted, and the records it holds. */
export function WorkoutHistoryRow({
  workout,
  records,
  units,
}: {
  workout: WorkoutSummary;
  records: number;
  units: Units;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const names = useLibraryNames();
  const facts = [
    formatDay(workout.date, language, 'short'),
    workout.duration !== null && formatMinutes(workout.duration, language),
    t('workouts.setsCount', { count: workout.set_count }),
    workout.volume > 0 && formatWeight(workout.volume, units, language),
  ].filter((fact): fact is string => typeof fact === 'string');

  return (
    <Link href={`/workouts/${workout.id}`} className="list-item history-row">
      <div className="history-row-text">
        <p className="list-title">{names.workout(workout.name)}</p>
        <p className="list-meta history-facts">
          {facts.map((fact) => (
            <span key={fact}>{fact}</span>
          ))}
        </p>
      </div>
      <span className="history-row-badges">
        {records > 0 && (
          <span className="badge badge-warning" data-testid="history-records">
            <Trophy size={14} aria-hidden />
            {t('history.records', { count: records })}
          </span>
        )}
        {workout.status === 'in_progress' && (
          <span className="badge badge-progress">{t('workouts.statusInProgress')}</span>
        )}
      </span>
    </Link>
  );
}
