import { type ExerciseRecords, recordsSetBy } from '@fitness/contracts/metrics/records.ts';
import type { TFunction } from 'i18next';
import { services } from '../../app/services.ts';

/**
 * Asks for the personal records after a set is logged and, when the set holds any, announces
 * them at once. A failed lookup only costs the announcement.
 */
export function announceRecords(setId: string, exerciseName: string, t: TFunction) {
  services.api
    .get<{ data: ExerciseRecords[] }>('/metrics/prs')
    .then(({ data }) => {
      const held = recordsSetBy(data, setId);
      if (held.length === 0) return;
      const kinds = held.map((record) => t(`records.types.${record.type}`)).join(', ');
      services.toasts.success(t('records.newRecord'), `${exerciseName}: ${kinds}`);
    })
    .catch((error) => console.error('Failed to check for personal records', error));
}
