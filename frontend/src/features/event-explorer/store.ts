import type {
  AggregateState,
  ExplorerEvent,
  ProjectionStatus,
  ProjectionStatusList,
  RebuildStarted,
  StreamCategory,
  StreamEvents,
  StreamList,
  UserTimeline,
} from '@fitness/contracts/admin/events.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';

/** How often the projections' positions are read while the explorer is open. */
export const PROJECTIONS_POLL_MS = 1000;
const STREAMS_PER_PAGE = 20;
const EVENTS_PER_PAGE = 100;
const TIMELINE_PER_PAGE = 50;

/** A rebuild this admin started: its projection's position climbs from 0 to the head it started at. */
export type Rebuild = { head: number; percent: number; failed: boolean };

/**
 * How far a rebuild is, 0 to 100, from the projection's position and the head when it started.
 * A ratio of positions, not a count of events: positions grow with the log's bytes (EventStoreDB's
 * are byte offsets, SQLite's each event's size after the one before), so it is the share of
 * the log read, which is what a progress bar needs; it never names or computes a position.
 */
export function rebuildPercent(projection: Pick<ProjectionStatus, 'position'>, head: number) {
  if (head <= 0) return 100;
  return Math.min(100, Math.floor((projection.position / head) * 100));
}

/**
 * The event explorer's data: a category's streams page by page, a stream's events, the event
 * chosen, the aggregate as of a chosen revision, a user's timeline, and the projections'
 * positions, read again every second while the screen is open (so their lag and a rebuild's
 * progress move by themselves). Admin only; the server refuses anyone else.
 */
export function createEventExplorer(api: ApiClient) {
  const state = proxy({
    category: 'workout' as StreamCategory,
    page: 1,
    streams: null as StreamList | null,
    streamsFailed: false,
    streamId: null as string | null,
    events: [] as ExplorerEvent[],
    nextRevision: null as number | null,
    eventsFailed: false,
    event: null as ExplorerEvent | null,
    revision: 0,
    latestRevision: 0,
    aggregate: null as AggregateState | null,
    aggregateFailed: false,
    timelineUserId: '',
    timeline: [] as ExplorerEvent[],
    timelineNext: null as number | null,
    timelineLoaded: false,
    timelineFailed: false,
    projections: null as ProjectionStatusList | null,
    projectionsFailed: false,
    rebuilds: {} as Record<string, Rebuild>,
  });

  async function loadStreams() {
    const { category, page } = state;
    try {
      const list = await api.get<StreamList>(
        `/admin/events/streams?category=${category}&page=${page}&per_page=${STREAMS_PER_PAGE}`,
      );
      if (state.category !== category || state.page !== page) return;
      state.streams = list;
      state.streamsFailed = false;
    } catch {
      state.streamsFailed = true;
    }
  }

  async function loadProjections() {
    try {
      const list = await api.get<ProjectionStatusList>('/admin/projections');
      state.projections = list;
      state.projectionsFailed = false;
      for (const [name, rebuild] of Object.entries(state.rebuilds)) {
        const projection = list.data.find((p) => p.name === name);
        if (projection && !rebuild.failed) rebuild.percent = rebuildPercent(projection, rebuild.head);
      }
    } catch {
      state.projectionsFailed = true;
    }
  }

  /** The aggregate as of a revision (its latest without one). */
  async function travelTo(revision?: number) {
    const streamId = state.streamId;
    if (!streamId) return;
    if (revision !== undefined) state.revision = revision;
    try {
      const aggregate = await api.get<AggregateState>(
        `/admin/events/streams/${encodeURIComponent(streamId)}/state${revision === undefined ? '' : `?revision=${revision}`}`,
      );
      if (state.streamId !== streamId || (revision !== undefined && state.revision !== revision)) return;
      state.revision = aggregate.revision;
      state.aggregate = aggregate;
      state.latestRevision = aggregate.latest_revision;
      state.aggregateFailed = false;
    } catch {
      state.aggregateFailed = true;
    }
  }

  async function loadTimeline(before: number | null) {
    const userId = state.timelineUserId.trim();
    if (!userId) return;
    const query = `limit=${TIMELINE_PER_PAGE}${before ? `&before=${before}` : ''}`;
    try {
      const page = await api.get<UserTimeline>(`/admin/events/users/${encodeURIComponent(userId)}/timeline?${query}`);
      state.timeline = before ? [...state.timeline, ...page.data] : page.data;
      state.timelineNext = page.meta.next_before;
      state.timelineLoaded = true;
      state.timelineFailed = false;
    } catch {
      state.timelineFailed = true;
    }
  }

  return {
    state,

    /** While the screen shows: the category's streams once, the projections every second. */
    show() {
      void loadStreams();
      void loadProjections();
      const timer = setInterval(() => void loadProjections(), PROJECTIONS_POLL_MS);
      return () => clearInterval(timer);
    },

    chooseCategory(category: StreamCategory) {
      state.category = category;
      state.page = 1;
      state.streams = null;
      return loadStreams();
    },

    goToPage(page: number) {
      state.page = Math.max(1, page);
      return loadStreams();
    },

    /** Opens a stream: its events, and the aggregate as of its last revision. */
    async openStream(streamId: string) {
      state.streamId = streamId;
      state.events = [];
      state.event = null;
      state.aggregate = null;
      state.eventsFailed = false;
      try {
        const page = await api.get<StreamEvents>(
          `/admin/events/streams/${encodeURIComponent(streamId)}?limit=${EVENTS_PER_PAGE}`,
        );
        if (state.streamId !== streamId) return;
        state.events = page.data;
        state.nextRevision = page.meta.next_revision;
        await travelTo();
      } catch {
        state.eventsFailed = true;
      }
    },

    async moreEvents() {
      const { streamId, nextRevision } = state;
      if (!streamId || nextRevision === null) return;
      try {
        const page = await api.get<StreamEvents>(
          `/admin/events/streams/${encodeURIComponent(streamId)}?from_revision=${nextRevision}&limit=${EVENTS_PER_PAGE}`,
        );
        if (state.streamId !== streamId) return;
        state.events = [...state.events, ...page.data];
        state.nextRevision = page.meta.next_revision;
      } catch {
        state.eventsFailed = true;
      }
    },

    selectEvent(event: ExplorerEvent | null) {
      state.event = event;
    },

    travelTo,

    setTimelineUser(userId: string) {
      state.timelineUserId = userId;
    },

    showTimeline() {
      state.timeline = [];
      state.timelineLoaded = false;
      return loadTimeline(null);
    },

    moreTimeline() {
      return loadTimeline(state.timelineNext);
    },

    /** Starts a rebuild; its progress follows the projection's position until it reaches the head. */
    async rebuild(name: string) {
      state.rebuilds[name] = { head: 0, percent: 0, failed: false };
      try {
        const started = await api.post<RebuildStarted>(`/admin/projections/${encodeURIComponent(name)}/rebuild`);
        const rebuild = state.rebuilds[name];
        if (rebuild) rebuild.head = started.data.head;
        await loadProjections();
      } catch {
        const rebuild = state.rebuilds[name];
        if (rebuild) rebuild.failed = true;
      }
    },

    /** Forgets a finished or failed rebuild's progress bar. */
    dismissRebuild(name: string) {
      delete state.rebuilds[name];
    },
  };
}

export type EventExplorerStore = ReturnType<typeof createEventExplorer>;
