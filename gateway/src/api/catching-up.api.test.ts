import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireUser } from '@fitness/platform/admission.ts';
import { Authenticator, CATCHING_UP } from '@fitness/platform/authentication.ts';
import { installErrorHandler } from '@fitness/platform/error-handler.ts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { allProjections, ProjectionRunner } from '@fitness/projections';
import { attachLiveChannel } from '@fitness/query-service/live/live-channel.ts';
import { SqliteReadStore } from '@fitness/stores';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectLive } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * A server whose users read model is behind the log (still catching up after a start, or its
 * projections down) cannot tell whether a token it does not know yet is real: it says so with
 * 503 and Retry-After, which the web app shows as "try again", instead of 401, which signs out
 * someone who registered a moment ago. The lagging server here is real: the test server's
 * event log, a read store of its own, and a projections runner over them that starts late.
 */
describe('authentication while the users read model catches up', () => {
  let server: TestServer;
  let dir: string;
  let readStore: SqliteReadStore;
  let runner: ProjectionRunner;
  let app: ReturnType<typeof Fastify>;
  let live: ReturnType<typeof attachLiveChannel>;
  let baseUrl: string;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const registered = await server.register('Early bird');
    token = registered.token;
    userId = registered.user.id;
    dir = mkdtempSync(path.join(os.tmpdir(), 'catching-up-'));
    readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    await readStore.ensureCollections(allProjections.map((projection) => projection.collection));
    runner = new ProjectionRunner({
      eventStore: server.eventStore,
      readStore,
      projections: allProjections,
      logger: silentLogger,
    });
    const authenticator = new Authenticator({
      readStore,
      progress: runner,
      headPosition: () => server.eventStore.headPosition(),
      waitMs: 200,
    });
    app = Fastify();
    installErrorHandler(app);
    app.get('/me', { preHandler: requireUser(authenticator) }, async (request: FastifyRequest) => ({
      id: request.auth?.id,
    }));
    live = attachLiveChannel(app.server, { authenticator, changes: runner, logger: silentLogger });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    live?.close();
    await app?.close();
    await runner?.stop();
    await readStore?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const me = (bearer: string) =>
    app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${bearer}` } });

  it('answers 503 with Retry-After, not 401, for a token issued past what the read model holds', async () => {
    const response = await me(token);
    assert.equal(response.statusCode, 503);
    assert.equal(response.headers['retry-after'], '5');
    assert.deepEqual(response.json(), { message: CATCHING_UP });
  });

  it("refuses the live channel's join with a try-again, not as unauthenticated (which ends the client's channel)", async () => {
    await assert.rejects(connectLive(baseUrl, token), (error: Error) => {
      assert.doesNotMatch(error.message, /Unauthenticated/);
      assert.match(error.message, /unavailable, try again/);
      return true;
    });
  });

  it('still answers 401 at once for what is not a token at all', async () => {
    const response = await me('not-a-token');
    assert.equal(response.statusCode, 401);
  });

  it('knows the token once the read model has caught up, and refuses a forged one with 401', async () => {
    await runner.start();
    const response = await me(token);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { id: userId });
    const joined = await connectLive(baseUrl, token);
    assert.equal(joined.socket.connected, true);
    joined.socket.disconnect();
    const [, tokenId] = token.split('.');
    assert.equal((await me(`${userId}.${tokenId}.${'x'.repeat(43)}`)).statusCode, 401, 'a wrong secret');
    assert.equal((await me(`${userId}.${randomUUID()}.${'x'.repeat(43)}`)).statusCode, 401, 'a token never issued');
  });
});
