import type { Logger } from '@fitness/platform/logger.ts';
import { releaseMemoryAfterBursts } from '@fitness/platform/memory-release.ts';
import type { ProjectionRunner } from './runner.ts';

/** A fold of this many events or more is a burst worth a memory-reducing collection after it. */
const MEMORY_RELEASE_AFTER_EVENTS = 50_000;
/** How long the runner must have folded nothing before that collection. */
const MEMORY_RELEASE_QUIET_MS = 2_000;

/**
 * Folding a long log in (at start, in a rebuild) frees far more than stays alive: once the
 * runner has gone quiet after one, the pages V8 pooled go back to the system (see
 * memory-release.ts). Call it on the thread the runner folds on: each thread has its own heap.
 * Returns the stop function.
 */
export function releaseMemoryAfterCatchUps(runner: Pick<ProjectionRunner, 'onCommitted'>, logger: Logger) {
  const memoryRelease = releaseMemoryAfterBursts({
    minimumWork: MEMORY_RELEASE_AFTER_EVENTS,
    quietMs: MEMORY_RELEASE_QUIET_MS,
    onReleased: (outcome) => logger.info(outcome, 'returned freed memory to the system'),
  });
  const stopHearing = runner.onCommitted((events) => memoryRelease.note(events));
  return () => {
    stopHearing();
    memoryRelease.stop();
  };
}
