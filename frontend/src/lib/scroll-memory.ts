/**
 * Where the reader was on each screen, so that a screen opened anew starts at its top while Back
 * and Forward put them back where they were. The page is the document's own scroll, so without
 * this a new screen opened at the previous one's position (a started workout at its last
 * exercise, the dashboard halfway down), and the browser's own restoring, which runs before a
 * screen has drawn its content, put a returning reader at the top of a short, still-loading page.
 *
 * Each history entry carries a key in its state; positions are kept by key in sessionStorage,
 * so a reload or coming back from another site finds them too.
 */

type NavigateOptions = { replace?: boolean; state?: unknown };
type Navigate = (to: string, options?: NavigateOptions) => void;

export type ScrollMemory = {
  /** wouter's `aroundNav`: every navigation of the app goes through it. */
  aroundNav(navigate: Navigate, to: string, options?: NavigateOptions): void;
  /**
   * Whether the screen shown was reached by Back, Forward or a reload (and is being put back
   * where it was), rather than opened anew. A screen with a place of its own to open at (the
   * logger's first unlogged set) takes it only when this is false.
   */
  cameBack(): boolean;
};

const STORAGE_KEY = 'scroll_positions';
/** Enough for any back-and-forth a person does; older entries fall off first. */
const KEPT = 100;
/** How long a return waits for its screen to grow tall enough (data still loading) before leaving it be. */
const RESTORE_PATIENCE_MS = 5000;
/** Anything the reader does to scroll cancels a pending restore: their intent wins. */
const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

const keyOf = (state: unknown) =>
  typeof state === 'object' && state !== null && typeof (state as { scrollKey?: unknown }).scrollKey === 'string'
    ? (state as { scrollKey: string }).scrollKey
    : null;

const withKey = (state: unknown, scrollKey: string) =>
  typeof state === 'object' && state !== null ? { ...state, scrollKey } : { scrollKey };

export function createScrollMemory(win: Window = window): ScrollMemory {
  const { history, document } = win;
  const positions = loadPositions();
  // Keys stay unique across reloads: entries made before one keep theirs in their state.
  const session = Date.now().toString(36);
  let made = 0;
  const newKey = () => {
    made += 1;
    return `${session}-${made}`;
  };

  history.scrollRestoration = 'manual';
  let current = keyOf(history.state) ?? newKey();
  if (keyOf(history.state) === null) history.replaceState(withKey(history.state, current), '');

  let returned = false;
  let stopRestoring: (() => void) | null = null;

  const scrollTo = (top: number) => win.scrollTo({ top, left: 0, behavior: 'instant' });

  function loadPositions() {
    try {
      return new Map<string, number>(Object.entries(JSON.parse(win.sessionStorage.getItem(STORAGE_KEY) ?? '{}')));
    } catch {
      return new Map<string, number>();
    }
  }

  function remember() {
    // While a return is still waiting for its screen, the position is not the reader's.
    if (stopRestoring) return;
    positions.delete(current);
    positions.set(current, win.scrollY);
    while (positions.size > KEPT) positions.delete(positions.keys().next().value as string);
    try {
      win.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
    } catch {
      // Storage full or refused (private mode): positions are still kept for this page's life.
    }
  }

  /** Scrolls to `top` once the screen is tall enough for it, which may take its data arriving. */
  function restore(top: number) {
    stopRestoring?.();
    const reachable = () => document.documentElement.scrollHeight - win.innerHeight >= top;
    const attempt = () => {
      if (!reachable()) return;
      scrollTo(top);
      stop();
    };
    const grown = new ResizeObserver(attempt);
    const frame = win.requestAnimationFrame(attempt);
    const patience = win.setTimeout(() => stop(), RESTORE_PATIENCE_MS);
    const stop = () => {
      grown.disconnect();
      win.cancelAnimationFrame(frame);
      win.clearTimeout(patience);
      for (const type of READER_INPUT) win.removeEventListener(type, stop);
      if (stopRestoring === stop) stopRestoring = null;
    };
    stopRestoring = stop;
    grown.observe(document.body);
    for (const type of READER_INPUT) win.addEventListener(type, stop, { passive: true });
  }

  function onPopState(event: PopStateEvent) {
    const key = keyOf(event.state);
    // An entry the app did not make (the skip link's #main): the browser has put the reader at
    // its anchor already, which is where they asked to go.
    if (key === null) {
      remember();
      current = newKey();
      history.replaceState(withKey(event.state, current), '');
      return;
    }
    remember();
    current = key;
    returned = true;
    const top = positions.get(key) ?? 0;
    if (top === 0) {
      stopRestoring?.();
      scrollTo(0);
    } else restore(top);
  }

  win.addEventListener('popstate', onPopState);
  win.addEventListener('pagehide', remember);

  // A reload, or Back into the app from another site: the entry's position, as a return.
  const [entry] = win.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const saved = positions.get(current);
  if ((entry?.type === 'reload' || entry?.type === 'back_forward') && saved) {
    returned = true;
    restore(saved);
  }

  return {
    aroundNav(navigate, to, options) {
      remember();
      const leaving = win.location.pathname;
      // A replace stays the same entry, so Back past it and Forward again find it by its key.
      const key = options?.replace ? current : newKey();
      navigate(to, { ...options, state: withKey(options?.state, key) });
      current = key;
      returned = false;
      stopRestoring?.();
      // A new screen opens at its top; a replace that stays on the screen (its address tidied) keeps its place.
      if (!options?.replace || win.location.pathname !== leaving) scrollTo(0);
    },
    cameBack: () => returned,
  };
}
