import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

/**
 * The import rules of frontend/README.md, checked over the import graph of frontend/src:
 * app -> features -> components and lib, one way, and only stores talk to the API client.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

type Source = { file: string; text: string };

/** Where a file sits: app (main.tsx too), features/<name>, components, lib, or elsewhere (locales, styles). */
function layerOf(file: string) {
  const [top, name] = file.split('/');
  if (top === 'main.tsx') return 'app';
  if (top === 'features') return `features/${name}`;
  return top ?? '';
}

/** Each import and re-export of a file: the path it names and the names it takes. */
function importsOf(text: string) {
  const found: { specifier: string; names: string[] }[] = [];
  const statement = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(statement)) {
    const clause = match[2] ?? '';
    const braces = clause.match(/\{([^}]*)\}/)?.[1] ?? '';
    const names = braces
      .split(',')
      .map(
        (name) =>
          name
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '',
      )
      .filter(Boolean);
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '');
    found.push({ specifier: match[3] ?? '', names: outside ? [...names, outside] : names });
  }
  for (const match of text.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) {
    found.push({ specifier: match[1] ?? '', names: [] });
  }
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push({ specifier: match[1] ?? '', names: ['*'] });
  }
  return found;
}

/**
 * What a component may take from the API client: its error type, to tell the user what failed,
 * and whether the client already told them (so an error shows once).
 */
const API_ERRORS = new Set(['ApiError', 'FieldErrors', 'toldTheUser']);

/** Every breach of the rules, one line each. */
function violations(sources: Source[]) {
  const found: string[] = [];
  for (const { file, text } of sources) {
    const from = layerOf(file);
    const isComponent = file.endsWith('.tsx') || from === 'components';
    for (const { specifier, names } of importsOf(text)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const to = layerOf(target);
      const say = (rule: string) => found.push(`${file} imports ${target}: ${rule}`);
      if (from.startsWith('features/') && to.startsWith('features/') && from !== to) {
        say('a feature imports another feature (share it through components/, lib/ or @fitness/contracts)');
      }
      if (from !== 'app' && to === 'app') say('only app/ may import app/ (take services from useServices())');
      if ((from === 'components' || from === 'lib') && to.startsWith('features/')) {
        say(`${from}/ imports a feature`);
      }
      if (isComponent && target === 'lib/api-client.ts' && names.some((name) => !API_ERRORS.has(name))) {
        say('a component takes the API client (stores talk to the API; components read stores)');
      }
    }
    if (isComponent && /\bfetch\(|\bapi\.(get|post|put|patch|delete)\s*[<(]/.test(text)) {
      found.push(`${file} calls the API: a component fetches`);
    }
  }
  return found;
}

function sourceFiles(): Source[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => file.split(path.sep).join('/'))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(SRC, file), 'utf8') }));
}

describe('import rules of the web app', () => {
  it('hold for every file of frontend/src', () => {
    const sources = sourceFiles();
    assert.ok(sources.length > 50, 'the files were found');
    assert.deepEqual(violations(sources), []);
  });

  it('catch each kind of breach', () => {
    const sources: Source[] = [
      {
        file: 'features/dashboard/Page.tsx',
        text: "import { useWorkoutList } from '../workouts/useWorkoutList.ts';\nimport type { X } from '../dashboard/store.ts';",
      },
      { file: 'features/meals/store.ts', text: "import { services } from '../../app/services.ts';" },
      { file: 'lib/format.ts', text: "export { plan } from '../features/templates/plan.ts';" },
      {
        file: 'components/Weather.tsx',
        text: "import {\n  ApiError,\n  type ApiClient,\n} from '../lib/api-client.ts';\nconst WeekChart = lazy(() => import('../features/dashboard/WeekChart.tsx'));",
      },
      { file: 'features/profile/Card.tsx', text: "const answer = await fetch('/api/v1/me');" },
      {
        file: 'features/profile/Weight.tsx',
        text: "const { data } = await services.api.get<WeighIn[]>('/body-weight');",
      },
      {
        file: 'features/auth/LoginPage.tsx',
        text: "import { ApiError, type FieldErrors } from '../../lib/api-client.ts';",
      },
      { file: 'app/services.ts', text: "import { createMeals } from '../features/meals/store.ts';" },
    ];
    assert.deepEqual(violations(sources), [
      'features/dashboard/Page.tsx imports features/workouts/useWorkoutList.ts: a feature imports another feature (share it through components/, lib/ or @fitness/contracts)',
      'features/meals/store.ts imports app/services.ts: only app/ may import app/ (take services from useServices())',
      'lib/format.ts imports features/templates/plan.ts: lib/ imports a feature',
      'components/Weather.tsx imports lib/api-client.ts: a component takes the API client (stores talk to the API; components read stores)',
      'components/Weather.tsx imports features/dashboard/WeekChart.tsx: components/ imports a feature',
      'features/profile/Card.tsx calls the API: a component fetches',
      'features/profile/Weight.tsx calls the API: a component fetches',
    ]);
  });
});
