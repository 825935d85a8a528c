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

/** The read model of the admin users table: one small, searchable document per user. */
export const ADMIN_USERS_MODEL = 'admin_users';

/** Whatever a user does moves their last activity; their account's events also change the row. */
type AdminUserEvent = UserEvent | WorkoutEvent | MealEvent;

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
export const adminUsersProjection: ManyDocumentProjection<AdminUserDocument, AdminUserEvent> = {
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
  event: RecordedEvent<AdminUserEvent>,
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
