import {
  countsForRecords,
  type ExerciseRecordsDocument,
  type MealDocument,
  mealsTotal,
  PERSONAL_RECORDS_MODEL,
  type RecordType,
  recordsFromDocuments,
  type WorkoutDocument,
} from '@fitness/contracts';
import type { ReadStore } from '@fitness/stores';

/** What one week of a user's training and eating amounts to, as the weekly report mails it. */
export type WeeklyReportData = {
  /** The week's first and last day (YYYY-MM-DD, the user's own calendar days). */
  from: string;
  to: string;
  training: { workouts: number; days: number; minutes: number; sets: number; volumeKg: number };
  nutrition: { daysLogged: number; averageKcal: number; averageProteinG: number };
  /** Records set during the week, newest first. */
  records: { exercise: string; type: RecordType; value: number }[];
};

type Stored<T> = T & { id: string };

/** The week from the read models only: the user's workouts and meals of those days, and their records. */
export async function gatherWeeklyReport(
  readStore: ReadStore,
  userId: string,
  days: string[],
): Promise<WeeklyReportData> {
  const from = days[0] ?? '';
  const to = days.at(-1) ?? '';
  const [workoutsByDay, mealsByDay, recordDocuments] = await Promise.all([
    Promise.all(
      days.map((date) => readStore.find<Stored<WorkoutDocument>>('workouts', { where: { user_id: userId, date } })),
    ),
    Promise.all(
      days.map((date) => readStore.find<Stored<MealDocument>>('meals', { where: { user_id: userId, date } })),
    ),
    readStore.find<ExerciseRecordsDocument>(PERSONAL_RECORDS_MODEL, {
      where: { user_id: userId, kind: 'exercise_records' },
    }),
  ]);

  const completed = workoutsByDay.flat().filter((workout) => workout.status === 'completed');
  const workingSets = completed.flatMap((workout) =>
    workout.exercises.flatMap((exercise) => exercise.sets.filter(countsForRecords)),
  );
  const eatenDays = mealsByDay.filter((meals) => meals.length > 0).map((meals) => mealsTotal(meals));
  const average = (values: number[]) =>
    values.length === 0 ? 0 : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

  const records = recordsFromDocuments(recordDocuments)
    .flatMap((exercise) =>
      Object.entries(exercise.records).map(([type, record]) => ({
        exercise: exercise.name,
        type: type as RecordType,
        value: record.value,
        date: record.date,
      })),
    )
    .filter((record) => record.date >= from && record.date <= to)
    .sort((a, b) => b.date.localeCompare(a.date))
    .map(({ date: _date, ...record }) => record);

  return {
    from,
    to,
    training: {
      workouts: completed.length,
      days: new Set(completed.map((workout) => workout.date)).size,
      minutes: completed.reduce((sum, workout) => sum + (workout.duration ?? 0), 0),
      sets: workingSets.length,
      volumeKg: Math.round(workingSets.reduce((sum, set) => sum + (set.weight ?? 0) * (set.reps ?? 0), 0)),
    },
    nutrition: {
      daysLogged: eatenDays.length,
      averageKcal: average(eatenDays.map((total) => total.kcal)),
      averageProteinG: average(eatenDays.map((total) => total.protein)),
    },
    records,
  };
}
