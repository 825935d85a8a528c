/** Notices come in bursts (a set changes several read models): one reload per this many ms at most. */
export const RELOAD_GAP_MS = 400;

/**
 * Reloads that follow pushed changes: never two at once, and a burst of notices while one runs
 * (or within the gap after it) costs one more load, not one each.
 */
export function coalesced(load: () => Promise<void>, what: string, gapMs = RELOAD_GAP_MS) {
  let running: Promise<void> | null = null;
  let again = false;
  let last = 0;
  async function loop() {
    do {
      again = false;
      const wait = last + gapMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      last = Date.now();
      await load().catch((error) => console.error(`Failed to reload ${what}`, error));
    } while (again);
  }
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  };
}
