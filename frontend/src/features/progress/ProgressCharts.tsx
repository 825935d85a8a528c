import type { MetricsSpan } from '@fitness/contracts';
import type { TrainingWeek } from '@fitness/contracts/metrics/training-weeks.ts';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Snapshot } from 'valtio';
import { chartParts } from '../../lib/chart-parts.ts';
import { formatDay, formatMinutes, formatNumber, formatWeight } from '../../lib/format.ts';
import { displayWeight, type Units } from '../../lib/units.ts';

/**
 * Training volume per week (bars, left) against body weight (the line, right), in the user's
 * units: whether the lifting and the scale move together.
 */
export function WeightVolumeChart({ weeks, units }: { weeks: readonly Snapshot<TrainingWeek>[]; units: Units }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const parts = chartParts(lang, rtl);
  const data = weeks.map((week) => ({
    start: week.start,
    volume: displayWeight(week.volume_kg, units),
    weight: week.body_weight === null ? null : displayWeight(week.body_weight, units),
    kg: { volume: week.volume_kg, weight: week.body_weight ?? 0 },
  }));
  const volumeName = t('progress.volume');
  const weightName = t('progress.bodyWeight');
  return (
    <figure className="chart" aria-label={t('progress.weightVolumeChart')} data-testid="weight-volume-chart">
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart data={data} margin={{ top: 12, right: 4, left: 4, bottom: 4 }}>
          <CartesianGrid {...parts.grid} />
          <XAxis dataKey="start" {...parts.dayAxis} minTickGap={20} />
          <YAxis yAxisId="volume" {...parts.valueAxis} width={52} />
          {/* Body weight on the other side. */}
          <YAxis
            yAxisId="weight"
            {...parts.valueAxis}
            stroke="var(--warning)"
            orientation={rtl ? 'left' : 'right'}
            width={44}
            domain={['dataMin - 2', 'dataMax + 2']}
            allowDecimals={false}
          />
          <Tooltip
            labelFormatter={(day) => t('progress.weekOf', { day: formatDay(String(day), lang) })}
            formatter={(_value, name, item) => {
              const { kg } = item.payload as (typeof data)[number];
              return [formatWeight(name === volumeName ? kg.volume : kg.weight, units, lang), name];
            }}
            contentStyle={parts.tooltipStyle}
          />
          <Bar
            yAxisId="volume"
            dataKey="volume"
            name={volumeName}
            fill="var(--primary)"
            radius={3}
            isAnimationActive={false}
          />
          <Line
            yAxisId="weight"
            dataKey="weight"
            name={weightName}
            type="monotone"
            stroke="var(--warning)"
            strokeWidth={2}
            connectNulls
            dot={{ r: 3, fill: 'var(--warning)' }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">
        {weeks
          .map(
            (week) =>
              `${t('progress.weekOf', { day: formatDay(week.start, lang, 'short') })}: ${volumeName} ${formatWeight(week.volume_kg, units, lang)}${
                week.body_weight === null ? '' : `, ${weightName} ${formatWeight(week.body_weight, units, lang)}`
              }`,
          )
          .join('; ')}
      </figcaption>
    </figure>
  );
}

/** Minutes trained on each day of the month. */
export function MonthChart({ month }: { month: Snapshot<MetricsSpan> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const parts = chartParts(lang, i18n.dir() === 'rtl');
  const data = month.days.map((day) => ({ date: day.date, minutes: day.workouts.duration }));
  return (
    <figure className="chart" aria-label={t('progress.monthChart')} data-testid="month-chart">
      <ResponsiveContainer width="100%" height={160}>
        <BarChart data={data} margin={{ top: 8, right: 4, left: 4, bottom: 4 }}>
          <CartesianGrid {...parts.grid} />
          {/* The month's days by their number. */}
          <XAxis
            dataKey="date"
            {...parts.dayAxis}
            interval="preserveStartEnd"
            minTickGap={12}
            tickFormatter={(day) => formatNumber(Number(String(day).slice(8)), lang, 0)}
          />
          <YAxis {...parts.valueAxis} width={36} allowDecimals={false} />
          <Tooltip
            labelFormatter={(day) => formatDay(String(day), lang)}
            formatter={(value) => [formatMinutes(Number(value), lang), t('progress.trained')]}
            contentStyle={parts.tooltipStyle}
          />
          <Bar dataKey="minutes" fill="var(--primary)" radius={3} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">
        {month.days
          .filter((day) => day.workouts.duration > 0)
          .map((day) => `${formatDay(day.date, lang, 'short')}: ${formatMinutes(day.workouts.duration, lang)}`)
          .join('; ')}
      </figcaption>
    </figure>
  );
}
