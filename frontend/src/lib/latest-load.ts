/**
 * A screen's loads, of which only the newest counts. Answers can come back out of order (a slow
 * older query, a reload a pushed change started), so a load applies its result, and reports its
 * failure, only if no later one started; after `invalidate` (sign-out) none does. `loading`, when
 * the state has it, is true while the newest load runs.
 */
export function latestLoads(state: { failed: boolean; loading?: boolean }) {
  let generation = 0;
  const tracksLoading = 'loading' in state;
  return {
    async run<T>(fetch: () => Promise<T>, apply: (result: T) => void) {
      const mine = ++generation;
      const newest = () => mine === generation;
      if (tracksLoading) state.loading = true;
      try {
        const result = await fetch();
        if (!newest()) return;
        apply(result);
        state.failed = false;
      } catch (error) {
        if (newest()) state.failed = true;
        throw error;
      } finally {
        if (tracksLoading && newest()) state.loading = false;
      }
    },
    invalidate() {
      generation++;
    },
  };
}
