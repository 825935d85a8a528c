import type { Workout } from '@fitness/contracts';
import { useEffect, useRef } from 'react';
import { useServices } from '../../lib/services.ts';

/**
 * A workout in progress opens at its first set still to do, once its rows are drawn; one came
 * back to (Back, a reload) opens where the reader was instead (the scroll memory puts it there).
 */
export function useOpenAtFirstUnloggedSet(workout: Workout | undefined, previousLoaded: boolean) {
  const { scroll } = useServices();
  const done = useRef(false);
  // Last time's sets add rows above the first one to do: its place is known once they are in.
  const ready = workout !== undefined && (previousLoaded || workout.status !== 'in_progress');
  const open = workout?.status === 'in_progress';
  useEffect(() => {
    if (!ready || done.current) return;
    if (!open || scroll.cameBack()) {
      done.current = true;
      return;
    }
    // After the frame: the router's own scroll to the top of a new screen runs first.
    const frame = requestAnimationFrame(() => {
      done.current = true;
      const row = document.querySelector<HTMLElement>('[data-testid="planned-row"]');
      if (!row) return;
      // Left alone when it is already in easy reach (the lower fifth sits under a phone's tab bar and thumb).
      const { top, bottom } = row.getBoundingClientRect();
      if (top < 0 || bottom > window.innerHeight * 0.8) row.scrollIntoView({ block: 'center', behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, open, scroll]);
}
