import { block, context, emit } from '../vu-bridge.ts';

/** k6's `check`: each named predicate adds a pass or a fail to the `checks` rate; true if all passed. */
export function check<T>(value: T, sets: Record<string, (value: T) => unknown>, tags: Record<string, string> = {}) {
  let all = true;
  for (const [name, predicate] of Object.entries(sets)) {
    let passed = false;
    try {
      passed = !!predicate(value);
    } catch (error) {
      // A throwing predicate is a failed check, and its error ends the iteration, as in k6.
      emit('checks', 'rate', 0, { ...tags, check: name });
      throw error;
    }
    emit('checks', 'rate', passed ? 1 : 0, { ...tags, check: name });
    all &&= passed;
  }
  return all;
}

/** k6's `group`: runs `body` with the group tag `::outer::name`, timing it as group_duration. */
export function group<T>(name: string, body: () => T): T {
  const outer = context.group;
  context.group = `${outer}::${name}`;
  const started = performance.now();
  try {
    return body();
  } finally {
    emit('group_duration', 'trend', performance.now() - started, {}, true);
    context.group = outer;
  }
}

/** k6's `sleep`, in seconds. */
export function sleep(seconds: number) {
  block(seconds * 1000);
}

/** k6's `fail`: ends the iteration with `message`. */
export function fail(message = ''): never {
  throw new Error(message);
}

export default { check, group, sleep, fail };
