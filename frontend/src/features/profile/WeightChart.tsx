import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartParts } from '../../lib/chart-parts.ts';
import { formatDay, formatNumber } from '../../lib/format.ts';

/** Weigh-ins over time, already in the user's units. */
export function WeightChart({ points, unit }: { points: { date: string; weight: number }[]; unit: string }) {
  const { t, i18n } = useTranslation();
  const parts = chartParts(i18n.language, i18n.dir() === 'rtl');
  const day = (date: string) => formatDay(date, i18n.language, 'short');
  return (
    <figure className="chart" aria-label={t('profile.weightHistory.chart')}>
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 4 }}>
          <CartesianGrid {...parts.grid} />
          <XAxis dataKey="date" {...parts.dayAxis} minTickGap={24} />
          <YAxis
            {...parts.valueAxis}
            width={48}
            domain={[(low: number) => Math.floor(low - 1), (high: number) => Math.ceil(high + 1)]}
          />
          <Tooltip
            labelFormatter={(date) => day(String(date))}
            formatter={(value) => `${formatNumber(Number(value), i18n.language, 1)} ${unit}`}
            contentStyle={parts.tooltipStyle}
          />
          <Line
            type="monotone"
            dataKey="weight"
            name={t('profile.weight', { unit })}
            stroke="var(--primary)"
            strokeWidth={2}
            dot={points.length <= 20}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">
        {points
          .map((point) => `${day(point.date)}: ${formatNumber(point.weight, i18n.language, 1)} ${unit}`)
          .join('; ')}
      </figcaption>
    </figure>
  );
}
