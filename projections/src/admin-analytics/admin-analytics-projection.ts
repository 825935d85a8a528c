import {
  type MealEvent,
  mealEventTypes,
  type RecordedEvent,
  searchable,
  type UserEvent,
  userEventTypes,
  type WorkoutEvent,
  workoutEventTypes,
} from '@fitness/contracts';
import {
  keptInBatch,
  type ManyDocumentProjection,
  type ProjectionBatch,
  type ProjectionDocuments,
} from '../projection.ts';

/** The read model of the admin analytics: who was active on a day, and each workout and meal on its day. */
export const ADMIN_ANALYTICS_MODEL = 'admin_analytics';
/** The read model of the admin users table: one small, searchable document per user. */
export const ADMIN_USERS_MODEL = 'admin_users';

type AnalyticsEvent = UserEvent | WorkoutEvent | MealEvent;

/** A set as the analytics count it: reps and weight (kg, null for bodyweight). */
type SetCount = [reps: number, weight: number | null];

/** One user was active on one UTC calendar day (and signed up then, or not). */
export type AnalyticsDayDocument = {
  id: string;
  kind: 'day';
  date: string;
  user_id: string;
  signed_up: boolean;
};

/**
 * A workout on the day it is for, with its sets keyed `<exercise>/<setId>`, where `<exercise>` is
 * the place of the set's exercise in `exercises` (the workout's exercises that logged a set, in
 * the order they did): every set logged rewrites the document, and two ids a key were most of it.
 */
export type AnalyticsWorkoutDocument = {
  id: string;
  kind: 'workout';
  date: string;
  user_id: string;
  completed: boolean;
  exercises: string[];
  sets: Record<string, SetCount>;
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
 * on a day (and signed up then), and each workout (completed or not, with its sets) and meal on
 * the day it is for. Days are the days things are logged for (a workout's or meal's date, a
 * sign-up's or sign-in's UTC day), so a history written today for last year lands on last
 * year's days. Documents stay small whatever the traffic (one per workout, meal, or user and
 * day), are set, never counted up (re-applying an event changes nothing), and each names its
 * user, so a deleted account's history leaves the analytics as it leaves the log.
 */
export const adminAnalyticsProjection: ManyDocumentProjection<AdminAnalyticsDocument, AnalyticsEvent> = {
  name: ADMIN_ANALYTICS_MODEL,
  // 2: a set's key names its exercise by its place in the workout's `exercises`.
  version: 2,
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

/**
 * Changes a workout's document, if the workout is known. The change gets a copy of the
 * document whose sets (the only part changes mutate; a set's pair is replaced, never changed,
 * and so are the exercises) are its own: copied at the workout's first change in a batch, then changed in place by the
 * batch's later events, so a batch of a long workout's sets copies them once, not once a set.
 * Documents of earlier batches (committed, and kept by the runner) are never changed.
 */
async function changeWorkout(
  documents: Documents,
  batch: ProjectionBatch,
  id: string,
  change: (workout: AnalyticsWorkoutDocument) => AnalyticsWorkoutDocument | null,
) {
  const found = (await documents.get(workoutId(id))) as AnalyticsWorkoutDocument | null;
  if (!found) return;
  // Per workout document, the sets object this batch copied and may change in place.
  const owned = keptInBatch<Map<string, AnalyticsWorkoutDocument['sets']>>(batch, 'sets', () => new Map());
  let sets = owned.get(found.id);
  if (sets !== found.sets) {
    sets = { ...found.sets };
    owned.set(found.id, sets);
  }
  documents.set(found.id, change({ ...found, sets }));
}

async function applyAnalyticsEvent(event: RecordedEvent<AnalyticsEvent>, documents: Documents, batch: ProjectionBatch) {
  switch (event.type) {
    case 'UserRegistered':
      return markActive(documents, dayOf(event.data.registeredAt), event.data.userId, true);
    case 'AccessTokenIssued':
      return markActive(documents, dayOf(event.data.issuedAt), event.data.userId);
    case 'WorkoutStarted': {
      const { userId, date } = event.data;
      const id = workoutId(event.data.workoutId);
      if (!(await documents.get(id))) {
        documents.set(id, { id, kind: 'workout', date, user_id: userId, completed: false, exercises: [], sets: {} });
      }
      return markActive(documents, date, userId);
    }
    case 'WorkoutDetailsChanged': {
      const { date } = event.data;
      if (date === undefined) return;
      const found = (await documents.get(workoutId(event.data.workoutId))) as AnalyticsWorkoutDocument | null;
      if (!found || found.date === date) return;
      documents.set(found.id, { ...found, date });
      return markActive(documents, date, found.user_id);
    }
    case 'WorkoutCompleted':
      return changeWorkout(documents, batch, event.data.workoutId, (workout) => ({ ...workout, completed: true }));
    case 'WorkoutDeleted':
      return changeWorkout(documents, batch, event.data.workoutId, () => null);
    case 'WorkoutExerciseRemoved': {
      const { workoutExerciseId } = event.data;
      return changeWorkout(documents, batch, event.data.workoutId, (workout) => {
        const place = workout.exercises.indexOf(workoutExerciseId);
        // Its place stays taken: the keys of the sets of the exercises after it keep theirs.
        const prefix = `${place}/`;
        if (place >= 0)
          for (const key of Object.keys(workout.sets)) if (key.startsWith(prefix)) delete workout.sets[key];
        return workout;
      });
    }
    case 'SetLogged': {
      const { workoutExerciseId, setId, reps, weight } = event.data;
      return changeWorkout(documents, batch, event.data.workoutId, (workout) => {
        let place = workout.exercises.indexOf(workoutExerciseId);
        if (place < 0) {
          place = workout.exercises.length;
          workout.exercises = [...workout.exercises, workoutExerciseId];
        }
        workout.sets[`${place}/${setId}`] = [reps, weight];
        return workout;
      });
    }
    case 'SetChanged': {
      const { workoutExerciseId, setId, changes } = event.data;
      return changeWorkout(documents, batch, event.data.workoutId, (workout) => {
        const key = `${workout.exercises.indexOf(workoutExerciseId)}/${setId}`;
        const set = workout.sets[key];
        if (set) workout.sets[key] = [changes.reps ?? set[0], changes.weight !== undefined ? changes.weight : set[1]];
        return workout;
      });
    }
    case 'SetRemoved': {
      const { workoutExerciseId, setId } = event.data;
      return changeWorkout(documents, batch, event.data.workoutId, (workout) => {
        delete workout.sets[`${workout.exercises.indexOf(workoutExerciseId)}/${setId}`];
        return workout;
      });
    }
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

/** A row of the admin users table, with what searching and sorting it needs. */
export type AdminUserDocument = {
  id: string;
  user_id: string;
  name: string;
  email: string;
  role: 'admin' | 'user';
  /** Name and email as search compares them: lower case, accents stripped (see `searchable`). */
  search: string;
  created_at: string;
  /**
   * When the user last did anything (their own commands), to the minute: the row moves only when
   * the activity is at least ACTIVITY_RESOLUTION_MS newer. Null before anything.
   */
  last_active_at: string | null;
};

/**
 * How much newer an activity must be to move `last_active_at`. Rewriting the row for every set
 * logged was one document write in four on the command path; an admin reads "active 3 minutes
 * ago", not milliseconds.
 */
export const ACTIVITY_RESOLUTION_MS = 60_000;

/**
 * The `admin_users` read model: per user, the row the admin table lists and searches, with
 * their last activity (the time of the newest event they caused). Small, so the list can be
 * searched in full without loading tokens and profiles.
 */
export const adminUsersProjection: ManyDocumentProjection<AdminUserDocument, AnalyticsEvent> = {
  name: ADMIN_USERS_MODEL,
  // 2: last activity to the minute (ACTIVITY_RESOLUTION_MS).
  version: 2,
  collection: { name: ADMIN_USERS_MODEL, indexes: [['role', 'created_at'], ['created_at'], ['user_id']] },
  handles: [...new Set([...userEventTypes, ...workoutEventTypes, ...mealEventTypes])],
  ownerField: 'user_id',
  apply: applyAdminUserEvent,
};

const searchField = (name: string, email: string) => `${searchable(name)} ${searchable(email)}`;

async function applyAdminUserEvent(
  event: RecordedEvent<AnalyticsEvent>,
  documents: ProjectionDocuments<AdminUserDocument>,
) {
  const at = event.metadata.timestamp;
  if (event.type === 'UserRegistered') {
    const { userId, name, email, role, registeredAt } = event.data;
    documents.set(userId, {
      id: userId,
      user_id: userId,
      name,
      email,
      role,
      search: searchField(name, email),
      created_at: registeredAt,
      last_active_at: at,
    });
    return;
  }
  if (event.type === 'UserDeleted' || event.type === 'UserErased') {
    documents.set(event.data.userId, null);
  } else if (event.type === 'UserRoleChanged' || event.type === 'UserProfileUpdated') {
    const current = await documents.get(event.data.userId);
    if (current) {
      const name = event.type === 'UserProfileUpdated' ? (event.data.changes.name ?? current.name) : current.name;
      const role = event.type === 'UserRoleChanged' ? event.data.role : current.role;
      documents.set(current.id, { ...current, name, role, search: searchField(name, current.email) });
    }
  }
  // Whoever caused the event was active then (an admin acting on someone else too); signing in
  // is nobody's command yet, so the token's user is the one.
  const actorId = event.type === 'AccessTokenIssued' ? event.data.userId : event.metadata.actorId;
  if (!actorId) return;
  const actor = await documents.get(actorId);
  const newer = (last: string) => Date.parse(at) - Date.parse(last) >= ACTIVITY_RESOLUTION_MS;
  if (actor && (actor.last_active_at === null || newer(actor.last_active_at))) {
    documents.set(actorId, { ...actor, last_active_at: at });
  }
}
