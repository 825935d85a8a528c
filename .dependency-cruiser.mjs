import fs from 'node:fs';
import path from 'node:path';

/**
 * The import rules of every workspace, checked by dependency-cruiser over the real import graph
 * (tools/src/import-rules.test.ts runs them in `npm test`; `npx depcruise <workspace folders>` prints them).
 * Paths are relative to the repository root, `/` separated, and the rules read as regular
 * expressions over them.
 */

const ROOT = import.meta.dirname;
const readManifest = (dir) => JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));

/** Each workspace's folder and the workspaces its package.json lets it import. */
const workspaces = readManifest('.').workspaces.map((dir) => {
  const manifest = readManifest(dir);
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
  ]);
  return { dir, name: manifest.name, declared };
});
const folderOf = new Map(workspaces.map(({ dir, name }) => [name, dir]));
const anyOf = (folders) => `^(${folders.join('|')})/`;

/** The server side: what the browser's code must never bundle. */
const SERVER = ['stores', 'platform', 'command-service', 'projections', 'notifications', 'query-service', 'gateway'];

/** Test files and the helpers only tests import. */
const TESTS = ['\\.test\\.tsx?$', '/testing/'];

/** Node's modules that reach outside the process: the shared language (`contracts`) only computes. */
const IO_MODULES = [
  'fs',
  'fs/promises',
  'net',
  'tls',
  'dgram',
  'dns',
  'dns/promises',
  'http',
  'https',
  'http2',
  'child_process',
  'cluster',
  'worker_threads',
  'readline',
  'os',
  'sqlite',
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules run each other in a circle: move what both need to a module both can import.',
      from: {},
      // Types only (a schema's module and its helper naming each other's types) are erased before
      // anything runs; across folders the folder rule below still counts them.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'Folders import each other in a circle (users/ -> admin/ -> users/): move the shared piece down to where both can import it.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A module that nothing imports and that imports nothing is dead: delete it.',
      from: {
        orphan: true,
        // Type declarations are read by the compiler; the k6 adapter's loader hooks by Node, from
        // the URL vu-worker.ts registers (node:module's register).
        pathNot: ['\\.d\\.ts$', '^loadtests/src/k6-adapter/loader-hooks\\.ts$'],
      },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import names a file or package that is not there (or a workspace path its `exports` does not offer).',
      from: { pathNot: '^loadtests/k6/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'k6-runtime-only',
      severity: 'error',
      comment:
        "k6 scripts import the k6 runtime's own modules (the Node adapter provides them) and each other, nothing else.",
      from: { path: '^loadtests/k6/' },
      to: { couldNotResolve: true, pathNot: '^k6(/|$)' },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment:
        "A package is imported that the workspace's package.json (or the root's shared tooling) does not declare.",
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    ...workspaces.map(({ dir, name, declared }) => {
      const allowed = [
        dir,
        ...[...declared].filter((dependency) => folderOf.has(dependency)).map((d) => folderOf.get(d)),
      ];
      return {
        name: `${name}-imports-declared-workspaces`,
        severity: 'error',
        comment: `${name} imports only the workspaces its package.json declares.`,
        from: { path: `^${dir}/` },
        to: { path: anyOf(workspaces.map((workspace) => workspace.dir)), pathNot: anyOf(allowed) },
      };
    }),
    {
      name: 'workspaces-import-by-package-name',
      severity: 'error',
      comment: "A workspace reaches another one's files by a relative path: import it as @fitness/<name>.",
      from: { path: anyOf(workspaces.map(({ dir }) => dir)) },
      to: {
        path: anyOf(workspaces.map(({ dir }) => dir)),
        pathNot: '^$1/',
        // `@fitness/<name>` resolves to the same files, through the workspace's link.
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased-workspace'],
      },
    },
    {
      name: 'contracts-imports-no-workspace',
      severity: 'error',
      comment: 'contracts is the shared language every workspace imports: it imports none of them.',
      from: { path: '^contracts/' },
      to: { path: anyOf(workspaces.map(({ dir }) => dir)), pathNot: '^contracts/' },
    },
    {
      name: 'contracts-does-no-io',
      severity: 'error',
      comment:
        'contracts only computes (types, schemas, pure functions): files, sockets and processes belong to the services.',
      from: { path: '^contracts/' },
      to: { dependencyTypes: ['core'], path: `^(node:)?(${IO_MODULES.join('|')})$` },
    },
    {
      name: 'web-app-imports-no-server',
      severity: 'error',
      comment:
        'The browser bundle takes contracts, never the server workspaces (their code would ship to the browser).',
      // Its tests and their helpers run under Node and start a real server to talk to.
      from: { path: '^frontend/src/', pathNot: TESTS },
      to: { path: anyOf(SERVER) },
    },
    // The web app's layers, one way: app -> features -> components, lib (frontend/README.md, "Who
    // may import what"; which names a component takes from the API client is
    // frontend/src/import-rules.test.ts's to check).
    {
      name: 'feature-imports-no-other-feature',
      severity: 'error',
      comment: 'A feature imports another feature: share it through components/, lib/ or @fitness/contracts.',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'only-app-imports-app',
      severity: 'error',
      comment: 'Only app/ may import app/: take services from useServices() (lib/services.ts).',
      from: { path: '^frontend/src/', pathNot: '^frontend/src/(app/|main\\.tsx$)' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'shared-code-imports-no-feature',
      severity: 'error',
      comment: 'components/ and lib/ are shared by the features: they import none of them.',
      from: { path: '^frontend/src/(components|lib)/' },
      to: { path: '^frontend/src/features/' },
    },
  ],
  options: {
    // dependency-cruiser reads TypeScript through the compiler's JS API, which TypeScript 7 (ours)
    // no longer has; swc parses the same sources, `import type` included.
    parser: 'swc',
    // Type-only imports count: a folder that names another's types depends on it.
    tsPreCompilationDeps: true,
    // A workspace may import what its own package.json declares and the root's shared tooling.
    combinedDependencies: true,
    // A workspace's build, coverage report and scratch folders (.scratch/) are not source. Packages are
    // listed as what a module imports but not cruised into.
    exclude: { path: '^[^/]+/(dist|coverage|\\.[\\w-]+)/' },
    doNotFollow: { path: '(^|/)node_modules/' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
  },
};
