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
import type { ManyDocumentProjection, ProjectionDocuments } from '../projection.ts';

/** The read model of the admin analytics: one document per user and day, and what placing events on a day needs. */
export const ADMIN_ANALYTICS_MODEL = 'admin_analytics';
/** The read model of the admin users table: one small, searchable document per user. */
export const ADMIN_USERS_MODEL = 'admin_users';

type AnalyticsEvent = UserEvent | WorkoutEvent | MealEvent;

/** A set as the day counts it: reps and weight (kg, null for bodyweight). */
type SetCount = [reps: number, weight: number | null];

/**
 * What one user did on one UTC calendar day; the document exists because they were active
 * then. Everything is kept by id (never counted up), so re-applying an event changes nothing.
 */
export type AnalyticsDayDocument = {
  id: string;
  kind: 'day';
  date: string;
  user_id: string;
  /** They registered that day. */
  signed_up: boolean;
  /** Their workouts of that day, with their sets keyed `<workoutExerciseId>/<setId>`. */
  workouts: Record<string, { completed: boolean; sets: Record<string, SetCount> }>;
  meals: Record<string, 1>;
};

/** Which day a workout or meal is on, and whose it is: to place its later events, which name neither. */
export type AnalyticsPlacementDocument = {
  id: string;
  kind: 'workout' | 'meal';
  date: string;
  user_id: string;
};

export type AdminAnalyticsDocument = AnalyticsDayDocument | AnalyticsPlacementDocument;

type Documents = ProjectionDocuments<AdminAnalyticsDocument>;

export const analyticsDayId = (date: string, userId: string) => `day:${date}:${userId}`;
const placementId = (kind: 'workout' | 'meal', id: string) => `${kind}:${id}`;
const dayOf = (timestamp: string) => timestamp.slice(0, 10);

/**
 * The `admin_analytics` read model: per user and day, whether they signed up, their workouts
 * (completed or not, with their sets) and meals; the admin analytics add the users of a day
 * up. Days are the days things are logged for (a workout's or meal's date, a sign-up's or
 * sign-in's UTC day), so a history written today for last year lands on last year's days.
 * Every document names its user, so a deleted account's history leaves the analytics as it
 * leaves the log, and a rebuild from zero gives the documents the live projection keeps.
 */
export const adminAnalyticsProjection: ManyDocumentProjection<AdminAnalyticsDocument, AnalyticsEvent> = {
  name: ADMIN_ANALYTICS_MODEL,
  version: 1,
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

async function day(documents: Documents, date: string, userId: string): Promise<AnalyticsDayDocument> {
  const id = analyticsDayId(date, userId);
  const found = (await documents.get(id)) as AnalyticsDayDocument | null;
  return found
    ? structuredClone(found)
    : { id, kind: 'day', date, user_id: userId, signed_up: false, workouts: {}, meals: {} };
}

async function placement(documents: Documents, kind: 'workout' | 'meal', id: string) {
  return (await documents.get(placementId(kind, id))) as AnalyticsPlacementDocument | null;
}

/** Changes one workout of its day, if the workout is known there. */
async function changeWorkout(
  documents: Documents,
  workoutId: string,
  change: (workout: AnalyticsDayDocument['workouts'][string]) => void,
) {
  const placed = await placement(documents, 'workout', workoutId);
  if (!placed) return;
  const doc = await day(documents, placed.date, placed.user_id);
  const workout = doc.workouts[workoutId];
  if (!workout) return;
  change(workout);
  documents.set(doc.id, doc);
}

async function applyAnalyticsEvent(event: RecordedEvent<AnalyticsEvent>, documents: Documents) {
  switch (event.type) {
    case 'UserRegistered': {
      const doc = await day(documents, dayOf(event.data.registeredAt), event.data.userId);
      doc.signed_up = true;
      documents.set(doc.id, doc);
      return;
    }
    case 'AccessTokenIssued': {
      const id = analyticsDayId(dayOf(event.data.issuedAt), event.data.userId);
      if (await documents.get(id)) return;
      documents.set(id, await day(documents, dayOf(event.data.issuedAt), event.data.userId));
      return;
    }
    case 'WorkoutStarted': {
      const { workoutId, userId, date } = event.data;
      documents.set(placementId('workout', workoutId), {
        id: placementId('workout', workoutId),
        kind: 'workout',
        date,
        user_id: userId,
      });
      const doc = await day(documents, date, userId);
      doc.workouts[workoutId] ??= { completed: false, sets: {} };
      documents.set(doc.id, doc);
      return;
    }
    case 'WorkoutDetailsChanged': {
      const { workoutId, date } = event.data;
      const placed = await placement(documents, 'workout', workoutId);
      if (!placed || date === undefined || date === placed.date) return;
      const from = await day(documents, placed.date, placed.user_id);
      const moving = from.workouts[workoutId];
      delete from.workouts[workoutId];
      documents.set(from.id, from);
      const to = await day(documents, date, placed.user_id);
      if (moving) to.workouts[workoutId] = moving;
      documents.set(to.id, to);
      documents.set(placed.id, { ...placed, date });
      return;
    }
    case 'WorkoutCompleted':
      return changeWorkout(documents, event.data.workoutId, (workout) => {
        workout.completed = true;
      });
    case 'WorkoutDeleted': {
      const placed = await placement(documents, 'workout', event.data.workoutId);
      if (!placed) return;
      const doc = await day(documents, placed.date, placed.user_id);
      delete doc.workouts[event.data.workoutId];
      documents.set(doc.id, doc);
      documents.set(placed.id, null);
      return;
    }
    case 'WorkoutExerciseRemoved': {
      const prefix = `${event.data.workoutExerciseId}/`;
      return changeWorkout(documents, event.data.workoutId, (workout) => {
        for (const key of Object.keys(workout.sets)) if (key.startsWith(prefix)) delete workout.sets[key];
      });
    }
    case 'SetLogged': {
      const { workoutId, workoutExerciseId, setId, reps, weight } = event.data;
      return changeWorkout(documents, workoutId, (workout) => {
        workout.sets[`${workoutExerciseId}/${setId}`] = [reps, weight];
      });
    }
    case 'SetChanged': {
      const { workoutId, workoutExerciseId, setId, changes } = event.data;
      const key = `${workoutExerciseId}/${setId}`;
      return changeWorkout(documents, workoutId, (workout) => {
        const set = workout.sets[key];
        if (set) workout.sets[key] = [changes.reps ?? set[0], changes.weight !== undefined ? changes.weight : set[1]];
      });
    }
    case 'SetRemoved': {
      const key = `${event.data.workoutExerciseId}/${event.data.setId}`;
      return changeWorkout(documents, event.data.workoutId, (workout) => {
        delete workout.sets[key];
      });
    }
    case 'MealCreated': {
      const { mealId, userId, date } = event.data;
      documents.set(placementId('meal', mealId), {
        id: placementId('meal', mealId),
        kind: 'meal',
        date,
        user_id: userId,
      });
      const doc = await day(documents, date, userId);
      doc.meals[mealId] = 1;
      documents.set(doc.id, doc);
      return;
    }
    case 'MealDeleted': {
      const placed = await placement(documents, 'meal', event.data.mealId);
      if (!placed) return;
      const doc = await day(documents, placed.date, placed.user_id);
      delete doc.meals[event.data.mealId];
      documents.set(doc.id, doc);
      documents.set(placed.id, null);
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
  /** The newest moment the user did anything (their own commands), or null. */
  last_active_at: string | null;
};

/**
 * The `admin_users` read model: per user, the row the admin table lists and searches, with
 * their last activity (the time of the newest event they caused). Small, so the list can be
 * searched in full without loading tokens and profiles.
 */
export const adminUsersProjection: ManyDocumentProjection<AdminUserDocument, AnalyticsEvent> = {
  name: ADMIN_USERS_MODEL,
  version: 1,
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
  if (actor && (actor.last_active_at === null || actor.last_active_at < at)) {
    documents.set(actorId, { ...actor, last_active_at: at });
  }
}
