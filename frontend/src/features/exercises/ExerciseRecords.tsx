import type { PersonalRecord, RecordType } from '@fitness/contracts';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlateCalculator } from '../../components/PlateCalculator.tsx';
import { formatDay, formatDistance, formatNumber, formatSeconds, formatWeight } from '../../lib/format.ts';
import { displayWeight, type Units, weightUnit } from '../../lib/units.ts';

type Records = Partial<Record<RecordType, PersonalRecord>>;

/**
 * An exercise's personal records as tiles: heaviest weight, best estimated 1RM (with its
 * formula named), best set volume and most reps, or its longest time and distance; each with the
 * set that holds it and its day. A barbell's heaviest weight opens its plates.
 */
export function ExerciseRecords({
  records,
  units,
  barbell,
}: {
  records: Readonly<Records>;
  units: Units;
  barbell: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const weight = (kg: number) => formatWeight(kg, units, lang);
  const reps = (count: number) => t('exerciseProgress.reps', { count, n: formatNumber(count, lang, 0) });
  /** The set behind a record: "100 kg × 5", or its reps alone without a weight. */
  const setOf = (record: PersonalRecord) =>
    record.weight !== null && record.weight > 0
      ? `${weight(record.weight)} × ${formatNumber(record.reps, lang, 0)}`
      : reps(record.reps);

  const tiles: { type: RecordType; value: string; detail: string }[] = [];
  /** A tile for the record of `type`, if there is one: its value, and what set holds it (with its day). */
  const add = (
    type: RecordType,
    value: (record: PersonalRecord) => string,
    held?: (record: PersonalRecord) => string,
  ) => {
    const record = records[type];
    if (!record) return;
    const day = formatDay(record.date, lang, 'short');
    tiles.push({ type, value: value(record), detail: held ? `${held(record)} · ${day}` : day });
  };
  add(
    'heaviest_weight',
    (r) => weight(r.value),
    (r) => reps(r.reps),
  );
  add(
    'best_e1rm',
    (r) => weight(r.value),
    (r) => t('exerciseProgress.epleyFrom', { set: setOf(r) }),
  );
  add('best_volume', (r) => weight(r.value), setOf);
  add('most_reps', (r) => reps(r.value), setOf);
  add('longest_duration', (r) => formatSeconds(r.value, lang));
  add('longest_distance', (r) => formatDistance(r.value, units, lang));
  const heaviest = records.heaviest_weight;

  return (
    <section className="card stack-sm" aria-labelledby="exercise-records-title">
      <h2 id="exercise-records-title" className="row" style={{ gap: 'var(--space-2)' }}>
        <Trophy size={20} aria-hidden className="muted" />
        {t('exerciseProgress.records')}
      </h2>
      {tiles.length === 0 ? (
        <p className="muted">{t('exerciseProgress.noRecords')}</p>
      ) : (
        <dl className="record-tiles" data-testid="exercise-records">
          {tiles.map((tile) => (
            <div key={tile.type} className="value-tile record-tile" data-record={tile.type}>
              <dt>{t(`exerciseProgress.recordNames.${tile.type}`)}</dt>
              <dd className="record-value">{tile.value}</dd>
              {tile.type === 'heaviest_weight' && barbell && heaviest && (
                <dd>
                  <PlateCalculator weight={displayWeight(heaviest.value, units)} unit={weightUnit(units)} />
                </dd>
              )}
              <dd className="record-detail">{tile.detail}</dd>
            </div>
          ))}
        </dl>
      )}
      {records.best_e1rm && <p className="muted record-formula">{t('exerciseProgress.epleyFormula')}</p>}
    </section>
  );
}
