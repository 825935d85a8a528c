import { useEffect } from 'react';

/**
 * Shows a store's data while the calling component is mounted (and loads it fresh when it
 * mounts: see lib/live-resource.ts). A change of `trigger` (the language, when it picks the
 * names shown) shows it afresh.
 *
 * Each store starts in a task of its own: a screen mounts several at once, and starting their
 * requests in the one task that commits the screen made it 100 ms and more at a phone's speed
 * (the dashboard's eight requests), in which a tap waited.
 */
export function useStoreWhileMounted(store: { show(): () => void }, trigger?: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trigger is a reason to load again, not an input
  useEffect(() => {
    let hide: (() => void) | null = null;
    const started = setTimeout(() => {
      hide = store.show();
    });
    return () => {
      clearTimeout(started);
      hide?.();
    };
  }, [store, trigger]);
}
