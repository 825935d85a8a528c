import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format.ts';
import type { Week } from './store.ts';

/** Calories eaten per day of the week, against the daily target. */
export function WeekChart({ week }: { week: Week }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const data = week.days.map((day) => ({
    day: weekday.format(new Date(`${day.date}T00:00:00Z`)),
    kcal: day.calories.consumed,
  }));
  const target = week.days[0]?.calories.target ?? 0;
  // Round ticks (every 500 kcal, or 1,000 on a big week) up past the best day and the target.
  const highest = Math.max(target, ...data.map((row) => row.kcal), 1);
  const step = highest > 3000 ? 1000 : 500;
  const top = Math.ceil(highest / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  return (
    <figure className="chart" aria-label={t('dashboard.weekChart')}>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 4 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="day" stroke="var(--text-muted)" reversed={rtl} fontSize={12} />
          <YAxis
            stroke="var(--text-muted)"
            orientation={rtl ? 'right' : 'left'}
            width={48}
            fontSize={12}
            domain={[0, top]}
            ticks={ticks}
            tickFormatter={(value) => formatNumber(Number(value), i18n.language, 0)}
          />
          <Tooltip
            formatter={(value) => t('units.kcal', { value: formatNumber(Number(value), i18n.language, 0) })}
            contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }}
          />
          {target > 0 && <ReferenceLine y={target} stroke="var(--text-muted)" strokeDasharray="4 4" />}
          <Bar dataKey="kcal" name={t('dashboard.eaten')} fill="var(--primary)" radius={4} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">
        {data
          .map((row) => `${row.day}: ${t('units.kcal', { value: formatNumber(row.kcal, i18n.language, 0) })}`)
          .join('; ')}
      </figcaption>
    </figure>
  );
}
