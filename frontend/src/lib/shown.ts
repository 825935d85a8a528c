import { useEffect } from 'react';

/**
 * Shows a store's data while the calling component is mounted (and loads it fresh when it
 * mounts: see lib/live-resource.ts). A change of `trigger` (the language, when it picks the
 * names shown) shows it afresh.
 */
export function useStoreWhileMounted(store: { show(): () => void }, trigger?: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trigger is a reason to load again, not an input
  useEffect(() => store.show(), [store, trigger]);
}
