import type { RecordType } from '@fitness/contracts/records/records.ts';
import { Trophy } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TitledCard } from '../../components/TitledCard.tsx';
import { formatDay, formatDistance, formatNumber, formatSeconds, formatWeight } from '../../lib/format.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';

const SHOWN = 5;

/**
 * The latest personal records, kept current (and new ones announced) while on screen, in the
 * space of the most it shows from the first frame.
 */
export const RecentRecords = memo(function RecentRecords() {
  const { t, i18n } = useTranslation();
  const { records, settings } = useServices();
  const { units } = useSnapshot(settings.state);
  const { all } = useSnapshot(records.state);
  const names = useLibraryNames();
  useStoreWhileMounted(records);
  const latest = all?.slice(0, SHOWN);

  const value = (type: RecordType, amount: number) => {
    if (type === 'longest_duration') return formatSeconds(amount, i18n.language);
    if (type === 'longest_distance') return formatDistance(amount, units, i18n.language);
    if (type === 'most_reps') return formatNumber(amount, i18n.language, 0);
    return formatWeight(amount, units, i18n.language);
  };

  return (
    <TitledCard
      id="records-title"
      icon={Trophy}
      title={t('records.recent')}
      className="records-card"
      testId="recent-records"
    >
      <div className="records-space" aria-busy={!latest}>
        {latest?.length === 0 && <p className="muted">{t('records.none')}</p>}
        <ul className="list">
          {latest?.map(({ exercise_id, name, type, record }) => (
            <li key={`${name}-${type}`} className="list-item">
              <div>
                <p className="list-title">{names.exercise(exercise_id, name)}</p>
                <p className="list-meta">
                  {t(`records.types.${type}`)} · {formatDay(record.date, i18n.language, 'short')}
                  {record.previous && ` · ${t('records.previous', { value: value(type, record.previous.value) })}`}
                </p>
              </div>
              <strong>{value(type, record.value)}</strong>
            </li>
          ))}
        </ul>
      </div>
    </TitledCard>
  );
});
