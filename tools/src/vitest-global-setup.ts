import { ensureFrontendBuild } from './frontend-build.ts';

/**
 * Before any test file runs: the web app is built once, here, rather than by whichever browser
 * tests happen to start first, in parallel workers writing the same frontend/dist.
 */
export default function setup() {
  ensureFrontendBuild();
}
