/**
 * What a change to a read-model document is, said small: set this field, append this element,
 * remove that one. The projections runner works it out from a document before and after a batch,
 * the read stores apply it in place (SQLite's json_set, MongoDB's $set/$push/$pull) instead of
 * writing the whole document again, and the live channel pushes it, so a browser holding the
 * document applies it too instead of fetching the document again.
 */

/**
 * A step into a document: a field's name, or an element of an array of identified objects
 * (`{ id }`), found by its id; `at` is where the element stood in the document the change was
 * worked out against, for stores whose paths count (SQLite). A browser finds it by id.
 */
export type ChangePathStep = string | { id: string; at: number };
export type ChangePath = ChangePathStep[];

/** An element of an array that changes push and pull: an object with an id of its own. */
export type IdentifiedElement = { id: string } & Record<string, unknown>;

export type DocumentChange =
  /** The value at `path` (a field, or an element of an array) is now `value` (the path's parents exist). */
  | { op: 'set'; path: ChangePath; value: unknown }
  /** The field at `path` is gone. */
  | { op: 'unset'; path: ChangePath }
  /** `value` is appended to the array at `path`; an element with its id already there is replaced. */
  | { op: 'push'; path: ChangePath; value: IdentifiedElement }
  /** The element with this id leaves the array at `path` (it stood at `at`). */
  | { op: 'pull'; path: ChangePath; id: string; at: number };

/**
 * Beyond this many steps a change is no longer small: the whole document is written instead
 * (a recomputed document whose every number moved, say).
 */
export const MAX_CHANGE_STEPS = 32;

/**
 * The steps that make `after` of `before`, or null when they would not be small (more than
 * MAX_CHANGE_STEPS, or a change at the top that replaces the document). Read models evolve by
 * copying only what an event changes, so a part that is the very same object in both is
 * unchanged and is not looked into: a set logged into a long workout costs the walk down to
 * its exercise, not a comparison of the workout.
 */
export function diffDocuments(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[] = [],
): DocumentChange[] | null {
  const changes: DocumentChange[] = [];
  const fits = diffObjects(before, after, [], changes, new Set(ignore));
  return fits && changes.length <= MAX_CHANGE_STEPS ? changes : null;
}

function diffObjects(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path: ChangePath,
  changes: DocumentChange[],
  ignore: ReadonlySet<string> = NOTHING_IGNORED,
): boolean {
  for (const key of Object.keys(before)) {
    if (ignore.has(key) || key in after) continue;
    changes.push({ op: 'unset', path: [...path, key] });
  }
  const first = changes.length;
  for (const [key, value] of Object.entries(after)) {
    if (ignore.has(key)) continue;
    const was = before[key];
    if (was === value) continue;
    if (!diffValues(was, value, [...path, key], changes)) return false;
    if (changes.length > MAX_CHANGE_STEPS) return false;
  }
  // An object inside the document that changed all over (a record beaten: its value, set, date
  // and previous value) is one step, set whole: fewer, shorter steps for every store and push.
  if (path.length > 0 && changes.length - first > STEPS_BEFORE_SET_WHOLE) {
    changes.length = first;
    changes.push({ op: 'set', path, value: after });
  }
  return true;
}

/** Steps within one object beyond which the object is set whole instead. */
const STEPS_BEFORE_SET_WHOLE = 3;

const NOTHING_IGNORED: ReadonlySet<string> = new Set();

function diffValues(before: unknown, after: unknown, path: ChangePath, changes: DocumentChange[]): boolean {
  if (after === undefined) {
    changes.push({ op: 'unset', path });
    return true;
  }
  if (isPlainObject(before) && isPlainObject(after)) return diffObjects(before, after, path, changes);
  if (Array.isArray(before) && Array.isArray(after) && isIdentifiedArray(before) && isIdentifiedArray(after)) {
    if (diffIdentifiedArrays(before, after, path, changes)) return true;
  } else if (sameJson(before, after)) {
    return true;
  }
  changes.push({ op: 'set', path, value: after });
  return true;
}

/**
 * An array of identified elements whose order stayed: elements gone are pulled (the last first,
 * so each `at` still counts in the array as it then is), elements changed are walked into, and
 * new ones at the end are pushed. False when the order changed or something was inserted
 * before the end: the caller sets the array whole.
 */
function diffIdentifiedArrays(
  before: IdentifiedElement[],
  after: IdentifiedElement[],
  path: ChangePath,
  changes: DocumentChange[],
): boolean {
  const afterIds = new Set(after.map((element) => element.id));
  const kept = before.filter((element) => afterIds.has(element.id));
  // What stayed must stand first in `after`, in its old order; the rest is new, at the end.
  if (kept.length > after.length || kept.some((element, index) => after[index]?.id !== element.id)) return false;
  const beforeIds = new Set(before.map((element) => element.id));
  if (after.slice(kept.length).some((element) => beforeIds.has(element.id))) return false;
  for (let index = before.length - 1; index >= 0; index--) {
    const element = before[index] as IdentifiedElement;
    if (!afterIds.has(element.id)) changes.push({ op: 'pull', path, id: element.id, at: index });
  }
  for (let index = 0; index < kept.length; index++) {
    const was = kept[index] as IdentifiedElement;
    const is = after[index] as IdentifiedElement;
    if (was === is) continue;
    if (!diffObjects(was, is, [...path, { id: is.id, at: index }], changes)) return false;
    if (changes.length > MAX_CHANGE_STEPS) return false;
  }
  for (const element of after.slice(kept.length)) changes.push({ op: 'push', path, value: element });
  return true;
}

function isIdentifiedArray(array: unknown[]): array is IdentifiedElement[] {
  return array.every((element) => isPlainObject(element) && typeof element.id === 'string');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Primitives by value; small arrays and objects of other kinds by their JSON. */
function sameJson(a: unknown, b: unknown) {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `changes` applied to a copy of `document`, elements found by id: applying a change twice, or
 * to a document that already holds it (a page fetched while the change was on its way), gives
 * the same document. A step whose place is gone (its element was removed meanwhile) changes
 * nothing. What is not on the changed path is shared with `document`, not copied.
 */
export function applyChanges<T extends Record<string, unknown>>(document: T, changes: readonly DocumentChange[]): T {
  let result: Record<string, unknown> = document;
  for (const change of changes) result = applyChange(result, change.path, change) as Record<string, unknown>;
  return result as T;
}

function applyChange(container: unknown, path: ChangePath, change: DocumentChange): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return applyAtTarget(container, change);
  if (typeof step === 'string') {
    if (!isPlainObject(container)) return container;
    if (rest.length === 0 && change.op === 'set') return { ...container, [step]: change.value };
    if (rest.length === 0 && change.op === 'unset') {
      const { [step]: _gone, ...others } = container;
      return others;
    }
    if (!(step in container)) return container;
    return { ...container, [step]: applyChange(container[step], rest, change) };
  }
  if (!Array.isArray(container)) return container;
  const index = container.findIndex((element) => isPlainObject(element) && element.id === step.id);
  if (index < 0) return container;
  const copy = [...container];
  copy[index] = rest.length === 0 && change.op === 'set' ? change.value : applyChange(container[index], rest, change);
  return copy;
}

/** A push or pull at the array the path ends on (a set or unset ends on its field, above). */
function applyAtTarget(array: unknown, change: DocumentChange): unknown {
  if (!Array.isArray(array)) return array;
  if (change.op === 'push') {
    const index = array.findIndex((element) => isPlainObject(element) && element.id === change.value.id);
    if (index < 0) return [...array, change.value];
    const copy = [...array];
    copy[index] = change.value;
    return copy;
  }
  if (change.op === 'pull') return array.filter((element) => !(isPlainObject(element) && element.id === change.id));
  return array;
}
