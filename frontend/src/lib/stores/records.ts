import type { ExerciseRecords, PersonalRecord, RecordType } from '@fitness/contracts';
import { changesRecordsOrAchievements } from '@fitness/contracts/metrics/records.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../api-client.ts';
import type { ChangeNotice } from '../live.ts';
import { liveResource } from '../live-resource.ts';

export type RecordEntry = { name: string; type: RecordType; record: PersonalRecord };

const keyOf = ({ type, record }: RecordEntry) => `${type}:${record.set_id}`;

/**
 * The user's personal records, newest first, while a screen shows them (the dashboard's list, or
 * a workout, where a set just logged may set one). A record that appears after the screen first
 * loaded them was just set, here or on another device: `announce` tells the user.
 */
export function createRecords(api: ApiClient, options: { announce(fresh: RecordEntry[]): void }) {
  const state = proxy({ all: null as RecordEntry[] | null });
  /** The records the screen has seen; null until its first load. */
  let known: Set<string> | null = null;

  // Answers come in the order they were asked for, so each is compared with the one before it.
  const records = liveResource({
    what: 'personal records',
    fetch: () => api.get<{ data: ExerciseRecords[] }>('/metrics/prs'),
    take({ data }) {
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
      const fresh = seen ? all.filter((entry) => !seen.has(keyOf(entry))) : [];
      known = new Set(all.map(keyOf));
      state.all = all;
      if (fresh.length > 0) options.announce(fresh);
    },
    onFirstShow: () => {
      known = null;
    },
  });

  return {
    state,
    show: () => records.show(),
    async applyChange(notice: ChangeNotice) {
      // Worked out by the server from every set: even this tab's own writes are read again.
      if (changesRecordsOrAchievements(notice)) await records.follow(notice);
    },
    refresh: () => records.refresh(),
    clear() {
      records.clear();
      known = null;
      state.all = null;
    },
  };
}

export type Records = ReturnType<typeof createRecords>;
