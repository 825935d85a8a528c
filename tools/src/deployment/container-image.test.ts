import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@fitness/gateway/testing/server-process.ts';
import { afterAll, describe, it } from 'vitest';
import { copyOf, dockerIgnores, type Instruction, parseDockerfile, readDockerignore } from './dockerfile.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const stages = parseDockerfile(read('Dockerfile'));
const ignored = readDockerignore(read('.dockerignore'));
const stage = (name: string) => {
  const found = stages.find((candidate) => candidate.name === name);
  assert.ok(found, `the Dockerfile has a ${name} stage`);
  return found;
};

describe('the Dockerfile', () => {
  it('copies only what the build context holds, and runs as a user of its own', () => {
    for (const { instructions, name } of stages) {
      for (const instruction of instructions.filter(({ keyword }) => keyword === 'COPY')) {
        const { from, sources } = copyOf(instruction);
        if (from) {
          assert.ok(
            stages.some((candidate) => candidate.name === from),
            `${name}: copies from a stage that exists: ${from}`,
          );
          continue;
        }
        for (const source of sources) {
          assert.ok(existsSync(path.join(ROOT, source)), `${name}: ${source} is in the repository`);
          assert.ok(!dockerIgnores(ignored, source), `${name}: ${source} is not left out by .dockerignore`);
        }
      }
    }
    const runtime = stages.at(-1);
    assert.equal(runtime?.name, 'runtime');
    assert.deepEqual(
      runtime?.instructions.filter(({ keyword }) => keyword === 'USER').map(({ args }) => args),
      ['node'],
    );
    assert.ok(dockerIgnores(ignored, 'frontend/node_modules/react'), 'host dependencies stay out');
    assert.ok(dockerIgnores(ignored, 'gateway/src/distributed.test.ts'), 'tests stay out');
    assert.ok(!dockerIgnores(ignored, 'gateway/src/main.ts'));
  });

  describe('replayed without a Docker engine', () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'image-'));
    // Each stage's /app: the servers' (server-deps, then runtime) and the web app's (web-build).
    const app = path.join(scratch, 'app');
    const webApp = path.join(scratch, 'web-build');
    const dataDir = path.join(scratch, 'data');
    let server: ChildProcess | undefined;
    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = once(server, 'exit');
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(scratch, { recursive: true, force: true });
    });

    /** A COPY from the build context into a stage's /app, leaving out what .dockerignore does. */
    function copyFromContext(instruction: Instruction, into = app) {
      const { sources, destination } = copyOf(instruction);
      for (const source of sources) {
        const target = destination.endsWith('/')
          ? path.join(into, destination, path.basename(source))
          : path.join(into, destination === './' || destination === '.' ? path.basename(source) : destination);
        mkdirSync(path.dirname(target), { recursive: true });
        cpSync(path.join(ROOT, source), target, {
          recursive: statSync(path.join(ROOT, source)).isDirectory(),
          filter: (from) => !dockerIgnores(ignored, path.relative(ROOT, from)),
        });
      }
    }

    /**
     * A stage's COPY (from the context) and `npm` RUN steps in order, in its scratch /app, after
     * the manifests stage it builds on (the apt-get steps need the image's Debian).
     */
    function replayStage(name: string, into: string) {
      mkdirSync(into, { recursive: true });
      const steps = [...stage('manifests').instructions, ...stage(name).instructions];
      const npmSteps = steps.filter(({ keyword, args }) => keyword === 'RUN' && args.startsWith('npm '));
      assert.ok(npmSteps.length > 0, `${name} installs with npm`);
      for (const step of steps) {
        if (step.keyword === 'COPY' && copyOf(step).from === null) copyFromContext(step, into);
        if (npmSteps.includes(step)) execFileSync('sh', ['-c', step.args], { cwd: into, stdio: 'pipe' });
      }
    }

    it('builds the web app as the web-build stage does', () => {
      replayStage('web-build', webApp);
      assert.ok(existsSync(path.join(webApp, 'frontend/dist/index.html')), 'the built web app');
    }, 600_000);

    it('installs the servers’ production dependencies as the server-deps stage does', () => {
      replayStage('server-deps', app);
      assert.ok(existsSync(path.join(app, 'node_modules/fastify')), 'a server dependency is installed');
      assert.ok(existsSync(path.join(app, 'node_modules/better-sqlite3')), 'the native SQLite binding too');
      for (const devOnly of ['vitest', 'vite', '@biomejs/biome', 'react', 'testcontainers']) {
        assert.ok(!existsSync(path.join(app, 'node_modules', devOnly)), `${devOnly} stays out of the image`);
      }
    }, 300_000);

    it('serves the built web app, the API and the live channel from the runtime stage, and is ready', async () => {
      const runtime = stage('runtime');
      for (const instruction of runtime.instructions.filter(({ keyword }) => keyword === 'COPY')) {
        const { from } = copyOf(instruction);
        if (from === null) copyFromContext(instruction);
      }
      // COPY --from=web-build /app/frontend/dist
      cpSync(path.join(webApp, 'frontend/dist'), path.join(app, 'frontend/dist'), { recursive: true });
      assert.ok(!existsSync(path.join(app, 'gateway/src/distributed.test.ts')), 'tests left out as .dockerignore says');

      const env: Record<string, string> = {};
      for (const { args } of runtime.instructions.filter(({ keyword }) => keyword === 'ENV')) {
        for (const [, key = '', value = ''] of args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
          env[key] = value.replace(/^"|"$/g, '');
      }
      assert.equal(env.NODE_ENV, 'production');
      const command = JSON.parse(runtime.instructions.find(({ keyword }) => keyword === 'CMD')?.args ?? '[]');
      assert.equal(command[0], 'node');
      const port = await freePort();
      const serverEnv = {
        PATH: process.env.PATH ?? '',
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      };
      server = spawn(process.execPath, command.slice(1), {
        cwd: app,
        env: serverEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      server.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        assert.equal(server.exitCode, null, `the server exited: ${output}`);
        const ready = await fetch(`${base}/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        assert.ok(Date.now() < deadline, `ready within a minute: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      // The image's own HEALTHCHECK command says so too.
      const healthcheck = runtime.instructions.find(({ keyword }) => keyword === 'HEALTHCHECK')?.args ?? '';
      // Alive, not ready: a long catch-up is no reason for an orchestrator to restart it.
      assert.match(healthcheck, /'\/health'/);
      const check = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD ') + 4));
      execFileSync(process.execPath, check.slice(1), { env: serverEnv, stdio: 'pipe' });

      const page = await fetch(`${base}/`);
      assert.equal(page.status, 200);
      const html = await page.text();
      const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
      assert.ok(script, 'the page loads the built app');
      const bundle = await fetch(new URL(script, base));
      assert.equal(bundle.status, 200);
      assert.match(bundle.headers.get('content-type') ?? '', /javascript/);

      const registered = await fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Image User',
          email: 'image@example.com',
          password: 'a long enough passphrase',
          password_confirmation: 'a long enough passphrase',
        }),
      });
      assert.equal(registered.status, 201, await registered.clone().text());
      const { token } = (await registered.json()) as { token: string };
      const handshake = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
      assert.equal(handshake.status, 200, 'the live channel answers');
      const me = await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(me.status, 200);
    }, 120_000);
  });
});
