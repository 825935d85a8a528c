import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

/**
 * What the entry chunk holds is what every first screen downloads and evaluates before it draws
 * (frontendFigures' budget of 150 KB gzipped, Lighthouse's main-thread work): the modules
 * main.tsx reaches by static imports, types aside. Libraries that only some screens use have
 * crept into it through one convenient import before, so the heavy ones are named here.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const CONTRACTS = path.resolve(SRC, '../../contracts/src');

/** Packages the first screen does without, and why each is heavy. */
const KEPT_OUT = {
  typebox:
    "the API schemas' builder (~10 KB gzipped, and schemas built on load): import a schema-free contracts module",
  'socket.io-client': 'the live channel, loaded once the first screen is up (app/services.ts)',
  recharts: 'the charts, loaded with the screens that draw them',
};
/** react-i18next's parts the first screen does without: <Trans> brings an HTML parser along (~4 KB gzipped). */
const I18N_KEPT_OUT = ['Trans'];

type Found = { file: string; specifier: string; names: string[] };

/** A file's imports and re-exports that load code: not `import type`, not all-type names, not import(). */
function valueImportsOf(file: string, text: string): Found[] {
  const found: Found[] = [];
  const statement = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(statement)) {
    if (match[1]) continue;
    const clause = match[2] ?? '';
    const braces = clause.match(/\{([^}]*)\}/)?.[1];
    const names = (braces ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '');
    if (!outside && braces !== undefined && names.every((name) => name.startsWith('type '))) continue;
    found.push({ file, specifier: match[3] ?? '', names: names.map((name) => name.split(/\s+as\s+/)[0] ?? '') });
  }
  for (const match of text.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) {
    found.push({ file, specifier: match[1] ?? '', names: [] });
  }
  return found;
}

/** The file a specifier names, or null for a package (or an asset such as CSS). */
function resolve(from: string, specifier: string): string | null {
  if (specifier === '@fitness/contracts') return path.join(CONTRACTS, 'index.ts');
  if (specifier.startsWith('@fitness/contracts/')) return path.join(CONTRACTS, specifier.slice(19));
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  return /\.tsx?$/.test(target) && existsSync(target) ? target : null;
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every static value import reachable from `entry`. */
function staticImportsFrom(entry: string): Found[] {
  const seen = new Set<string>();
  const imports: Found[] = [];
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const found of valueImportsOf(file, readFileSync(file, 'utf8'))) {
      imports.push(found);
      const target = resolve(file, found.specifier);
      if (target) queue.push(target);
    }
  }
  return imports;
}

/** What of KEPT_OUT and I18N_KEPT_OUT the imports bring in, one line each. */
function heavyImports(imports: Found[]) {
  const relative = (file: string) => path.relative(path.resolve(SRC, '../..'), file);
  return imports.flatMap(({ file, specifier, names }) => {
    const name = packageOf(specifier);
    if (name in KEPT_OUT) return [`${relative(file)} imports ${specifier}: ${KEPT_OUT[name as keyof typeof KEPT_OUT]}`];
    if (name !== 'react-i18next') return [];
    return names
      .filter((imported) => I18N_KEPT_OUT.includes(imported))
      .map((imported) => `${relative(file)} imports ${imported} from react-i18next`);
  });
}

describe('the first screen', () => {
  it('imports none of the heavy libraries that only some screens need', () => {
    const imports = staticImportsFrom(path.join(SRC, 'main.tsx'));
    assert.ok(
      imports.some(({ specifier }) => specifier === 'react-dom/client'),
      'the walk reached the app',
    );
    assert.deepEqual(heavyImports(imports), []);
  });

  it('would be told of each kind', () => {
    const found = (file: string, text: string) => valueImportsOf(path.join(SRC, file), text);
    const source = (clause: string, from: string) => `import ${clause} from '${from}';`;
    assert.deepEqual(
      heavyImports([
        ...found('lib/stores/a.ts', source('{ summariseWorkout }', 'typebox')),
        ...found('lib/live.ts', source('{ io, type Socket }', 'socket.io-client')),
        ...found('app/Banner.tsx', source('{\n  Trans,\n  useTranslation,\n}', 'react-i18next')),
        ...found('lib/types.ts', `${source('type { Static }', 'typebox')}\n${source('{ type TSchema }', 'typebox')}`),
      ]),
      [
        `frontend/src/lib/stores/a.ts imports typebox: ${KEPT_OUT.typebox}`,
        `frontend/src/lib/live.ts imports socket.io-client: ${KEPT_OUT['socket.io-client']}`,
        'frontend/src/app/Banner.tsx imports Trans from react-i18next',
      ],
    );
  });
});
