import {
  FIRST_BEATS_KEPT,
  inTheOrderTheyHappened,
  PERSONAL_RECORDS_MODEL,
  type RecordBeats,
  recordBeatsId,
  recordHistory,
} from '../records/records.ts';
import { DEFAULT_CLIENT_SETTINGS } from '../users/client-settings.ts';
import type { WorkoutDocument, WorkoutSet } from '../workouts/api.ts';
import {
  type StartOfWeek,
  type WeeklyStreak,
  type WorkoutsPerWeek,
  weeklyStreak,
  workoutsPerWeek,
} from './weekly-streak.ts';

export const ACHIEVEMENTS = [
  'first_workout',
  'workouts_10',
  'workouts_50',
  'workouts_100',
  'week_streak',
  'month_streak',
  'first_pr',
  'prs_10',
  'volume_10000',
] as const;
export type AchievementId = (typeof ACHIEVEMENTS)[number];

export type Achievement = {
  id: AchievementId;
  unlocked: boolean;
  unlocked_at: string | null;
  progress: { current: number; target: number };
};

export type Progress = {
  achievements: Achievement[];
  streak: WeeklyStreak;
  stats: { workouts: number; volume_kg: number; minutes: number; personal_records: number };
};

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

const WORKOUT_COUNTS = [1, 10, 50, 100] as const;
const STREAK_LENGTHS = [7, 30] as const;
const VOLUME_TARGET = 10_000;

/** What achievements need of one completed workout. */
export type TrainedWorkout = {
  id: string;
  date: string;
  started_at: string;
  duration: number | null;
  /** Weight × reps of each working set with a weight, in the order logged. */
  volumes: number[];
};

export function trainedWorkout(
  workout: Pick<WorkoutDocument, 'id' | 'date' | 'started_at' | 'duration'> & {
    exercises: { sets: Pick<WorkoutSet, 'type' | 'weight' | 'reps'>[] }[];
  },
): TrainedWorkout {
  return {
    id: workout.id,
    date: workout.date,
    started_at: workout.started_at,
    duration: workout.duration,
    volumes: workout.exercises.flatMap((exercise) =>
      exercise.sets.filter((set) => set.type === 'working' && set.weight).map((set) => (set.weight ?? 0) * set.reps),
    ),
  };
}

/** Everything achievements need of a user's completed workouts, except records; small whatever the history. */
export type TrainingSummary = {
  workouts: number;
  /** The day the 1st, 10th, 50th and 100th completed workout happened, null where not reached. */
  workout_count_days: (string | null)[];
  streak: {
    best: number;
    /** The last training day. */
    last_day: string | null;
    /** The day a run first reached 7 and 30 days, null where none did. */
    length_reached_on: (string | null)[];
  };
  volume_kg: number;
  volume_reached_on: string | null;
  minutes: number;
  /** Completed workouts per week, for weekly streaks (absent from a summary made before they came). */
  weeks?: WorkoutsPerWeek;
};

/**
 * A user's completed workouts, in the order they happened, summed up. The streak of days (the
 * week and month streak achievements) is a run of consecutive calendar days with a completed
 * workout (days are the user's own, as logged); the weekly streak shown comes from the weeks.
 */
export function summarizeTraining(completed: TrainedWorkout[]): TrainingSummary {
  // Days trained, their running streak, and the first day each threshold was reached.
  const days = [...new Set(completed.map((workout) => workout.date))].sort();
  let run = 0;
  let best = 0;
  let previous: number | null = null;
  const firstRunOf = new Map<number, string>();
  for (const day of days) {
    const number = dayNumber(day);
    run = previous !== null && number === previous + 1 ? run + 1 : 1;
    previous = number;
    best = Math.max(best, run);
    for (const length of STREAK_LENGTHS) if (run >= length && !firstRunOf.has(length)) firstRunOf.set(length, day);
  }

  // Volume lifted (working sets with a weight), and when it passed 10,000 kg.
  let volume = 0;
  let volumeReachedOn: string | null = null;
  for (const workout of completed) {
    for (const lifted of workout.volumes) volume += lifted;
    if (volume > VOLUME_TARGET && volumeReachedOn === null) volumeReachedOn = workout.date;
  }

  return {
    workouts: completed.length,
    workout_count_days: WORKOUT_COUNTS.map((count) => completed[count - 1]?.date ?? null),
    streak: {
      best,
      last_day: days.at(-1) ?? null,
      length_reached_on: STREAK_LENGTHS.map((length) => firstRunOf.get(length) ?? null),
    },
    volume_kg: Math.round(volume),
    volume_reached_on: volumeReachedOn,
    minutes: completed.reduce((sum, workout) => sum + (workout.duration ?? 0), 0),
    weeks: workoutsPerWeek(completed.map((workout) => workout.date)),
  };
}

/** What a weekly streak depends on of the user: their goal and the day their week starts. */
export type StreakGoal = { weeklyGoal: number; startOfWeek: StartOfWeek };
export const DEFAULT_STREAK_GOAL: StreakGoal = {
  weeklyGoal: DEFAULT_CLIENT_SETTINGS.weeklyWorkoutGoal,
  startOfWeek: DEFAULT_CLIENT_SETTINGS.startOfWeek,
};

/**
 * Achievements (spec section 4), streaks and lifetime stats from a user's workouts as they are
 * now. Only completed workouts count. A personal record is a set that beats the user's earlier
 * best of the same kind. Because everything is worked out from the present history, deleting a
 * workout takes away an unlock that only it earned (and keeps those that still stand): what the
 * page shows is always true of the log.
 */
export function progress(workouts: WorkoutDocument[], today: string, goal = DEFAULT_STREAK_GOAL): Progress {
  const completed = workouts.filter((workout) => workout.status === 'completed').sort(inTheOrderTheyHappened);
  // Personal records: every time a set beat an earlier best, in the order it happened.
  const beats = recordHistory(completed).beats;
  return progressOf(
    summarizeTraining(completed.map(trainedWorkout)),
    { count: beats.length, first_days: beats.slice(0, FIRST_BEATS_KEPT).map((beat) => beat.date) },
    today,
    goal,
  );
}

/**
 * The achievements page from a training summary and the record beats, on the user's `today`,
 * with their weekly streak for their goal.
 */
export function progressOf(
  training: TrainingSummary,
  beats: RecordBeats,
  today: string,
  goal: StreakGoal = DEFAULT_STREAK_GOAL,
): Progress {
  const { streak } = training;
  const achievement = (id: AchievementId, current: number, target: number, unlockedAt: string | null): Achievement => ({
    id,
    unlocked: unlockedAt !== null,
    unlocked_at: unlockedAt,
    progress: { current: Math.min(current, target), target },
  });
  const [first, tenth, fiftieth, hundredth] = training.workout_count_days;
  const [week, month] = streak.length_reached_on;
  return {
    achievements: [
      achievement('first_workout', training.workouts, 1, first ?? null),
      achievement('workouts_10', training.workouts, 10, tenth ?? null),
      achievement('workouts_50', training.workouts, 50, fiftieth ?? null),
      achievement('workouts_100', training.workouts, 100, hundredth ?? null),
      achievement('week_streak', streak.best, 7, week ?? null),
      achievement('month_streak', streak.best, 30, month ?? null),
      achievement('first_pr', beats.count, 1, beats.first_days[0] ?? null),
      achievement('prs_10', beats.count, 10, beats.first_days[9] ?? null),
      achievement('volume_10000', training.volume_kg, VOLUME_TARGET, training.volume_reached_on),
    ],
    streak: weeklyStreak(training.weeks, { today, ...goal }),
    stats: {
      workouts: training.workouts,
      volume_kg: training.volume_kg,
      minutes: training.minutes,
      personal_records: beats.count,
    },
  };
}

/**
 * The `personal_records` read model's document of a user's training (one per user, small
 * whatever the history): with the exercise records documents' beats, all /metrics/achievements reads.
 */
export type TrainingSummaryDocument = { id: string; user_id: string; kind: 'training_summary' } & TrainingSummary;

export const trainingSummaryId = (userId: string) => `training_summary:${userId}`;

/**
 * Whether a change notice is of what /metrics/achievements is worked out from: the user's
 * training summary or record beats (an exercise's records change no achievement).
 */
export const changesAchievements = (notice: { model: string; id: string; userId: string | null }) =>
  notice.model === PERSONAL_RECORDS_MODEL &&
  notice.userId !== null &&
  (notice.id === trainingSummaryId(notice.userId) || notice.id === recordBeatsId(notice.userId));
