import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { redactSecrets, stateAt } from '@fitness/command-service/time-travel.ts';
import {
  AggregateState,
  ErrorBody,
  EventParams,
  type ExplorerEvent,
  ExplorerEventBody,
  InvalidInput,
  LAG_COUNT_LIMIT,
  ListStreamsQuery,
  ProjectionStatusList,
  ReadStreamQuery,
  type RecordedEvent,
  STREAM_CATEGORIES,
  StateQuery,
  StreamCategoryList,
  StreamEvents,
  StreamList,
  StreamParams,
  streamCategory,
  UserTimeline,
  UserTimelineParams,
  UserTimelineQuery,
} from '@fitness/contracts';
import { requireAdmin } from '@fitness/platform/admission.ts';
import type { Authenticator } from '@fitness/platform/authentication.ts';
import { NotFound } from '@fitness/platform/errors.ts';
import { allProjections } from '@fitness/projections';
import { type EventStore, eventsBehind, type ReadStore } from '@fitness/stores';

export type EventExplorerServices = { eventStore: EventStore; readStore: ReadStore; authenticator: Authenticator };

/** How many events one timeline request reads at most, scanning the log backwards. */
export const TIMELINE_SCAN_LIMIT = 5000;
/** How many events one backwards read of the timeline's scan takes. */
const TIMELINE_WINDOW = 500;

/** An event as the explorer shows it: secrets redacted, metadata spelled out. */
export function explorerEvent(event: RecordedEvent): ExplorerEvent {
  const { metadata } = event;
  return {
    id: event.id,
    type: event.type,
    stream_id: event.streamId,
    revision: event.revision,
    position: event.position,
    recorded_at: event.recordedAt,
    data: redactSecrets(event.data),
    metadata: {
      command_id: metadata.commandId,
      correlation_id: metadata.correlationId,
      actor_id: metadata.actorId,
      timestamp: metadata.timestamp,
      schema_version: metadata.schemaVersion,
    },
  };
}

/**
 * The event explorer's reads (admin only): streams by category, a stream's events, one event,
 * an aggregate as of a revision, a user's timeline, and each projection's position against the
 * log's head (read from the committed checkpoints, so any process can answer it). It reads the
 * event log, bounded per request; what erasure removed is not there to show.
 */
export const eventExplorerRoutes: FastifyPluginAsyncTypebox<EventExplorerServices> = async (app, services) => {
  const { eventStore, readStore } = services;
  app.addHook('onRequest', requireAdmin(services.authenticator));
  const tags = ['admin: event explorer'];
  const denied = { 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/events/categories',
    { schema: { tags, summary: 'The stream categories', response: { 200: StreamCategoryList, ...denied } } },
    async () => ({ data: [...STREAM_CATEGORIES] }),
  );

  app.get(
    '/events/streams',
    {
      schema: {
        tags,
        summary: 'Streams of a category by name, with their last revision, paged',
        querystring: ListStreamsQuery,
        response: { 200: StreamList, ...denied, 422: ErrorBody },
      },
    },
    async (request) => {
      const { category, page = 1, per_page: perPage = 25 } = request.query;
      const offset = (page - 1) * perPage;
      const prefix = `${category}-`;
      // The port lists by name from a prefix; a page is the slice after the ones before it,
      // bounded by the largest page (100) times the largest page size (100).
      const listed = (await eventStore.listStreams({ prefix, limit: offset + perPage + 1 })).filter(
        (stream) => streamCategory(stream.streamId) === category,
      );
      return {
        data: listed.slice(offset, offset + perPage).map(({ streamId, revision }) => ({
          stream_id: streamId,
          category,
          revision,
        })),
        meta: { page, per_page: perPage, has_more: listed.length > offset + perPage },
      };
    },
  );

  app.get(
    '/events/streams/:streamId',
    {
      schema: {
        tags,
        summary: "A stream's events in order, from a revision on",
        params: StreamParams,
        querystring: ReadStreamQuery,
        response: { 200: StreamEvents, ...denied, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { streamId } = request.params;
      const { from_revision: fromRevision = 0, limit = 50 } = request.query;
      const events = await eventStore.readStream(streamId, { fromRevision, maxCount: limit + 1 });
      if (events.length === 0 && (await eventStore.readStream(streamId, { maxCount: 1 })).length === 0) {
        throw new NotFound(`No stream named ${streamId}.`);
      }
      const next = events[limit];
      return {
        data: events.slice(0, limit).map(explorerEvent),
        meta: { stream_id: streamId, next_revision: next ? next.revision : null },
      };
    },
  );

  app.get(
    '/events/streams/:streamId/state',
    {
      schema: {
        tags,
        summary: 'An aggregate as of a revision (time travel): write-side state and read model document',
        params: StreamParams,
        querystring: StateQuery,
        response: { 200: AggregateState, ...denied, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { streamId } = request.params;
      const events = await eventStore.readStream(streamId);
      const latest = events.at(-1)?.revision;
      if (latest === undefined) throw new NotFound(`No stream named ${streamId}.`);
      const revision = request.query.revision ?? latest;
      if (revision > latest) {
        throw new InvalidInput({ revision: [`The revision must be at most ${latest}, the stream's last.`] });
      }
      return { stream_id: streamId, latest_revision: latest, ...stateAt(streamId, events, revision) };
    },
  );

  app.get(
    '/events/log/:position',
    {
      schema: {
        tags,
        summary: 'One event by its position in the log, with its data and metadata',
        params: EventParams,
        response: { 200: ExplorerEventBody, ...denied, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { position } = request.params;
      const event = await eventStore.readEventAt(position);
      if (!event) throw new NotFound(`No event at position ${position}.`);
      return { data: explorerEvent(event) };
    },
  );

  app.get(
    '/events/users/:userId/timeline',
    {
      schema: {
        tags,
        summary: "A user's events across their streams, newest first (a bounded scan of the log per request)",
        params: UserTimelineParams,
        querystring: UserTimelineQuery,
        response: { 200: UserTimeline, ...denied, 422: ErrorBody },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const { limit = 50 } = request.query;
      // Backwards through the log in windows, each strictly before the last event looked at,
      // until enough events, the scan limit, or the log's start. A `before` the log never gave
      // out is refused by the store (InvalidPositionError: 422).
      let before = request.query.before;
      let atStart = false;
      const found: RecordedEvent[] = [];
      let scanned = 0;
      while (found.length < limit && scanned < TIMELINE_SCAN_LIMIT) {
        const maxCount = Math.min(TIMELINE_WINDOW, TIMELINE_SCAN_LIMIT - scanned);
        const window = await eventStore.readAllBackwards({ beforePosition: before, maxCount });
        let looked = 0;
        for (const event of window) {
          looked += 1;
          before = event.position;
          if (namesUser(event, userId)) found.push(event);
          if (found.length === limit) break;
        }
        scanned += looked;
        // A short window, looked at whole, ended at the log's start.
        atStart = window.length < maxCount && looked === window.length;
        if (atStart) break;
      }
      return {
        data: found.map(explorerEvent),
        meta: { user_id: userId, next_before: atStart ? null : (before ?? null), scanned },
      };
    },
  );

  app.get(
    '/projections',
    {
      schema: {
        tags,
        summary:
          "Each projection's committed position, the log's head, and how many events it is behind (counted up to 1,000)",
        response: { 200: ProjectionStatusList, ...denied },
      },
    },
    async () => {
      const [head, checkpoints] = await Promise.all([eventStore.headPosition(), readStore.checkpoints()]);
      // A checkpoint may sit past the head: on an erased event, once the newest were erased.
      const positions = allProjections.map(({ name }) => Math.min(checkpoints[name] ?? 0, head));
      const behind = await eventsBehind(eventStore, positions, head, LAG_COUNT_LIMIT);
      return {
        data: allProjections.map(({ name }, index) => {
          const position = positions[index] ?? 0;
          return { name, position, head, lag: behind.get(position) ?? 0 };
        }),
        meta: { head },
      };
    },
  );
};

/**
 * Whether an event is about a user: in one of their streams (`user-<id>`, `water-<id>-<date>`),
 * or naming them in its data (a workout's start, a claim, an admin's change of their role). The
 * id is compared whole, as a stream name's segment or a whole value, never as a substring.
 */
function namesUser(event: RecordedEvent, userId: string) {
  const { streamId } = event;
  return streamId.endsWith(`-${userId}`) || streamId.includes(`-${userId}-`) || holdsValue(event.data, userId);
}

function holdsValue(data: unknown, value: string): boolean {
  if (data === value) return true;
  if (Array.isArray(data)) return data.some((item) => holdsValue(item, value));
  if (data !== null && typeof data === 'object') return Object.values(data).some((item) => holdsValue(item, value));
  return false;
}
