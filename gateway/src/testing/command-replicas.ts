import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient } from './api-client.ts';
import { type ServerProcess, startAll, startProcess } from './server-process.ts';

type Api = ReturnType<typeof apiClient>;

/**
 * Two command service replicas, a query service and the projections process on the SQLite files
 * of one data folder of their own (the event store takes appends from several processes), with
 * no gateway between: each request goes to the process the test picks, as a load balancer would
 * spread them. `env` adds to the stores' settings. `close` kills every process that started,
 * whatever else happened, and removes the folder.
 */
export async function startCommandReplicas(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'replicas-'));
  const processEnv = { DATA_DIR: dataDir, EVENT_STORE: 'sqlite', READ_STORE: 'sqlite', ...env };
  const processes: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(processes.map((server) => server.kill('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The projections process first: it creates the read store's tables the services poll.
    processes.push(await startProcess('gateway/src/projections-main.ts', { env: processEnv, readyPath: '/health' }));
    const service = (script: string) => startProcess(script, { env: processEnv, readyPath: '/api/v1/openapi.json' });
    const [first, second, query] = (
      await startAll(
        [
          service('command-service/src/main.ts'),
          service('command-service/src/main.ts'),
          service('query-service/src/main.ts'),
        ],
        processes,
      )
    ).map((started) => apiClient(started.baseUrl));
    if (!first || !second || !query) throw new Error('a service did not start');
    const replicas: [Api, Api] = [first, second];
    return { replicas, queries: query, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type CommandReplicas = Awaited<ReturnType<typeof startCommandReplicas>>;
