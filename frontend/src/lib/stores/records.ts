import type { ExerciseRecords, PersonalRecord, RecordType } from '@fitness/contracts';
import { changesRecordsOrAchievements } from '@fitness/contracts/metrics/records.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../api-client.ts';
import type { ChangeNotice } from '../live.ts';
import { serialLoads } from '../serial-loads.ts';
import { shownCount } from '../shown.ts';

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
  /** Bumped on sign-out, so an answer still on its way is not taken in. */
  let generation = 0;

  // One at a time, so each answer is compared with the one before it.
  const load = serialLoads(async () => {
    const mine = generation;
    const { data } = await api.get<{ data: ExerciseRecords[] }>('/metrics/prs');
    if (mine !== generation) return;
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
  });

  const screens = shownCount(() => {
    known = null;
    return load();
  }, 'personal records');

  return {
    state,
    show: () => screens.show(),
    async applyChange(notice: ChangeNotice) {
      // Not even this tab's own writes answer with records: those are the server's to work out.
      if (changesRecordsOrAchievements(notice) && screens.shown) await load();
    },
    refresh: () => (screens.shown ? load() : Promise.resolve()),
    clear() {
      generation++;
      known = null;
      state.all = null;
    },
  };
}

export type Records = ReturnType<typeof createRecords>;
