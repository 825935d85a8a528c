import assert from 'node:assert/strict';
import {
  type OpenMeteoTestServer,
  startOpenMeteoTestServer,
} from '@fitness/query-service/weather/open-meteo-test-server.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { erasureFinished } from '../testing/erasure.ts';
import { accountWithData, type Owned } from '../testing/fuzz-fixtures.ts';
import { type FuzzRequest, key, type Operation, operationsOf, requestArbitrary } from '../testing/request-arbitrary.ts';
import { hostileValue } from '../testing/schema-arbitrary.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Every operation of the OpenAPI document, fuzzed from its own schema: bodies, query strings and
 * path parameters of the right shape with hostile values mixed in at every level. Whatever comes
 * in, the server answers (no hang), never with a 5xx, refuses in the API's error shape, and a
 * refused request leaves the event log where it was.
 *
 * Reproducible by default; FUZZ_SEED and FUZZ_RUNS (per operation) explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 13);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/**
 * Above the longest wait the server makes on purpose (a token unknown yet, 2 s, then a read
 * waiting for X-Min-Position, 3 s): reaching it means the request hung.
 */
const REQUEST_TIMEOUT_MS = 8000;

/**
 * Operations whose success takes away what the fuzzing stands on (the account, its token, its
 * password): run by a throwaway account, replaced after each success.
 */
const SPENDS_THE_ACCOUNT = new Set([
  'DELETE /me',
  'POST /auth/logout',
  'DELETE /auth/tokens/{id}',
  'POST /auth/change-password',
]);
/** Admin operations on a user: aimed at a throwaway victim, replaced after each success. */
const SPENDS_THE_VICTIM = new Set(['DELETE /admin/users/{id}', 'PATCH /admin/users/{id}/role']);

/** Deletions last, the account's own deletion at the very end: the rest finds its data in place. */
function runOrder(operation: Operation) {
  if (operation.path === '/me' && operation.method === 'DELETE') return 3;
  if (SPENDS_THE_ACCOUNT.has(key(operation)) || SPENDS_THE_VICTIM.has(key(operation))) return 2;
  return operation.method === 'DELETE' ? 1 : 0;
}

describe('every route, fuzzed from its schema', () => {
  let openMeteo: OpenMeteoTestServer;
  let server: TestServer;
  let admin: Owned;
  let owner: Owned;
  let other: Owned;
  let operations: Operation[];
  let originalSettings: unknown;
  let requests = 0;
  /** Answers by operation and status, printed with FUZZ_VERBOSE: how deep the fuzzing reaches. */
  const answers = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    openMeteo = await startOpenMeteoTestServer();
    server = await startTestServer({
      WEATHER_API_URL: openMeteo.url,
      WEATHER_TIMEOUT_MS: '300',
      WEATHER_CACHE_SECONDS: '0',
    });
    // The first account is the admin.
    admin = await accountWithData(server, 'Admin');
    owner = await accountWithData(server, 'Owner');
    other = await accountWithData(server, 'Other');
    originalSettings = (await server.api('GET', '/admin/settings', { token: admin.token })).body;
    const document = (await server.api('GET', '/openapi.json')).body;
    operations = operationsOf(document).sort((a, b) => runOrder(a) - runOrder(b));
    assert.ok(operations.length > 50, `only ${operations.length} operations in the OpenAPI document`);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await openMeteo?.close();
  });

  /** Known values (the accounts' emails, password, ids) mixed into the hostile ones, so a guess can hit. */
  const wildValue = () =>
    fc.oneof(
      { weight: 4, arbitrary: hostileValue },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          owner.email,
          other.email,
          owner.password,
          other.workoutId,
          other.exerciseId,
          other.foodId,
          owner.exerciseId,
          owner.foodId,
        ),
      },
    );

  async function send(operation: Operation, request: FuzzRequest, token: string) {
    const headers: Record<string, string> = { ...request.headers };
    if (request.auth === 'owner') headers.authorization = `Bearer ${token}`;
    if (request.auth === 'garbage') headers.authorization = `Bearer ${token.slice(0, -4)}AAAA`;
    let payload: string | undefined;
    if (request.body !== null) {
      headers['content-type'] = 'application/json';
      payload = 'raw' in request.body ? request.body.raw : JSON.stringify(request.body.json);
    }
    const url = `${server.baseUrl}/api/v1${request.path}${request.query ? `?${request.query}` : ''}`;
    requests += 1;
    try {
      const response = await fetch(url, {
        method: operation.method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return { status: response.status, text: await response.text(), sent: payload?.slice(0, 300) };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        assert.fail(`${operation.method} ${url} hung: no answer within ${REQUEST_TIMEOUT_MS} ms`);
      }
      throw error;
    }
  }

  /** A throwaway account: its deletion, sign-out or password change costs the fuzzing nothing. */
  const spare = { account: null as Owned | null, victim: null as Owned | null, count: 0 };
  const throwaway = async (): Promise<Owned> => {
    spare.count += 1;
    const { token, user, email, password } = await server.register(`Spare ${spare.count}`);
    const tokens = await server.api('GET', '/auth/tokens', { token });
    // Its paths name another account's things (all it may not touch), and its own token.
    return { ...other, token, userId: user.id, email, password, tokenId: tokens.body.data[0].id };
  };

  it('answers every operation, never with a 5xx, and a refused request changes nothing', async () => {
    const failures: string[] = [];
    const timings: string[] = [];
    for (const operation of operations) {
      const isAdmin = operation.path.startsWith('/admin/');
      const spendsAccount = SPENDS_THE_ACCOUNT.has(key(operation));
      const spendsVictim = SPENDS_THE_VICTIM.has(key(operation));
      if (spendsAccount) spare.account ??= await throwaway();
      if (spendsVictim) spare.victim ??= await throwaway();
      const acting = isAdmin ? admin : spendsAccount && spare.account ? spare.account : owner;
      const victims = spendsVictim && spare.victim ? [spare.victim] : [other, ...(isAdmin ? [owner] : [])];
      // An admin aims at its victims only: demoting or deleting itself would end the admin fuzzing.
      const accounts = spendsVictim ? victims : [acting, ...victims];
      const arbitrary = requestArbitrary(operation, accounts, wildValue());
      // The throwaway the arbitrary was built for; its ids in a path stand for the current one's.
      const builtFor = spendsVictim ? spare.victim : spendsAccount ? spare.account : null;
      const current = () => (spendsVictim ? spare.victim : spendsAccount ? spare.account : null);

      const startedAt = Date.now();
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async (generated) => {
          if (spendsAccount && !spare.account) spare.account = await throwaway();
          const actor = (spendsAccount && spare.account) || acting;
          const now = current();
          const request =
            builtFor && now
              ? {
                  ...generated,
                  path: generated.path
                    .replaceAll(builtFor.userId, now.userId)
                    .replaceAll(builtFor.tokenId, now.tokenId),
                }
              : generated;
          const before = await server.eventStore.headPosition();
          const { status, text, sent } = await send(operation, request, actor.token);
          const counts = answers.get(key(operation)) ?? new Map<number, number>();
          answers.set(key(operation), counts.set(status, (counts.get(status) ?? 0) + 1));
          const where =
            `${operation.method} ${request.path}?${request.query}`.slice(0, 400) +
            `${sent === undefined ? '' : ` with ${sent}`} → ${status} ${text.slice(0, 300)}`;
          assert.ok(status < 500, where);
          if (status >= 400) {
            const body = JSON.parse(text);
            assert.equal(typeof body?.message, 'string', `no message: ${where}`);
            for (const field of Object.keys(body))
              assert.ok(['message', 'errors'].includes(field), `${field}: ${where}`);
            assert.equal(await server.eventStore.headPosition(), before, `a refused request wrote: ${where}`);
            return;
          }
          if (status >= 300) return;
          if (spendsAccount && request.auth === 'owner') {
            if (operation.path === '/me') await erasureFinished(server, actor.userId);
            spare.account = null;
          }
          if (spendsVictim && spare.victim && request.path.includes(spare.victim.userId)) {
            if (operation.method === 'DELETE') await erasureFinished(server, spare.victim.userId);
            spare.victim = await throwaway();
          }
          if (operation.path === '/admin/settings' && operation.method === 'PUT') {
            // Maintenance mode or closed registration would stop the rest: back as it was.
            const restored = await server.api('PUT', '/admin/settings', { token: admin.token, body: originalSettings });
            assert.equal(restored.status, 200, JSON.stringify(restored.body));
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      timings.push(
        `${key(operation)} ${Date.now() - startedAt} ms ${JSON.stringify([...(answers.get(key(operation)) ?? [])])}`,
      );
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${key(operation)} (seed ${result.seed}, path ${result.counterexamplePath}): ${error}`);
      }
    }
    if (process.env.FUZZ_VERBOSE) console.info(timings.join('\n'));
    console.info(`fuzzed ${operations.length} operations with ${requests} requests (seed ${SEED}, ${RUNS} runs each)`);
    if (failures.length > 0) assert.fail(`${failures.length} operations failed:\n${failures.join('\n')}`);
  }, 180_000);
});
