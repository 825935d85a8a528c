import type { ExerciseSession } from '@fitness/contracts/exercises/progress.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { chartParts } from '../../lib/chart-parts.ts';
import { formatDay, formatDistance, formatMinutes, formatNumber, formatWeightIn } from '../../lib/format.ts';
import { displayDistance, displayWeight, distanceToMetres, type Units, weightUnit } from '../../lib/units.ts';
import { type ChartKind, chartsFor } from './chart-kinds.ts';

/**
 * An exercise over time, one point per workout: its best estimated 1RM, its top set's weight or
 * its volume (or, for an exercise without weights, its reps, time or distance), in the user's units.
 */
export function ExerciseCharts({ sessions, units }: { sessions: readonly ExerciseSession[]; units: Units }) {
  const { t, i18n } = useTranslation();
  const kinds = chartsFor(sessions);
  const [chosen, setChosen] = useState<ChartKind>(kinds[0] ?? 'e1rm');
  const kind = kinds.includes(chosen) ? chosen : (kinds[0] ?? 'e1rm');
  const lang = i18n.language;
  const parts = chartParts(lang, i18n.dir() === 'rtl');

  const pointOf = (session: ExerciseSession): number | null => {
    switch (kind) {
      case 'e1rm':
        return session.e1rm === null ? null : displayWeight(session.e1rm, units);
      case 'top':
        return session.top_set ? displayWeight(session.top_set.weight, units) : null;
      case 'volume':
        return session.volume > 0 ? displayWeight(session.volume, units) : null;
      case 'reps':
        return session.most_reps || null;
      case 'distance':
        return session.distance > 0 ? displayDistance(session.distance, units) : null;
      case 'duration':
        return session.duration > 0 ? Math.round(session.duration / 6) / 10 : null;
    }
  };
  /** A value as the tooltip and the screen reader say it, with its unit. */
  const say = (value: number) => {
    switch (kind) {
      case 'reps':
        return t('exerciseProgress.reps', { count: value, n: formatNumber(value, lang, 0) });
      case 'distance':
        return formatDistance(distanceToMetres(value, units), units, lang);
      case 'duration':
        return formatMinutes(value, lang);
      default:
        return formatWeightIn(value, weightUnit(units), lang);
    }
  };
  const data = sessions
    .map((session) => ({ date: session.date, value: pointOf(session), reps: session.top_set?.reps }))
    .filter((point): point is { date: string; value: number; reps: number | undefined } => point.value !== null);
  const label = t(`exerciseProgress.charts.${kind}`);

  return (
    <div className="stack-sm">
      {kinds.length > 1 && (
        <SegmentedTabs
          label={t('exerciseProgress.chartsLabel')}
          value={kind}
          onChange={setChosen}
          options={kinds.map((value) => ({ value, label: t(`exerciseProgress.charts.${value}`) }))}
        />
      )}
      <figure className="chart exercise-chart" aria-label={label} data-testid="exercise-chart" data-kind={kind}>
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={data} margin={{ top: 12, right: 12, left: 4, bottom: 4 }}>
            <CartesianGrid {...parts.grid} />
            <XAxis dataKey="date" {...parts.dayAxis} minTickGap={24} />
            <YAxis {...parts.valueAxis} width={52} domain={['auto', 'auto']} />
            <Tooltip
              labelFormatter={(date) => formatDay(String(date), lang)}
              formatter={(value, _name, item) => {
                const reps = (item.payload as { reps?: number }).reps;
                const shown = say(Number(value));
                return [kind === 'top' && reps ? `${shown} × ${formatNumber(reps, lang, 0)}` : shown, label];
              }}
              contentStyle={parts.tooltipStyle}
            />
            <Line
              type="monotone"
              dataKey="value"
              name={label}
              stroke="var(--primary)"
              strokeWidth={2}
              dot={{ r: data.length > 40 ? 0 : 3, fill: 'var(--primary)' }}
              activeDot={{ r: 5 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
        <figcaption className="visually-hidden">
          {data.map((point) => `${formatDay(point.date, lang, 'short')}: ${say(point.value)}`).join('; ')}
        </figcaption>
      </figure>
    </div>
  );
}
