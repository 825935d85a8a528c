import assert from 'node:assert/strict';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, it } from 'vitest';

/**
 * The rules that keep the workspaces layered: each package.json says what its code imports, no
 * more and no less, the workspaces depend on each other without a cycle, and every `exports`
 * entry (and every deep import through one) names files that exist. Read from the files
 * themselves, so a new import or a moved file is checked without anyone listing it here.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCOPE = '@fitness/';

type Manifest = {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: Record<string, string>;
};

type Workspace = { dir: string; manifest: Manifest; declared: Set<string>; imports: Map<string, string[]> };

const readManifest = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const root = readManifest(ROOT);
/** Tooling every workspace shares (the test runner, the compiler), hoisted to the root. */
const shared = new Set(Object.keys(root.devDependencies ?? {}));

// `from '…'`, `import('…')`, `import '…'`, and `require.resolve('…')` for files read out of a package.
const SPECIFIER =
  /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|(?:\brequire|\bcreateRequire\([^)]*\))\.resolve\(\s*)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'coverage'].includes(entry.name) || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The package a bare specifier names (`@scope/name` or `name`); null for files and a runtime's own modules. */
function packageOf(specifier: string) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  // `k6` and `k6/…` are the k6 runtime's own modules (loadtests/k6 scripts; the adapter provides them under Node).
  if (name === 'k6') return null;
  return builtinModules.includes(name) || !/^(@[\w.-]+\/)?[\w.-]+$/.test(name) ? null : name;
}

function loadWorkspace(relative: string): Workspace {
  const dir = path.join(ROOT, relative);
  const manifest = readManifest(dir);
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
  ]);
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    for (const [, specifier = ''] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (packageOf(specifier) === null) continue;
      imports.set(specifier, [...(imports.get(specifier) ?? []), path.relative(ROOT, file)]);
    }
  }
  return { dir, manifest, declared, imports };
}

const workspaces = (root.workspaces ?? []).map(loadWorkspace);
const byName = new Map(workspaces.map((workspace) => [workspace.manifest.name, workspace]));
const usedPackages = (workspace: Workspace) => new Set([...workspace.imports.keys()].map((s) => packageOf(s) ?? s));

/** The file an `exports` map sends a subpath to (`.`, or `./x` through a `./*` pattern); null if none. */
function exportTarget(workspace: Workspace, subpath: string) {
  for (const [key, target] of Object.entries(workspace.manifest.exports ?? {})) {
    if (key === subpath) return path.join(workspace.dir, target);
    if (key.endsWith('*') && subpath.startsWith(key.slice(0, -1))) {
      return path.join(workspace.dir, target.replace('*', subpath.slice(key.length - 1)));
    }
  }
  return null;
}

function undeclaredImports() {
  return workspaces.flatMap((workspace) =>
    [...usedPackages(workspace)]
      .filter((name) => !workspace.declared.has(name) && !shared.has(name) && name !== workspace.manifest.name)
      .map((name) => `${workspace.manifest.name} imports ${name} without declaring it`),
  );
}

function unusedDeclarations() {
  return workspaces.flatMap((workspace) => {
    const used = usedPackages(workspace);
    // A types package is used when the package it types is.
    const isUsed = (name: string) => used.has(name) || (name.startsWith('@types/') && used.has(typedPackage(name)));
    return [...workspace.declared]
      .filter((name) => !isUsed(name))
      .map((name) => `${workspace.manifest.name} declares ${name} but never imports it`);
  });
}

/** `@types/node-fetch` types `node-fetch`; `@types/scope__name` types `@scope/name`. */
function typedPackage(typesPackage: string) {
  const name = typesPackage.slice('@types/'.length);
  return name.includes('__') ? `@${name.replace('__', '/')}` : name;
}

function workspaceCycles() {
  const dependsOn = (workspace: Workspace) => [...workspace.declared].filter((name) => byName.has(name));
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (name: string, trail: string[]) => {
    if (trail.includes(name)) {
      cycles.push([...trail.slice(trail.indexOf(name)), name].join(' -> '));
      return;
    }
    if (done.has(name)) return;
    const workspace = byName.get(name);
    if (workspace) for (const next of dependsOn(workspace)) visit(next, [...trail, name]);
    done.add(name);
  };
  for (const name of byName.keys()) visit(name, []);
  return cycles;
}

function missingExportTargets() {
  const problems: string[] = [];
  for (const workspace of workspaces) {
    for (const [key, target] of Object.entries(workspace.manifest.exports ?? {})) {
      const file = path.join(workspace.dir, key.endsWith('*') ? path.dirname(target) : target);
      if (!fs.existsSync(file))
        problems.push(`${workspace.manifest.name} exports ${key} as ${target}, which does not exist`);
    }
  }
  for (const workspace of workspaces) {
    for (const [specifier, files] of workspace.imports) {
      const target = byName.get(packageOf(specifier) ?? '');
      if (!target) continue;
      const subpath = `.${specifier.slice((target.manifest.name ?? '').length)}`;
      const file = exportTarget(target, subpath);
      if (!file || !fs.existsSync(file))
        problems.push(`${specifier} (imported by ${files[0]}) is not a file ${target.manifest.name} exports`);
    }
  }
  return problems;
}

describe('workspace rules', () => {
  it('finds the workspaces and their imports', () => {
    assert.ok(workspaces.length >= 8, 'the root package.json lists the workspaces');
    assert.ok(byName.get(`${SCOPE}command-service`)?.imports.has(`${SCOPE}contracts`));
  });
  it('every imported package is declared in the importing workspace', () => {
    assert.deepEqual(undeclaredImports(), []);
  });
  it('every declared dependency is imported', () => {
    assert.deepEqual(unusedDeclarations(), []);
  });
  it('no workspace depends on itself through others', () => {
    assert.deepEqual(workspaceCycles(), []);
  });
  it('every export, and every deep import through one, names a file that exists', () => {
    assert.deepEqual(missingExportTargets(), []);
  });
});
