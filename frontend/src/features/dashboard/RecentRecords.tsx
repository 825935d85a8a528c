import type { ExerciseRecords, PersonalRecord, RecordType } from '@fitness/contracts/metrics/records.ts';
import { Trophy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { onLiveChange, services } from '../../app/services.ts';
import { formatDay, formatDistance, formatNumber, formatSeconds, formatWeight } from '../../lib/format.ts';

const SHOWN = 5;

/** The latest personal records, refreshed whenever a workout changes on any device. */
export function RecentRecords() {
  const { t, i18n } = useTranslation();
  const { units } = useSnapshot(services.settings.state);
  // The toast speaks the current language even though the loader lives for the whole visit.
  const translate = useRef(t);
  translate.current = t;
  const [records, setRecords] = useState<{ name: string; type: RecordType; record: PersonalRecord }[] | null>(null);

  useEffect(() => {
    // Records already seen: one that appears after a live change was just set, maybe on another device.
    let known: Set<string> | null = null;
    const load = async () => {
      try {
        const { data } = await services.api.get<{ data: ExerciseRecords[] }>('/metrics/prs');
        const all = data
          .flatMap((entry) =>
            (Object.entries(entry.records) as [RecordType, PersonalRecord][]).map(([type, record]) => ({
              name: entry.name,
              type,
              record,
            })),
          )
          .sort((a, b) => b.record.date.localeCompare(a.record.date));
        const seen = known;
        const fresh = seen ? all.filter(({ type, record }) => !seen.has(`${type}:${record.set_id}`)) : [];
        known = new Set(all.map(({ type, record }) => `${type}:${record.set_id}`));
        if (fresh.length > 0) {
          const say = translate.current;
          const names = [...new Set(fresh.map(({ name }) => name))].join(', ');
          services.toasts.success(
            say('records.newRecord'),
            `${names}: ${fresh.map(({ type }) => say(`records.types.${type}`)).join(', ')}`,
          );
        }
        setRecords(all.slice(0, SHOWN));
      } catch (error) {
        console.error('Failed to load personal records', error);
      }
    };
    void load();
    return onLiveChange((notice) => {
      if (notice.model === 'workouts') void load();
    });
  }, []);

  const value = (type: RecordType, amount: number) => {
    if (type === 'longest_duration') return formatSeconds(amount, i18n.language);
    if (type === 'longest_distance') return formatDistance(amount, units, i18n.language);
    if (type === 'most_reps') return formatNumber(amount, i18n.language, 0);
    return formatWeight(amount, units, i18n.language);
  };

  return (
    <section className="card stack-sm" aria-labelledby="records-title" data-testid="recent-records">
      <h2 id="records-title" className="row" style={{ gap: 'var(--space-2)' }}>
        <Trophy size={20} aria-hidden className="muted" />
        {t('records.recent')}
      </h2>
      {records?.length === 0 && <p className="muted">{t('records.none')}</p>}
      <ul className="list">
        {records?.map(({ name, type, record }) => (
          <li key={`${name}-${type}`} className="list-item">
            <div>
              <p className="list-title">{name}</p>
              <p className="list-meta">
                {t(`records.types.${type}`)} · {formatDay(record.date, i18n.language, 'short')}
                {record.previous && ` · ${t('records.previous', { value: value(type, record.previous.value) })}`}
              </p>
            </div>
            <strong>{value(type, record.value)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
