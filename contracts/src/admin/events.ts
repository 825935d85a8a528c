import { type Static, Type } from 'typebox';

/**
 * The event explorer's API (admin only: 401 for guests, 403 for users): the log's streams by
 * category, a stream's events, one event, a user's timeline, an aggregate as of a revision,
 * and each projection's position with a rebuild. It reads the event log itself: it is the
 * log's explorer, for developers and admins debugging what happened.
 */

/** A stream's category is its name up to the first `-` (`workout-…`, `user-…`); `body-weight` and `saved-meals` are the ones with two words. */
export const STREAM_CATEGORIES = [
  'user',
  'workout',
  'meal',
  'water',
  'steps',
  'body-weight',
  'exercise',
  'favorites',
  'template',
  'food',
  'saved-meals',
  'email',
  'system',
] as const;
export type StreamCategory = (typeof STREAM_CATEGORIES)[number];

/** The category a stream belongs to. */
export function streamCategory(streamId: string) {
  return STREAM_CATEGORIES.find((category) => streamId.startsWith(`${category}-`)) ?? streamId.split('-')[0] ?? '';
}

const Count = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Whole = (name: string, maximum: number) =>
  Type.Integer({ minimum: 0, maximum, errorMessage: `The ${name} must be a whole number up to ${maximum}.` });
const Positive = (name: string, maximum: number) =>
  Type.Integer({ minimum: 1, maximum, errorMessage: `The ${name} must be a whole number from 1 to ${maximum}.` });

/**
 * How far a projection's lag is counted, in events: a count at the limit means "at least that
 * many". Positions are opaque (byte offsets on EventStoreDB), so a lag is counted by reading the
 * events after a projection's position, and the bound keeps that read short.
 */
export const LAG_COUNT_LIMIT = 1000;
/** A projection's lag: the events after its position up to the head, counted up to LAG_COUNT_LIMIT. */
export const EventsBehind = Type.Integer({ minimum: 0, maximum: LAG_COUNT_LIMIT });

export const StreamCategoryList = Type.Object({ data: Type.Array(Type.String()) });

export const ListStreamsQuery = Type.Object({
  category: Type.Unsafe<StreamCategory>(
    Type.Union(
      STREAM_CATEGORIES.map((category) => Type.Literal(category)),
      { errorMessage: `The category must be one of: ${STREAM_CATEGORIES.join(', ')}.` },
    ),
  ),
  page: Type.Optional(Positive('page', 100)),
  per_page: Type.Optional(Positive('per_page', 100)),
});
export type ListStreamsQuery = Static<typeof ListStreamsQuery>;

export const StreamSummary = Type.Object({
  stream_id: Type.String(),
  category: Type.String(),
  /** Revision of its last event (0-based); the stream holds revision + 1 events unless erased in part. */
  revision: Count,
});
export type StreamSummary = Static<typeof StreamSummary>;

export const StreamList = Type.Object({
  data: Type.Array(StreamSummary),
  meta: Type.Object({ page: Count, per_page: Count, has_more: Type.Boolean() }),
});
export type StreamList = Static<typeof StreamList>;

/** An event as the log holds it: its data, and its metadata spelled out. */
export const ExplorerEvent = Type.Object({
  id: Type.String(),
  type: Type.String(),
  stream_id: Type.String(),
  revision: Count,
  position: Count,
  recorded_at: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  metadata: Type.Object({
    command_id: Type.String(),
    correlation_id: Type.String(),
    actor_id: Nullable(Type.String()),
    timestamp: Type.String(),
    schema_version: Count,
  }),
});
export type ExplorerEvent = Static<typeof ExplorerEvent>;

export const StreamParams = Type.Object({ streamId: Type.String({ minLength: 1, maxLength: 300 }) });
export const ReadStreamQuery = Type.Object({
  from_revision: Type.Optional(Whole('from_revision', Number.MAX_SAFE_INTEGER)),
  limit: Type.Optional(Positive('limit', 200)),
});
export const StreamEvents = Type.Object({
  data: Type.Array(ExplorerEvent),
  meta: Type.Object({ stream_id: Type.String(), next_revision: Nullable(Count) }),
});
export type StreamEvents = Static<typeof StreamEvents>;

/** An event's position in the log, as the log gave it out (opaque: never one computed from another). */
export const EventParams = Type.Object({ position: Positive('position', Number.MAX_SAFE_INTEGER) });
export const ExplorerEventBody = Type.Object({ data: ExplorerEvent });

export const StateQuery = Type.Object({ revision: Type.Optional(Whole('revision', Number.MAX_SAFE_INTEGER)) });
/**
 * An aggregate as of a revision: the write side's state (what its rules saw) and the read
 * model's document (what users saw), folded from the stream up to that revision, secrets
 * redacted; for a stream without an aggregate, its events up to there. The same function as
 * `npm run es -- state`.
 */
export const AggregateState = Type.Object({
  stream_id: Type.String(),
  revision: Count,
  latest_revision: Count,
  at: Nullable(Type.String()),
  state: Type.Unknown(),
  document: Type.Unknown(),
  events: Nullable(Type.Array(Type.Object({ type: Type.String(), data: Type.Unknown() }))),
});
export type AggregateState = Static<typeof AggregateState>;

/** A user's id, whole: the timeline matches it exactly, so a fragment ("0") matches nobody's. */
export const UserTimelineParams = Type.Object({
  userId: Type.String({
    pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    errorMessage: "The user id must be a user's id (a UUID).",
  }),
});
export const UserTimelineQuery = Type.Object({
  /**
   * Events before this position (exclusive): an event's position, such as a page's `next_before`
   * (a number the log never gave out is refused, 422); from the log's end when absent.
   */
  before: Type.Optional(Positive('before', Number.MAX_SAFE_INTEGER)),
  limit: Type.Optional(Positive('limit', 100)),
});
/**
 * A user's events across their streams, newest first. Each request scans a bounded stretch of
 * the log backwards; `next_before`, the position of the last event it looked at, continues
 * where it stopped (null at the log's start).
 */
export const UserTimeline = Type.Object({
  data: Type.Array(ExplorerEvent),
  meta: Type.Object({ user_id: Type.String(), next_before: Nullable(Count), scanned: Count }),
});
export type UserTimeline = Static<typeof UserTimeline>;

/**
 * A projection's committed position and the log's head (positions: opaque, comparable, not
 * counts), and its lag: how many events it still has to apply, counted up to LAG_COUNT_LIMIT.
 */
export const ProjectionStatus = Type.Object({
  name: Type.String(),
  position: Count,
  head: Count,
  lag: EventsBehind,
});
export type ProjectionStatus = Static<typeof ProjectionStatus>;
export const ProjectionStatusList = Type.Object({
  data: Type.Array(ProjectionStatus),
  meta: Type.Object({ head: Count }),
});
export type ProjectionStatusList = Static<typeof ProjectionStatusList>;

export const ProjectionParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
/** POST /admin/projections/{name}/rebuild answers at once; the position then climbs from 0 to `head`. */
export const RebuildStarted = Type.Object({ data: Type.Object({ name: Type.String(), head: Count }) });
export type RebuildStarted = Static<typeof RebuildStarted>;
