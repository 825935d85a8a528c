import { useEffect } from 'react';

/**
 * How many screens show a store's data right now. While none does, the store lets pushed changes
 * pass (nobody would see the reload); the first screen to show it again loads it fresh, so what
 * it missed meanwhile shows up then.
 */
export function shownCount(load: () => Promise<unknown>, what: string) {
  let screens = 0;
  return {
    get shown() {
      return screens > 0;
    },
    /** A screen starts showing the data; call what this returns when it stops. */
    show() {
      screens += 1;
      if (screens === 1) load().catch((error) => console.error(`Failed to load ${what}`, error));
      let shown = true;
      return () => {
        if (shown) screens -= 1;
        shown = false;
      };
    },
  };
}

/**
 * Shows a store's data while the calling component is mounted (and loads it fresh when it
 * mounts). A change of `trigger` (the language, when it picks the names shown) shows it afresh.
 */
export function useStoreWhileMounted(store: { show(): () => void }, trigger?: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trigger is a reason to load again, not an input
  useEffect(() => store.show(), [store, trigger]);
}
