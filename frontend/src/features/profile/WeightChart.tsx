import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatNumber } from '../../lib/format.ts';

/** Weigh-ins over time, already in the user's units. */
export function WeightChart({ points, unit }: { points: { date: string; weight: number }[]; unit: string }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const day = (date: string) => formatDay(date, i18n.language, 'short');
  return (
    <figure className="chart" aria-label={t('profile.weightHistory.chart')}>
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 4 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="date"
            tickFormatter={day}
            stroke="var(--text-muted)"
            reversed={rtl}
            fontSize={12}
            minTickGap={24}
          />
          <YAxis
            stroke="var(--text-muted)"
            orientation={rtl ? 'right' : 'left'}
            width={48}
            fontSize={12}
            domain={[(low: number) => Math.floor(low - 1), (high: number) => Math.ceil(high + 1)]}
            tickFormatter={(value) => formatNumber(Number(value), i18n.language, 0)}
          />
          <Tooltip
            labelFormatter={(date) => day(String(date))}
            formatter={(value) => `${formatNumber(Number(value), i18n.language, 1)} ${unit}`}
            contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }}
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
