import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, it } from 'vitest';

/**
 * The import rules of every workspace (.dependency-cruiser.mjs at the root: no cycle between
 * modules or folders, each workspace imports only what its package.json declares, the layering
 * between workspaces) over the real import graph, and the two things dependency-cruiser does not
 * check: that every declared dependency is used, and that every `exports` entry names a file.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.mjs');

type Manifest = {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: Record<string, string>;
};

const readManifest = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const workspaceDirs = readManifest(ROOT).workspaces ?? [];

async function cruiseFolders(baseDir: string, folders: string[]) {
  const options = await extractDepcruiseOptions(CONFIG);
  const { output } = await cruise(folders, { ...options, baseDir });
  return output as ICruiseResult;
}

/**
 * Every breach, one paragraph each: the rule, the import (or the folders' whole cycle), and the
 * rule's comment saying how to mend it.
 */
function breaches(result: ICruiseResult) {
  return result.summary.violations
    .map(({ rule, from, to, cycle }) => {
      const path = cycle ? [from, ...cycle.map((step) => step.name)].join(' -> ') : `${from} -> ${to}`;
      const comment = result.summary.ruleSetUsed?.forbidden?.find(({ name }) => name === rule.name)?.comment;
      return `${rule.name}: ${path}\n  ${comment}`;
    })
    .join('\n');
}

/** The package a bare specifier names (`@scope/name` or `name`). */
function packageOf(specifier: string) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
}

/** `@types/node-fetch` types `node-fetch`; `@types/scope__name` types `@scope/name`. */
function typedPackage(typesPackage: string) {
  const name = typesPackage.slice('@types/'.length);
  return name.includes('__') ? `@${name.replace('__', '/')}` : name;
}

/**
 * Declared, and read some other way than by an import: frontend/e2e/harness.ts reads axe-core's
 * script as a file (createRequire().resolve) to inject it into the page under test.
 */
const READ_AS_FILES = new Set(['axe-core']);

describe('import rules of the repository', () => {
  let result: ICruiseResult;
  beforeAll(async () => {
    result = await cruiseFolders(ROOT, workspaceDirs);
  });

  it('hold for every workspace', () => {
    assert.ok(result.summary.totalCruised > 500, 'the workspaces were cruised');
    assert.equal(result.summary.violations.length, 0, `\n${breaches(result)}`);
  });

  it('every declared dependency is imported', () => {
    const unused = workspaceDirs.flatMap((dir) => {
      const manifest = readManifest(path.join(ROOT, dir));
      const used = new Set(
        result.modules
          .filter((module) => module.source.startsWith(`${dir}/`))
          .flatMap((module) => module.dependencies)
          .filter((dependency) => !dependency.module.startsWith('.') && !dependency.coreModule)
          .map((dependency) => packageOf(dependency.module)),
      );
      const isUsed = (name: string) =>
        used.has(name) || READ_AS_FILES.has(name) || (name.startsWith('@types/') && used.has(typedPackage(name)));
      return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]
        .filter((name) => !isUsed(name))
        .map((name) => `${manifest.name} declares ${name} but never imports it`);
    });
    assert.deepEqual(unused, []);
  });

  it('every `exports` entry names a file or folder that exists', () => {
    const missing = workspaceDirs.flatMap((dir) => {
      const manifest = readManifest(path.join(ROOT, dir));
      return Object.entries(manifest.exports ?? {})
        .filter(
          ([key, target]) => !fs.existsSync(path.join(ROOT, dir, key.endsWith('*') ? path.dirname(target) : target)),
        )
        .map(([key, target]) => `${manifest.name} exports ${key} as ${target}, which does not exist`);
    });
    assert.deepEqual(missing, []);
  });
});

describe('import rules catch each kind of breach', () => {
  /** A tree shaped like this repository's, each file breaking one rule (or, where said, none). */
  const files: Record<string, string> = {
    'package.json': '{ "name": "fixture", "private": true }',
    'node_modules/undeclared/package.json': '{ "name": "undeclared", "main": "index.js" }',
    'node_modules/undeclared/index.js': 'export const pad = 1;',
    // Two folders that import each other (one of them for a type only), though no module imports itself back.
    'query-service/src/workouts/list.ts': "import { weekly } from '../metrics/weekly.ts';\nexport const list = weekly;",
    'query-service/src/metrics/weekly.ts': 'export const weekly = 1;',
    'query-service/src/metrics/streak.ts':
      "import type { Named } from '../workouts/names.ts';\nexport const streak: Named = 1;",
    'query-service/src/workouts/names.ts': 'export type Named = number;',
    // Two modules that run each other.
    'projections/src/runner.ts': "import { batch } from './batch.ts';\nexport const runner = () => batch;",
    'projections/src/batch.ts': "import { runner } from './runner.ts';\nexport const batch = () => runner;",
    // Two modules that name each other's types only: nothing runs in a circle (allowed).
    'projections/src/shape.ts': "import type { Fold } from './fold.ts';\nexport type Shape = { fold: Fold };",
    'projections/src/fold.ts': "import type { Shape } from './shape.ts';\nexport type Fold = (shape: Shape) => Shape;",
    // Imported by nothing, importing nothing.
    'query-service/src/unused.ts': 'export const unused = 1;',
    'query-service/src/nowhere.ts': "import { gone } from './gone.ts';\nexport const nowhere = gone;",
    'query-service/src/pad.ts': "import { pad } from 'undeclared';\nexport const padded = pad;",
    'contracts/src/clock.ts': "import { readFileSync } from 'node:fs';\nexport const clock = readFileSync;",
    'contracts/src/store.ts': "import { store } from '../../stores/src/store.ts';\nexport const shared = store;",
    'stores/src/store.ts': 'export const store = 1;',
    'frontend/src/lib/api.ts': "import { app } from '../../../gateway/src/app.ts';\nexport const api = app;",
    'gateway/src/app.ts': 'export const app = 1;',
    // The web app's layers: a feature takes another's hook, a store takes app/, lib/ and
    // components/ take features (a lazy import too); a feature's own files and app/ taking a
    // feature are allowed.
    'frontend/src/features/dashboard/Page.tsx':
      "import { useWorkoutList } from '../workouts/useWorkoutList.ts';\nimport type { Day } from '../dashboard/store.ts';\nexport const page = [useWorkoutList] as Day[];",
    'frontend/src/features/dashboard/store.ts': 'export type Day = unknown;',
    'frontend/src/features/workouts/useWorkoutList.ts': 'export const useWorkoutList = 1;',
    'frontend/src/features/meals/store.ts':
      "import { services } from '../../app/services.ts';\nexport const meals = services;",
    'frontend/src/app/services.ts':
      "import { plan } from '../features/templates/plan.ts';\nexport const services = plan;",
    'frontend/src/features/templates/plan.ts': 'export const plan = 1;',
    'frontend/src/lib/format.ts': "export { plan } from '../features/templates/plan.ts';",
    'frontend/src/components/Weather.tsx':
      "export const WeekChart = () => import('../features/dashboard/WeekChart.tsx');",
    'frontend/src/features/dashboard/WeekChart.tsx': 'export const WeekChart = 1;',
  };
  let dir: string;
  let result: ICruiseResult;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    result = await cruiseFolders(dir, ['contracts', 'stores', 'projections', 'query-service', 'gateway', 'frontend']);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports every breach and nothing else', () => {
    const found = result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`).sort();
    assert.deepEqual(found, [
      '@fitness/contracts-imports-declared-workspaces: contracts/src/store.ts -> stores/src/store.ts',
      'contracts-does-no-io: contracts/src/clock.ts -> fs',
      'contracts-imports-no-workspace: contracts/src/store.ts -> stores/src/store.ts',
      'feature-imports-no-other-feature: frontend/src/features/dashboard/Page.tsx -> frontend/src/features/workouts/useWorkoutList.ts',
      'no-circular: projections/src/batch.ts -> projections/src/runner.ts',
      'no-folder-cycle: query-service/src/metrics -> query-service/src/workouts',
      'no-folder-cycle: query-service/src/workouts -> query-service/src/metrics',
      'no-non-package-json: query-service/src/pad.ts -> node_modules/undeclared/index.js',
      'no-orphans: query-service/src/unused.ts -> query-service/src/unused.ts',
      'not-to-unresolvable: query-service/src/nowhere.ts -> ./gone.ts',
      'only-app-imports-app: frontend/src/features/meals/store.ts -> frontend/src/app/services.ts',
      'shared-code-imports-no-feature: frontend/src/components/Weather.tsx -> frontend/src/features/dashboard/WeekChart.tsx',
      'shared-code-imports-no-feature: frontend/src/lib/format.ts -> frontend/src/features/templates/plan.ts',
      'web-app-imports-no-server: frontend/src/lib/api.ts -> gateway/src/app.ts',
      'workspaces-import-by-package-name: contracts/src/store.ts -> stores/src/store.ts',
      'workspaces-import-by-package-name: frontend/src/lib/api.ts -> gateway/src/app.ts',
    ]);
  });

  it('prints a cycle with its path, and how to mend it', () => {
    assert.match(
      breaches(result),
      /no-folder-cycle: query-service\/src\/workouts -> query-service\/src\/metrics -> query-service\/src\/workouts\n {2}Folders import each other/,
    );
  });
});
