import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FRONTEND = path.join(ROOT, 'frontend');
const BUILT = path.join(FRONTEND, 'dist', 'index.html');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'sw-plugin.ts', 'compress-plugin.ts', 'package.json'];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** True when frontend/dist is missing or older than any of the web app's sources. */
export function frontendBuildIsStale() {
  const built = fs.statSync(BUILT, { throwIfNoEntry: false });
  if (!built) return true;
  return SOURCES.some((source) => newestChange(path.join(FRONTEND, source)) > built.mtimeMs);
}

/**
 * Builds the web app when its build is missing or stale, so `npm start` (and the browser tests)
 * always serve the current UI without a separate build step.
 */
export function ensureFrontendBuild() {
  if (!frontendBuildIsStale()) return;
  console.log('Building the web app (frontend/dist)…');
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: FRONTEND,
      stdio: 'inherit',
      // A production build whatever the caller's NODE_ENV (vitest sets "test"): only that build
      // registers the service worker the product ships.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`The web app build failed (exit ${result.status})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureFrontendBuild();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
