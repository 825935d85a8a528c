import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartParts } from '../../lib/chart-parts.ts';
import { formatGrams } from '../../lib/format.ts';

type Props = {
  consumed: { protein: number; carbs: number; fat: number };
  target: { protein: number; carbs: number; fat: number };
};

/** Protein, carbohydrate and fat eaten today against their targets, in grams. */
export function MacroChart({ consumed, target }: Props) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const parts = chartParts(i18n.language, rtl);
  const data = (['protein', 'carbs', 'fat'] as const).map((macro) => ({
    macro: t(`meals.${macro}Short`),
    consumed: consumed[macro],
    target: target[macro],
  }));
  const grams = (value: number) => formatGrams(value, i18n.language);
  return (
    <figure className="chart" aria-label={t('meals.macroChart')}>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 4 }}>
          <CartesianGrid {...parts.grid} />
          <XAxis dataKey="macro" stroke="var(--text-muted)" reversed={rtl} fontSize={12} />
          <YAxis
            {...parts.valueAxis}
            tickFormatter={grams}
            // Room for "260 غرام" on one line.
            width={72}
          />
          <Tooltip formatter={(value) => grams(Number(value))} contentStyle={parts.tooltipStyle} />
          <Legend formatter={(value) => <span style={{ color: 'var(--text)' }}>{value}</span>} />
          <Bar
            dataKey="consumed"
            name={t('meals.consumed')}
            fill="var(--primary)"
            radius={4}
            isAnimationActive={false}
          />
          <Bar
            dataKey="target"
            name={t('meals.target')}
            // The colour itself is faded (not fill-opacity, which the legend's swatch would not share).
            fill="color-mix(in srgb, var(--text-muted) 35%, transparent)"
            radius={4}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">
        {data.map((row) => `${row.macro}: ${grams(row.consumed)} / ${grams(row.target)}`).join('; ')}
      </figcaption>
    </figure>
  );
}
