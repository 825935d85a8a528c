import { shiftMonth } from '@fitness/contracts/calendar.ts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { formatNumber, localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import type { TrainingCalendar } from './training-calendar.ts';

/** The month's days in weeks starting on `firstWeekday` (0 Sunday, 1 Monday); null fills the edges. */
function weeksOf(month: string, firstWeekday: number) {
  const [year = 1970, index = 1] = month.split('-').map(Number);
  const length = new Date(Date.UTC(year, index, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, index - 1, 1)).getUTCDay() - firstWeekday + 7) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, day) => `${month}-${String(day + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/**
 * A month of training days: each day with a completed workout marked. A table with the month as
 * its caption, so a screen reader reads each day with its weekday and what it held; the buttons
 * page through the months (their arrows turn with the reading direction).
 */
export function TrainingCalendarCard({ calendar }: { calendar: TrainingCalendar }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { startOfWeek } = useSnapshot(useServices().settings.state);
  const today = localToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const { days, failed } = useSnapshot(calendar.state);
  useEffect(() => calendar.show(month), [calendar, month]);

  const firstWeekday = startOfWeek === 'sunday' ? 0 : 1;
  const weeks = weeksOf(month, firstWeekday);
  const [year = 1970, index = 1] = month.split('-').map(Number);
  const title = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index - 1, 1)),
  );
  // 2 Jan 2023 was a Monday: the weekday names in the reader's language, from the first column on.
  const weekday = (column: number, style: 'narrow' | 'long') =>
    new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2023, 0, 1 + ((firstWeekday + column) % 7))),
    );
  const trained = days ? Object.values(days).filter((count) => count > 0).length : null;

  return (
    <section className="card stack-sm training-calendar" aria-labelledby="training-calendar-title">
      <h2 id="training-calendar-title">{t('calendar.title')}</h2>
      <div className="spread training-calendar-nav">
        <Button
          variant="ghost"
          icon={<ChevronLeft size={18} aria-hidden className="flip-rtl" />}
          label={t('calendar.previous')}
          onClick={() => setMonth(shiftMonth(month, -1))}
        />
        <p className="training-calendar-month" aria-live="polite">
          <strong>{title}</strong>
          <span className="muted">{trained === null ? '\u00a0' : t('calendar.trainedDays', { count: trained })}</span>
        </p>
        <Button
          variant="ghost"
          icon={<ChevronRight size={18} aria-hidden className="flip-rtl" />}
          label={t('calendar.next')}
          onClick={() => setMonth(shiftMonth(month, 1))}
          disabled={month >= today.slice(0, 7)}
        />
      </div>
      {failed && <p className="field-error">{t('calendar.loadFailed')}</p>}
      <table className="training-calendar-grid" data-testid="training-calendar">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            {weeks[0]?.map((_, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the week's days, always seven
              <th key={column} scope="col" abbr={weekday(column, 'long')}>
                {weekday(column, 'narrow')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, column) => {
                const count = day ? (days?.[day] ?? 0) : 0;
                return (
                  <td
                    key={day ?? `edge-${column}`}
                    className={count > 0 ? 'trained' : undefined}
                    aria-current={day === today ? 'date' : undefined}
                    data-day={day ?? undefined}
                  >
                    {day && (
                      <span className="training-calendar-day">
                        {formatNumber(Number(day.slice(8)), language, 0)}
                        {count > 0 && <span className="visually-hidden"> {t('calendar.workouts', { count })}</span>}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
