import type { ChangeNotice } from './live.ts';

/** Flags of a store's state that screens read: the newest load failed, or is under way. */
export type LoadStatus = { failed: boolean; loading?: boolean };

export type LiveResourceOptions<T> = {
  /** What it is, for the logs ("the workouts"). */
  what: string;
  /** Reads what the screens show from the API. */
  fetch: () => Promise<T>;
  /** Puts an answer of `fetch` into the store's state. */
  take: (answer: T) => void;
  /** The state's flags, which the newest load sets. */
  status?: LoadStatus;
  /**
   * Whether a notice comes from a write of this tab whose answer already put what it changed in
   * the state (the API client's `isOwnWrite`, for a store whose writes do so): a notice without
   * a change to apply is then no reason to read again.
   */
  answered?: (correlationId: string | null) => boolean;
  /** The least time between the starts of two reloads (a burst of notices costs one more, not one each). */
  gapMs?: number;
  /** Before the first screen's load: forget what an earlier showing left (a comparison's baseline). */
  onFirstShow?: () => void;
  /** Followed whatever screens show (the site's name, the account), while the app runs. */
  always?: boolean;
};

const nothing = () => undefined;

/** A change to the state (a write's answer, a pushed change); `false` when it found nothing to change. */
type Update = () => unknown;

/**
 * One thing a store shows, kept live: the one path by which the API's answers, the store's own
 * writes and pushed changes reach its state.
 * - `load` reads it now (the first screen to show it, a new query, a write to read back): an
 *   answer comes in only if no later `load` started, so a newer load wins.
 * - `reload` reads it again because it may have changed (a notice without the change, a
 *   reconnect): never two at once, and those asked for while one runs share one more after it.
 *   An answer the same as the one last taken is not taken again: every screen showing it would
 *   re-render for nothing (each reconnect reads everything shown, and mostly finds it unchanged).
 * - `apply` puts a write's answer or a pushed change into the state now, and again on top of the
 *   answer of any load under way, which may have been read before it. Updates are by id, so
 *   applying one twice, or to an answer that already holds it, changes nothing.
 * - `follow` takes a pushed notice while a screen shows it (what no screen shows loads fresh
 *   when one does): its change through `apply`, or, with nothing to apply, a `reload`.
 */
export function liveResource<T>(options: LiveResourceOptions<T>) {
  const { status, gapMs = 0 } = options;
  const tracksLoading = status !== undefined && 'loading' in status;
  let screens = 0;
  /** Bumped by `load` and `clear`: the answer of a load started before is not taken. */
  let generation = 0;
  /** Bumped by `clear` (sign-out): a reload asked for before does not run. */
  let session = 0;
  /** Loads started so far: a reload asked for before one started is answered by it. */
  let starts = 0;
  /** Loads under way (superseded ones too): updates applied meanwhile are kept to apply again. */
  let underWay = 0;
  let updates: Update[] = [];
  /** The newest load under way, and the one reload waiting for it. */
  let latest: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let lastStart = Number.NEGATIVE_INFINITY;
  /** The answer last taken, as JSON (a copy: `take` may keep the answer and change it later). */
  let taken: string | null = null;

  async function fetchAndTake(mine: number, delayMs: number, again: boolean) {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const newest = () => mine === generation;
    if (!newest()) return;
    lastStart = Date.now();
    if (tracksLoading) status.loading = true;
    try {
      const answer = await options.fetch();
      if (!newest()) return;
      const read = JSON.stringify(answer) ?? null;
      if (!again || read !== taken) options.take(answer);
      taken = read;
      // A pushed change that still finds nothing to change in the answer is read with the next load.
      let unheld = false;
      for (const update of updates) if (update() === false) unheld = true;
      if (unheld) reload().catch((error) => console.error(`Failed to reload ${options.what}`, error));
      if (status) status.failed = false;
    } catch (error) {
      if (newest() && status) status.failed = true;
      throw error;
    } finally {
      if (tracksLoading && newest()) status.loading = false;
    }
  }

  function start(delayMs = 0, again = false) {
    starts += 1;
    underWay += 1;
    const run: Promise<void> = fetchAndTake(generation, delayMs, again).finally(() => {
      underWay -= 1;
      if (underWay === 0) updates = [];
      if (latest === run) latest = null;
    });
    latest = run;
    return run;
  }

  function load() {
    generation += 1;
    return start();
  }

  function reload(): Promise<void> {
    if (latest) {
      const asked = { session, starts };
      queued ??= latest.catch(nothing).then(() => {
        queued = null;
        if (asked.session !== session) return;
        // A load that started after this was asked for reads what it was asked for.
        if (starts > asked.starts) return latest?.catch(nothing);
        return reload();
      });
      return queued;
    }
    return start(lastStart + gapMs - Date.now(), true);
  }

  function apply(update: Update) {
    update();
    if (underWay > 0) updates.push(update);
  }

  const followed = () => options.always === true || screens > 0;

  return {
    get shown() {
      return screens > 0;
    },
    /** A screen starts showing it (the first one loads it fresh); call what this returns when it stops. */
    show() {
      screens += 1;
      if (screens === 1) {
        options.onFirstShow?.();
        load().catch((error) => console.error(`Failed to load ${options.what}`, error));
      }
      let showing = true;
      return () => {
        if (showing) screens -= 1;
        showing = false;
      };
    },
    load,
    reload,
    apply,
    /**
     * A pushed notice about it. `patch` applies the notice's change or document (or a delete)
     * to the state, and returns false when it could not (the document it changes is not held):
     * then, or without `patch` or anything to apply, what is shown is read again.
     */
    async follow(notice: ChangeNotice, patch?: (notice: ChangeNotice) => boolean) {
      if (!followed()) return;
      const applicable = notice.document !== undefined || notice.changes !== undefined || notice.op === 'delete';
      if (patch && applicable) {
        const held = patch(notice);
        // A load under way takes it in when its answer comes (or reads again if it still cannot).
        if (underWay > 0) updates.push(() => patch(notice));
        else if (!held) await reload();
        return;
      }
      if (options.answered?.(notice.correlationId)) return;
      await reload();
    },
    /** The live channel (re)opened: what is shown is read again, since changes meanwhile went unheard. */
    refresh: () => (followed() ? reload() : Promise.resolve()),
    /** Sign-out: nothing under way or asked for is taken in any more. */
    clear() {
      generation += 1;
      session += 1;
      updates = [];
      taken = null;
    },
  };
}

export type LiveResource = ReturnType<typeof liveResource>;
