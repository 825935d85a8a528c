import { formatDay, formatNumber } from './format.ts';

/**
 * What the app's charts (recharts) draw alike, to spread into their parts: the theme's colours,
 * days and values in the reader's locale, and time running the way the reader reads (right to
 * left in Arabic, the value axis on the side time starts from). A chart sets what is its own
 * (its data keys, widths, domains) beside them.
 */
export function chartParts(locale: string, rtl: boolean) {
  return {
    grid: { vertical: false, stroke: 'var(--border)' },
    /** The time axis, its ticks days ("Nov 20"). */
    dayAxis: {
      stroke: 'var(--text-muted)',
      reversed: rtl,
      fontSize: 12,
      tickFormatter: (day: unknown) => formatDay(String(day), locale, 'short'),
    },
    /** A value axis, its ticks whole numbers. */
    valueAxis: {
      stroke: 'var(--text-muted)',
      orientation: rtl ? 'right' : 'left',
      fontSize: 12,
      tickFormatter: (value: unknown) => formatNumber(Number(value), locale, 0),
    },
    tooltipStyle: { background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' },
  } as const;
}
