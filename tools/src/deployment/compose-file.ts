import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * Compose files read and merged as `docker compose -f base -f override config` does, for the
 * parts our files use, so compose.test.ts can check the model compose would run without a
 * Docker engine. Follows compose-go (github.com/compose-spec/compose-go), whose loader is the
 * compose plugin's: loader/loader.go loadYamlFile (per file: parse, resolve `!reset` and
 * `!override`, interpolate, merge into the files before it, keep sequences' entries unique),
 * loader/reset.go (the tags, through anchors and `<<` merge keys too), override/merge.go and
 * override/uncity.go (the merge rules). What this does not implement it refuses rather than
 * reads wrongly: interpolation other than `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME-default}`,
 * and merging a list-form `environment` or `depends_on`.
 */
export type ComposeModel = Record<string, unknown> & { services?: Record<string, Service> };
export type Service = Record<string, unknown> & {
  image?: string;
  build?: string | { context: string };
  platform?: string;
  user?: string;
  command?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
  deploy?: { replicas?: number };
};

/** `!reset`: the key is dropped from what the earlier files set. */
const RESET = Symbol('!reset');
/** `!override`: the value replaces the earlier files' instead of merging with it. */
class Override {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

const tags = [
  { tag: '!reset', resolve: () => RESET },
  { tag: '!reset', collection: 'seq' as const, resolve: () => RESET },
  { tag: '!reset', collection: 'map' as const, resolve: () => RESET },
  { tag: '!override', resolve: (value: unknown) => new Override(value) },
  {
    tag: '!override',
    collection: 'seq' as const,
    resolve: (value: { toJSON(): unknown }) => new Override(value.toJSON()),
  },
  {
    tag: '!override',
    collection: 'map' as const,
    resolve: (value: { toJSON(): unknown }) => new Override(value.toJSON()),
  },
];

/** The model of `files` (paths) merged in order, variables read from `environment`. */
export function composeModel(files: string[], environment: Record<string, string | undefined> = {}): ComposeModel {
  let model: Record<string, unknown> = {};
  for (const file of files) model = mergeFile(model, readComposeFile(file, environment));
  return model;
}

/** One file as compose reads it before merging: anchors and `<<` resolved, variables replaced. */
export function readComposeFile(file: string, environment: Record<string, string | undefined>) {
  const text = readFileSync(file, 'utf8');
  const parsed = parse(text, { merge: true, customTags: tags, prettyErrors: true, strict: true, uniqueKeys: true });
  if (!isMapping(parsed)) throw new Error(`${file}: the top level must be a mapping`);
  return interpolate(parsed, environment, file) as Record<string, unknown>;
}

/** Merges one file into the model of the files before it (override/merge.go), then strips the tags. */
function mergeFile(model: Record<string, unknown>, file: Record<string, unknown>) {
  return settle(merge(model, file, [])) as Record<string, unknown>;
}

function merge(base: unknown, other: unknown, path: string[]): unknown {
  if (other === RESET) return RESET;
  if (other instanceof Override) return other;
  if (base === undefined || base === RESET) return other;
  const at = path.join('.');
  // Shell commands replace (override/merge.go: command, entrypoint, healthcheck.test).
  if (/^services\.[^.]+\.(command|entrypoint|healthcheck\.test)$/.test(at)) return other;
  if (/^services\.[^.]+\.(environment|depends_on|labels)$/.test(at)) {
    if (!isMapping(base) || !isMapping(other)) throw new Error(`${at}: only the mapping form is merged here`);
  }
  if (isMapping(base) && isMapping(other)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(other)) merged[key] = merge(base[key], value, [...path, key]);
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(other)) return unique([...base, ...other], at);
  if (isMapping(base) || Array.isArray(base) || isMapping(other) || Array.isArray(other)) {
    throw new Error(`cannot override ${at}`);
  }
  return other;
}

/**
 * A sequence's entries once each (override/uncity.go): volumes by their path in the container,
 * ports by address, published port and protocol; the later entry wins.
 */
function unique(entries: unknown[], at: string) {
  const keyOf = /^services\.[^.]+\.volumes$/.test(at)
    ? volumeTarget
    : /^services\.[^.]+\.ports$/.test(at)
      ? (entry: unknown) => String(entry)
      : null;
  if (!keyOf) return entries;
  const byKey = new Map<string, unknown>();
  for (const entry of entries) {
    const key = keyOf(entry);
    byKey.delete(key);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** A volume's target: `source:target[:mode]` or the long form's `target`. */
export function volumeTarget(entry: unknown) {
  if (isMapping(entry)) return String(entry.target);
  const parts = String(entry).split(':');
  return parts.length === 1 ? (parts[0] ?? '') : (parts[1] ?? '');
}

/** The model without tags: a `!reset` key gone, an `!override` its value. */
function settle(value: unknown): unknown {
  if (value instanceof Override) return settle(value.value);
  if (Array.isArray(value)) return value.filter((entry) => entry !== RESET).map(settle);
  if (isMapping(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== RESET)
        .map(([key, entry]) => [key, settle(entry)]),
    );
  }
  return value;
}

/** `$NAME`, `${NAME}`, `${NAME:-default}` (unset or empty), `${NAME-default}` (unset), `$$` in every string value. */
function interpolate(value: unknown, environment: Record<string, string | undefined>, file: string): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$(\$|\{([^}]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
      (whole, _body, expression?: string, bare?: string) => {
        if (bare !== undefined) return environment[bare] ?? '';
        if (expression === undefined) return '$';
        const [, name, operator, fallback = ''] = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)(.*))?$/s.exec(expression) ?? [];
        if (!name) throw new Error(`${file}: interpolation not supported here: ${whole}`);
        const set = environment[name];
        if (operator === ':-') return set === undefined || set === '' ? fallback : set;
        if (operator === '-') return set === undefined ? fallback : set;
        return set ?? '';
      },
    );
  }
  if (value instanceof Override) return new Override(interpolate(value.value, environment, file));
  if (Array.isArray(value)) return value.map((entry) => interpolate(entry, environment, file));
  if (isMapping(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, interpolate(entry, environment, file)]),
    );
  }
  return value;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Override);
}
