/**
 * Loads that never overlap: one asked for while another runs starts when that one ends, and all
 * those asked for meanwhile share that one next run. For a store that compares each answer with
 * the one before (to tell what is new), which needs its answers in the order they were asked.
 */
export function serialLoads(load: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  function run(): Promise<void> {
    if (!running) {
      running = load().finally(() => {
        running = null;
      });
      return running;
    }
    // The running load's failure is its own caller's to handle; the next one runs regardless.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return run();
      });
    return next;
  }

  return run;
}
