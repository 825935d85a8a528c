import type { ExerciseSession } from '@fitness/contracts/exercises/progress.ts';

export type ChartKind = 'e1rm' | 'top' | 'volume' | 'reps' | 'distance' | 'duration';

/** The charts an exercise's sessions can draw: weights for a lifted one, else reps, time or distance. */
export function chartsFor(sessions: readonly ExerciseSession[]): ChartKind[] {
  const has = (pick: (session: ExerciseSession) => unknown) => sessions.some((session) => Boolean(pick(session)));
  const kinds: ChartKind[] = [];
  if (has((session) => session.e1rm)) kinds.push('e1rm', 'top', 'volume');
  else if (has((session) => session.most_reps) && !has((s) => s.distance) && !has((s) => s.duration))
    kinds.push('reps');
  if (has((session) => session.distance)) kinds.push('distance');
  if (has((session) => session.duration)) kinds.push('duration');
  return kinds;
}
