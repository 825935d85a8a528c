import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testStores } from './container-stores.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * V8 options every server runs with, as `npm start` gives them (package.json). Left to itself,
 * V8 sizes the heap by the machine's memory: folding a log of 1M events in, it let the young
 * generation grow to 64 MB a half and the old space far past what was alive (about 50 MB), and
 * kept both: 530 MB resident. 8 MB halves hold a request's garbage just as well, and an old
 * space bounded at 256 MB (five times the live set) makes V8 collect before it grows: 250 MB.
 * `--expose-gc` lets the projections hand a burst's freed pages back (platform/src/memory-release.ts).
 * `--no-allocation-site-pretenuring` keeps V8 from deciding, in some starts and for good, that a
 * hot allocation site of a read lives long: its objects then went straight to the old space and
 * a full collection ran every 0.6 s instead of every 4 (README, "What the reads' tail was").
 */
const SERVER_NODE_OPTIONS = [
  '--max-semi-space-size=8',
  '--max-old-space-size=256',
  '--expose-gc',
  '--no-allocation-site-pretenuring',
];

/** Runs a repository script (e.g. `gateway/src/main.ts`) in its own Node process. */
export function runScript(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export type ServerProcess = Awaited<ReturnType<typeof startProcess>>;

/**
 * A repository script (a server's main.ts) as a separate process on a free port (PORT, HOST),
 * or on the one `env` names (when its address must be known before it starts, as Google's
 * redirect URI must); APP_URL is its own address unless `env` says otherwise. Resolves once GET
 * `readyPath` answers, throws with the process's output if it exits first or is not ready within
 * `readyWithinMs` (60 s unless given: a process usually answers within a second or two, but a
 * suite of the distributed deployment starts five at once while another suite runs beside it,
 * on two cores; more for a server that must first fold a long log in).
 */
export async function startProcess(
  script: string,
  options: { env: Record<string, string>; readyPath: string; readyWithinMs?: number },
) {
  const port = options.env.PORT ? Number(options.env.PORT) : await freePort();
  const child = runScript(script, [], {
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    ...options.env,
    PORT: String(port),
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyWithinMs ?? 60_000);
  for (;;) {
    if (exited()) throw new Error(`${script} exited with ${child.exitCode ?? child.signalCode}: ${output}`);
    try {
      if ((await fetch(`${baseUrl}${options.readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    baseUrl,
    /** What the process printed so far (logs at LOG_LEVEL warn and above). */
    output: () => output,
    /** Signals the process and resolves with how it exited. */
    async kill(signal: NodeJS.Signals) {
      if (!exited()) {
        const exit = once(child, 'exit');
        child.kill(signal);
        await exit;
      }
      return { code: child.exitCode, signal: child.signalCode };
    },
  };
}

/**
 * Processes started together: each one that started is added to `started` (so the suite's
 * cleanup kills it whatever else happened), then the first failure, if any, is thrown.
 */
export async function startAll(starts: Promise<ServerProcess>[], started: ServerProcess[]) {
  const outcomes = await Promise.allSettled(starts);
  for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value);
  return outcomes.map((outcome) => {
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  });
}

/**
 * `npm start` (the embedded product) as a separate process on a free port, on SQLite files in
 * `dataDir` (or, under `npm run test:containers`, on EventStoreDB and MongoDB of its own).
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}, readyWithinMs?: number) {
  const stores = await testStores(dataDir);
  return startProcess('gateway/src/main.ts', {
    env: { DATA_DIR: dataDir, ...stores.env, ...env },
    readyPath: '/api/v1/openapi.json',
    readyWithinMs,
  });
}
