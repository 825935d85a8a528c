import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartParts } from '../../lib/chart-parts.ts';
import { formatMinutes, formatNumber } from '../../lib/format.ts';
import type { Week } from './store.ts';

/** Round ticks from 0 up past `highest`, `step` apart. */
function ticksUpTo(highest: number, step: number) {
  const top = Math.max(step, Math.ceil(highest / step) * step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/**
 * Calories eaten per day of the week against the daily target, and above the same days the
 * minutes trained: two charts sharing their days (and their tooltip, syncId), so what was eaten
 * and what was trained read together. Each is sized by its box in week-chart.css, which the
 * dashboard keeps from the first frame; each says its days in words to screen readers.
 */
export function WeekChart({ week }: { week: Week }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const parts = chartParts(lang, rtl);
  const weekday = (style: 'long' | 'short' | 'narrow') =>
    new Intl.DateTimeFormat(lang, { weekday: style, timeZone: 'UTC' });
  const dates = week.days.map((day) => new Date(`${day.date}T00:00:00Z`));
  // All seven days are named under their bars, about 37 px each on a phone: Arabic's short names
  // are its whole ones ("الأربعاء"), so there the calendar's one-letter names stand in.
  const short = dates.map((date) => weekday('short').format(date));
  const names = short.some((name) => name.length > 4) ? dates.map((date) => weekday('narrow').format(date)) : short;
  const long = weekday('long');
  const data = week.days.map((day, index) => ({
    day: names[index] ?? '',
    name: long.format(dates[index]),
    kcal: day.calories.consumed,
    minutes: day.workouts.duration,
    workouts: day.workouts.completed,
  }));
  const target = week.days[0]?.calories.target ?? 0;
  const kcal = (value: number) => t('units.kcal', { value: formatNumber(value, lang, 0) });
  const trained = (row: (typeof data)[number]) =>
    `${formatMinutes(row.minutes, lang)} · ${t('dashboard.workoutCount', { count: row.workouts })}`;
  // Every 500 kcal (1,000 on a big week) up past the best day and the target; minutes by the
  // quarter hour, the half hour or the hour, as long as the longest day asks.
  const highestKcal = Math.max(target, ...data.map((row) => row.kcal), 1);
  const kcalTicks = ticksUpTo(highestKcal, highestKcal > 3000 ? 1000 : 500);
  const highestMinutes = Math.max(...data.map((row) => row.minutes), 1);
  const minuteTicks = ticksUpTo(highestMinutes, highestMinutes > 120 ? 60 : highestMinutes > 60 ? 30 : 15);
  // Its ticks are the days' names in the data, not dates for parts.dayAxis to format.
  const axes = (ticks: number[]) => (
    <>
      <CartesianGrid {...parts.grid} />
      <XAxis dataKey="day" stroke="var(--text-muted)" reversed={rtl} fontSize={12} interval={0} />
      <YAxis {...parts.valueAxis} width={48} domain={[0, ticks.at(-1) ?? 0]} ticks={ticks} />
    </>
  );
  const dayName = (label: unknown, rows: readonly { payload?: { name?: string } }[]) =>
    rows[0]?.payload?.name ?? String(label);

  return (
    <div className="week-charts">
      <WeekPlot
        label={t('dashboard.weekChart')}
        testId="week-calories"
        plotClassName="week-plot-kcal"
        legend={
          <>
            <LegendEntry swatch="swatch-eaten">{t('dashboard.eaten')}</LegendEntry>
            {target > 0 && (
              <LegendEntry swatch="swatch-target">{t('dashboard.dailyTarget', { value: kcal(target) })}</LegendEntry>
            )}
          </>
        }
        data={data}
        describe={(row) => `${row.name}: ${kcal(row.kcal)}`}
      >
        {axes(kcalTicks)}
        <Tooltip
          formatter={(value) => kcal(Number(value))}
          labelFormatter={dayName}
          contentStyle={parts.tooltipStyle}
        />
        {target > 0 && <ReferenceLine y={target} stroke="var(--text-muted)" strokeDasharray="4 4" />}
        <Bar dataKey="kcal" name={t('dashboard.eaten')} fill="var(--primary)" radius={4} isAnimationActive={false} />
      </WeekPlot>
      <WeekPlot
        label={t('dashboard.weekTrainingChart')}
        testId="week-training"
        plotClassName="week-plot-training"
        legend={<LegendEntry swatch="swatch-trained">{t('dashboard.minutesTrained')}</LegendEntry>}
        data={data}
        describe={(row) => `${row.name}: ${trained(row)}`}
      >
        {axes(minuteTicks)}
        <Tooltip formatter={(_value, _name, item) => trained(item.payload)} contentStyle={parts.tooltipStyle} />
        <Bar
          dataKey="minutes"
          name={t('dashboard.minutesTrained')}
          fill="var(--success)"
          radius={4}
          isAnimationActive={false}
        />
      </WeekPlot>
    </div>
  );
}

const margin = { top: 8, right: 8, left: 8, bottom: 0 };

type Day = { name: string };

/**
 * One of the week's two charts: its legend, its bars over the week's days (sized by its box,
 * plotClassName) and, for screen readers, each day in words.
 */
function WeekPlot<Row extends Day>({
  label,
  testId,
  plotClassName,
  legend,
  data,
  describe,
  children,
}: {
  label: string;
  testId: string;
  plotClassName: string;
  legend: ReactNode;
  data: Row[];
  describe: (row: Row) => string;
  children: ReactNode;
}) {
  return (
    <figure className="chart" aria-label={label} data-testid={testId}>
      <div className="chart-legend" aria-hidden>
        {legend}
      </div>
      <div className={plotClassName}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={margin} syncId="dashboard-week">
            {children}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">{data.map(describe).join('; ')}</figcaption>
    </figure>
  );
}

function LegendEntry({ swatch, children }: { swatch: string; children: ReactNode }) {
  return (
    <span>
      <i className={`swatch ${swatch}`} />
      {children}
    </span>
  );
}
