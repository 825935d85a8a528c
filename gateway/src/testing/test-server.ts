import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '@fitness/contracts';
import { buildEmbeddedApp } from '../embedded-app.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The embedded product on a free port with its own SQLite files in a temp folder: real HTTP,
 * real stores, real sockets. Helpers speak the API as a client would.
 */
export async function startTestServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitness-test-'));
  const config = readConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', AUTH_RATE_LIMIT: '10000', ...env });
  const built = await buildEmbeddedApp(config, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  async function api(method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: test helper returns whatever JSON the API sent
    const body: any = text ? JSON.parse(text) : null;
    return { status: response.status, body, headers: response.headers };
  }

  let registered = 0;
  async function register(name = 'Test User') {
    registered += 1;
    const email = `user${registered}-${Date.now()}@example.com`;
    const response = await api('POST', '/auth/register', {
      body: { name, email, password: 'correct horse', password_confirmation: 'correct horse' },
    });
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
    return { token: response.body.token as string, user: response.body.user, email, password: 'correct horse' };
  }

  return {
    ...built,
    baseUrl,
    dataDir,
    config,
    api,
    register,
    async close() {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
