import type { ExerciseRecords, PersonalRecord, RecordType } from '@fitness/contracts';
import { applyChanges } from '@fitness/contracts/document-changes.ts';
import {
  exerciseKey,
  exerciseOfRecordsNotice,
  exerciseRecordsOf,
  newestRecordDate,
  newestRecordsFirst,
  RECORD_TYPES,
  type ShownExerciseRecords,
} from '@fitness/contracts/records/records.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../api-client.ts';
import type { ChangeNotice } from '../live.ts';
import { liveResource } from '../live-resource.ts';

/** A record of an exercise, named as last logged (`exercise_id` names a library one in the language shown). */
export type RecordEntry = { exercise_id: string | null; name: string; type: RecordType; record: PersonalRecord };

const keyOf = ({ type, record }: RecordEntry) => `${type}:${record.set_id}`;

/** The formula /metrics/prs answers by when none is asked for, which pushed records are shown by too. */
const FORMULA = 'epley';

/** The fields of an exercise's records document that its Epley answer is: a change elsewhere leaves the answer alone. */
const ANSWERED_FIELDS: ReadonlySet<unknown> = new Set(['exercise_id', 'name', 'records']);

/**
 * The user's personal records, newest first, while a screen shows them (the dashboard's list, or
 * a workout, where a set just logged may set one). A record that appears after the screen first
 * loaded them was just set, here or on another device: `announce` tells the user of those that
 * beat an earlier workout's best. A first session with an exercise sets its baselines, which are
 * records with nothing beaten (`previous` null), and announces none.
 *
 * The server works them out, one exercise's document at a time: the store keeps the answer by
 * exercise and puts each pushed change to an exercise into it (see `patch`), reading them all
 * again only where the answer does not tell what the change needs.
 */
export function createRecords(api: ApiClient, options: { announce(fresh: RecordEntry[]): void }) {
  const state = proxy({ all: null as RecordEntry[] | null });
  /** Each exercise's records, in the answer's order; null until the first answer. */
  let exercises: ExerciseRecords[] | null = null;
  /**
   * The records told of since the screen first loaded them; null until its first load. Only
   * added to, so a record is announced once even when an answer read before its change comes
   * in after the change was applied (it is applied again on top of it).
   */
  let known: Set<string> | null = null;

  function show(now: ExerciseRecords[]) {
    exercises = now;
    const all = now
      .flatMap(({ exercise_id, name, records }) =>
        // Each exercise's kinds in one order, however its document came to list them.
        RECORD_TYPES.flatMap((type) => {
          const record = records[type];
          return record ? [{ exercise_id, name, type, record }] : [];
        }),
      )
      // Calendar days (YYYY-MM-DD) sort as plain strings: localeCompare's collator cost the
      // dashboard's load ~80 ms at a phone's CPU speed.
      .sort((a, b) => (a.record.date < b.record.date ? 1 : a.record.date > b.record.date ? -1 : 0));
    const seen = known;
    const fresh = seen ? all.filter((entry) => !seen.has(keyOf(entry)) && entry.record.previous !== null) : [];
    known = new Set([...(seen ?? []), ...all.map(keyOf)]);
    state.all = all;
    if (fresh.length > 0) options.announce(fresh);
  }

  /**
   * A pushed change to one exercise's records, put into the answer as a fresh read would give
   * it; false (read them again) where the answer does not tell enough. The server lists
   * exercises by their newest record, and those equally new by when each was first logged,
   * which the answer does not say: an exercise whose newest record is as new as another's is
   * placed only if it keeps the place the answer gave it (same newest day, same first time).
   */
  function patch(notice: ChangeNotice): boolean {
    const key = exerciseOfRecordsNotice(notice);
    if (key === null || exercises === null) return false;
    const was = exercises.find((entry) => exerciseKey(entry) === key);
    const after = afterNotice(notice, was);
    if (!after) return false;
    const { next, placeKept } = after;
    if (next === was && placeKept) return true;
    const others = exercises.filter((entry) => entry !== was);
    if (!next || Object.keys(next.records).length === 0) {
      show(others);
      return true;
    }
    const newest = newestRecordDate(next);
    const inPlace = placeKept && was !== undefined && newestRecordDate(was) === newest;
    if (!inPlace && others.some((entry) => newestRecordDate(entry) === newest)) return false;
    // A stable sort: the others keep their order, and the exercise its place among equals.
    show(newestRecordsFirst(was ? exercises.map((entry) => (entry === was ? next : entry)) : [...others, next]));
    return true;
  }

  // Answers come in the order they were asked for, so each is compared with what was shown before.
  const records = liveResource({
    what: 'personal records',
    fetch: () => api.get<{ data: ExerciseRecords[] }>('/metrics/prs'),
    take: ({ data }) => show(data),
    onFirstShow: () => {
      // What an earlier showing left is not patched: changes meanwhile went unheard.
      exercises = null;
      known = null;
    },
  });

  return {
    state,
    show: () => records.show(),
    async applyChange(notice: ChangeNotice) {
      if (exerciseOfRecordsNotice(notice) !== null) await records.follow(notice, patch);
    },
    refresh: () => records.refresh(),
    clear() {
      records.clear();
      exercises = null;
      known = null;
      state.all = null;
    },
  };
}

export type Records = ReturnType<typeof createRecords>;

/**
 * An exercise's records after a notice (null: it has none left), and whether its place among
 * exercises with records as new is still the answer's (its first time logged unchanged);
 * undefined when the notice changes what is not held.
 */
function afterNotice(
  notice: ChangeNotice,
  was: ExerciseRecords | undefined,
): { next: ExerciseRecords | null; placeKept: boolean } | undefined {
  if (notice.op === 'delete') return { next: null, placeKept: false };
  if (notice.document) {
    return { next: exerciseRecordsOf(notice.document as ShownExerciseRecords, FORMULA), placeKept: false };
  }
  if (!notice.changes || !was) return undefined;
  return {
    // By Epley the answer is the document's own exercise id, name and records.
    next: applyChanges(
      was,
      notice.changes.filter((change) => ANSWERED_FIELDS.has(change.path[0])),
    ),
    placeKept: !notice.changes.some((change) => change.path[0] === 'first_logged'),
  };
}
