type Grouped = { id: string; superset?: string | null };

/**
 * The supersets of a workout as the logger shows them: each run of two or more exercises in a row
 * that share a superset id is one, lettered A, B, C in the order they come. An id left on one
 * exercise alone (its partner moved away or removed) groups nothing.
 */
export function supersetLetters(exercises: readonly Grouped[]): Map<string, string> {
  const letters = new Map<string, string>();
  let index = 0;
  while (index < exercises.length) {
    const group = exercises[index]?.superset;
    let end = index + 1;
    while (group && end < exercises.length && exercises[end]?.superset === group) end++;
    if (end - index >= 2) {
      const letter = String.fromCharCode(65 + (new Set(letters.values()).size % 26));
      for (const exercise of exercises.slice(index, end)) letters.set(exercise.id, letter);
    }
    index = end;
  }
  return letters;
}

/**
 * Whether the rest timer starts after a set of the exercise at `index`: not while the next
 * exercise is the same superset's (the round goes on), only after its last one.
 */
export function restsAfter(exercises: readonly Grouped[], index: number, letters: Map<string, string>) {
  const exercise = exercises[index];
  const next = exercises[index + 1];
  if (!exercise || !next || !letters.has(exercise.id)) return true;
  return letters.get(next.id) !== letters.get(exercise.id);
}

/**
 * The superset the exercise and the next one make together: the one either is already in (the
 * pair joins it), else a new id. What each of the two must be changed to (undefined: already in).
 */
export function joinWithNext(exercise: Grouped, next: Grouped, newId: () => string) {
  const group = exercise.superset ?? next.superset ?? newId();
  return {
    group,
    exercise: exercise.superset === group ? undefined : group,
    next: next.superset === group ? undefined : group,
  };
}
