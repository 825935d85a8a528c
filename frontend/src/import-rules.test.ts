import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

/**
 * The import rule of frontend/README.md that reads what a file takes and calls, not only which
 * files it imports: only stores talk to the API client. (The layers, app -> features ->
 * components and lib, are rules of .dependency-cruiser.mjs at the root, over the import graph.)
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

type Source = { file: string; text: string };

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
    const isComponent = file.endsWith('.tsx') || file.startsWith('components/');
    for (const { specifier, names } of importsOf(text)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (isComponent && target === 'lib/api-client.ts' && names.some((name) => !API_ERRORS.has(name))) {
        found.push(
          `${file} imports ${target}: a component takes the API client (stores talk to the API; components read stores)`,
        );
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
        file: 'components/Weather.tsx',
        text: "import {\n  ApiError,\n  type ApiClient,\n} from '../lib/api-client.ts';",
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
    ];
    assert.deepEqual(violations(sources), [
      'components/Weather.tsx imports lib/api-client.ts: a component takes the API client (stores talk to the API; components read stores)',
      'features/profile/Card.tsx calls the API: a component fetches',
      'features/profile/Weight.tsx calls the API: a component fetches',
    ]);
  });
});
