import type { AdminAnalytics } from '@fitness/contracts/admin/api.ts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartParts } from '../../lib/chart-parts.ts';
import { formatNumber } from '../../lib/format.ts';

type Series = { key: keyof AdminAnalytics['totals']; color: string };

const CHARTS: { id: string; series: Series[] }[] = [
  {
    id: 'people',
    series: [
      { key: 'signups', color: 'var(--primary)' },
      { key: 'active_users', color: 'var(--success)' },
    ],
  },
  {
    id: 'training',
    series: [
      { key: 'workouts_completed', color: 'var(--primary)' },
      { key: 'sets_logged', color: 'var(--success)' },
    ],
  },
  { id: 'volume', series: [{ key: 'volume_lifted', color: 'var(--primary)' }] },
  { id: 'meals', series: [{ key: 'meals_logged', color: 'var(--warning)' }] },
];

/** The period's charts, one point per day (per week for a year), translated and right to left in Arabic. */
export function AnalyticsCharts({ analytics }: { analytics: AdminAnalytics }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const parts = chartParts(lang, rtl);
  const label = new Intl.DateTimeFormat(
    lang,
    analytics.period === 'week'
      ? { weekday: 'short', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
  const data = analytics.points.map((point) => ({
    ...point,
    label: label.format(new Date(`${point.date}T00:00:00Z`)),
  }));
  const n = (value: unknown) => formatNumber(Number(value), lang, 0);

  return (
    <div className="admin-charts">
      {CHARTS.map((chart) => {
        const title = t(`admin.analytics.charts.${chart.id}`);
        return (
          <section key={chart.id} className="card stack-sm" aria-labelledby={`admin-chart-${chart.id}`}>
            <h2 id={`admin-chart-${chart.id}`}>{title}</h2>
            <figure className="chart" aria-label={title} data-testid={`admin-chart-${chart.id}`}>
              <ResponsiveContainer width="100%" height={220}>
                <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 4 }}>
                  <CartesianGrid {...parts.grid} />
                  <XAxis dataKey="label" stroke="var(--text-muted)" reversed={rtl} fontSize={12} minTickGap={12} />
                  <YAxis {...parts.valueAxis} width={56} allowDecimals={false} />
                  <Tooltip
                    formatter={(value) => n(value)}
                    contentStyle={{
                      ...parts.tooltipStyle,
                      direction: rtl ? 'rtl' : 'ltr',
                      textAlign: 'start',
                    }}
                  />
                  <Legend
                    wrapperStyle={{ direction: rtl ? 'rtl' : 'ltr', fontSize: 12 }}
                    // recharts spaces the swatch on its right; right to left, the text needs the gap.
                    formatter={(value) => <span style={{ paddingInlineStart: rtl ? 4 : 0 }}>{value}</span>}
                  />
                  {chart.series.map((series) => (
                    <Bar
                      key={series.key}
                      dataKey={series.key}
                      name={t(`admin.analytics.series.${series.key}`)}
                      fill={series.color}
                      radius={3}
                      isAnimationActive={false}
                    />
                  ))}
                </BarChart>
              </ResponsiveContainer>
              <figcaption className="visually-hidden">
                {data
                  .map(
                    (row) =>
                      `${row.label}: ${chart.series
                        .map((series) => `${t(`admin.analytics.series.${series.key}`)} ${n(row[series.key])}`)
                        .join(', ')}`,
                  )
                  .join('; ')}
              </figcaption>
            </figure>
          </section>
        );
      })}
    </div>
  );
}
