import { type MealEvent, type RecordedEvent, setVolume, type UserEvent, type WorkoutEvent } from '@fitness/contracts';
import type { ManyDocumentProjection, ProjectionBatch, ProjectionDocuments, ProjectionLog } from '../projection.ts';
import { type CountedWorkoutEvent, countedSets, setTotals } from '../workouts/workout-sets.ts';

/** The read model of the admin analytics: who was active on a day, and each workout and meal on its day. */
export const ADMIN_ANALYTICS_MODEL = 'admin_analytics';

type AnalyticsEvent = UserEvent | WorkoutEvent | MealEvent;

/** One user was active on one UTC calendar day (and signed up then, or not). */
export type AnalyticsDayDocument = {
  id: string;
  kind: 'day';
  date: string;
  user_id: string;
  signed_up: boolean;
};

/**
 * A workout on the day it is for, with what its sets add up to: how many, and their volume (reps
 * times kg, bodyweight sets counting none). Logging a set adds to them; changing or removing
 * one, or removing an exercise, counts them again from the workout's own events (see
 * workouts/workout-sets.ts). The document keeps one size however many sets the workout holds (it held
 * every set before, and each set logged rewrote it whole), and moving the workout to another
 * day, completing or deleting it takes its sets along.
 */
export type AnalyticsWorkoutDocument = {
  id: string;
  kind: 'workout';
  date: string;
  user_id: string;
  completed: boolean;
  sets: number;
  volume: number;
  /** The position of the last event that changed it: an event applied again changes nothing. */
  event_position: number;
};

/** A meal on the day it is for. */
export type AnalyticsMealDocument = { id: string; kind: 'meal'; date: string; user_id: string };

export type AdminAnalyticsDocument = AnalyticsDayDocument | AnalyticsWorkoutDocument | AnalyticsMealDocument;

type Documents = ProjectionDocuments<AdminAnalyticsDocument>;

export const analyticsDayId = (date: string, userId: string) => `day:${date}:${userId}`;
const workoutId = (id: string) => `workout:${id}`;
const mealId = (id: string) => `meal:${id}`;
const dayOf = (timestamp: string) => timestamp.slice(0, 10);

/**
 * The `admin_analytics` read model, which the admin analytics add up per day: who was active
 * on a day (and signed up then), and each workout (completed or not, with what its sets add up
 * to) and meal on the day it is for. Days are the days things are logged for (a workout's or
 * meal's date, a sign-up's or sign-in's UTC day), so a history written today for last year
 * lands on last year's days. Every document is small and stays so (one per workout, meal, or
 * user and day), re-applying an event changes nothing, and each names its user, so a deleted
 * account's history leaves the analytics as it leaves the log.
 */
export const adminAnalyticsProjection: ManyDocumentProjection<AdminAnalyticsDocument, AnalyticsEvent> = {
  name: ADMIN_ANALYTICS_MODEL,
  // 2: a set's key names its exercise by its place in the workout's `exercises`.
  // 3: a workout holds its sets' count and volume, not the sets, whose every one rewrote it whole.
  version: 3,
  collection: { name: ADMIN_ANALYTICS_MODEL, indexes: [['kind', 'date'], ['user_id']] },
  handles: [
    'UserRegistered',
    'AccessTokenIssued',
    'WorkoutStarted',
    'WorkoutDetailsChanged',
    'WorkoutCompleted',
    'WorkoutDeleted',
    'WorkoutExerciseRemoved',
    'SetLogged',
    'SetChanged',
    'SetRemoved',
    'MealCreated',
    'MealDeleted',
  ],
  ownerField: 'user_id',
  apply: applyAnalyticsEvent,
};

/** Marks the user active on the day; `signedUp` also marks the day of their sign-up. */
async function markActive(documents: Documents, date: string, userId: string, signedUp = false) {
  const id = analyticsDayId(date, userId);
  const found = (await documents.get(id)) as AnalyticsDayDocument | null;
  if (found && (found.signed_up || !signedUp)) return;
  documents.set(id, { id, kind: 'day', date, user_id: userId, signed_up: signedUp || (found?.signed_up ?? false) });
}

const getWorkout = async (documents: Documents, id: string) =>
  (await documents.get(workoutId(id))) as AnalyticsWorkoutDocument | null;

async function applyAnalyticsEvent(
  event: RecordedEvent<AnalyticsEvent>,
  documents: Documents,
  batch: ProjectionBatch,
  log?: ProjectionLog,
) {
  switch (event.type) {
    case 'UserRegistered':
      return markActive(documents, dayOf(event.data.registeredAt), event.data.userId, true);
    case 'AccessTokenIssued':
      return markActive(documents, dayOf(event.data.issuedAt), event.data.userId);
    case 'WorkoutStarted':
    case 'WorkoutDetailsChanged':
    case 'WorkoutCompleted':
    case 'WorkoutDeleted':
    case 'WorkoutExerciseRemoved':
    case 'SetLogged':
    case 'SetChanged':
    case 'SetRemoved':
      return applyWorkoutEvent(event, documents, batch, log);
    case 'MealCreated': {
      const { userId, date } = event.data;
      const id = mealId(event.data.mealId);
      documents.set(id, { id, kind: 'meal', date, user_id: userId });
      return markActive(documents, date, userId);
    }
    case 'MealDeleted': {
      const id = mealId(event.data.mealId);
      if (await documents.get(id)) documents.set(id, null);
      return;
    }
    default:
      return;
  }
}

/**
 * A workout event: one small write of the workout's document at most (and its new day's). An
 * event at or before the document's `event_position` was applied already, so a set logged is
 * added once.
 */
async function applyWorkoutEvent(
  event: RecordedEvent<CountedWorkoutEvent>,
  documents: Documents,
  batch: ProjectionBatch,
  log: ProjectionLog | undefined,
) {
  const found = await getWorkout(documents, event.data.workoutId);
  if (found && found.event_position >= event.position) return;
  const known = countedSets.inBatch(batch, event);
  const write = (workout: AnalyticsWorkoutDocument | null) => {
    documents.set(workoutId(event.data.workoutId), workout && { ...workout, event_position: event.position });
  };
  switch (event.type) {
    case 'WorkoutStarted': {
      const { userId, date } = event.data;
      if (found) return;
      const id = workoutId(event.data.workoutId);
      write({ id, kind: 'workout', date, user_id: userId, completed: false, sets: 0, volume: 0, event_position: 0 });
      return markActive(documents, date, userId);
    }
    case 'WorkoutDetailsChanged': {
      const { date } = event.data;
      if (!found || date === undefined || found.date === date) return;
      write({ ...found, date });
      return markActive(documents, date, found.user_id);
    }
    case 'WorkoutCompleted':
      if (found && !found.completed) write({ ...found, completed: true });
      return;
    case 'WorkoutDeleted':
      if (found) write(null);
      return;
    case 'SetLogged': {
      if (!found) return;
      const { reps, weight } = event.data;
      write({ ...found, sets: found.sets + 1, volume: found.volume + setVolume(reps, weight) });
      return;
    }
    case 'SetChanged':
      // Rest, notes or type: nothing counted changed.
      if (event.data.changes.reps === undefined && event.data.changes.weight === undefined) return;
      break;
    case 'SetRemoved':
    case 'WorkoutExerciseRemoved':
      break;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled workout event ${JSON.stringify(unhandled)}`);
    }
  }
  if (!found) return;
  const counted = setTotals(known ?? (await countedSets.fromLog(event, batch, log)));
  if (counted.sets !== found.sets || counted.volume !== found.volume) write({ ...found, ...counted });
}
