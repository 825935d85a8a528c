import assert from 'node:assert/strict';
import { parseToken } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ApiResponse, apiClient } from './testing/api-client.ts';
import { type CommandReplicas, startCommandReplicas } from './testing/command-replicas.ts';

/** The sign-in routes' limit per client and minute in this deployment. */
const AUTH_RATE_LIMIT = 4;

/**
 * Two command service replicas, a query service and the projections process on one data folder,
 * with no gateway between: each request goes to the replica the test picks, as a load balancer
 * would spread them. What one replica counts or revokes holds at the other and at the query
 * service. The replicas believe X-Forwarded-For from the test (TRUST_PROXY), so each case
 * speaks as clients of its own.
 */
describe('command service replicas share the sign-in limits and the revocations', () => {
  let replicas: CommandReplicas['replicas'];
  let queries: CommandReplicas['queries'];
  let close = async () => {};
  let clients = 0;
  /** A client address of its own, so one case's attempts do not count against another's. */
  const newClient = () => {
    clients += 1;
    return { 'x-forwarded-for': `198.51.100.${clients}` };
  };

  beforeAll(async () => {
    ({ replicas, queries, close } = await startCommandReplicas({
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      TRUST_PROXY: '127.0.0.1',
    }));
  }, 60_000);
  // Runs whether the tests passed or not: no process outlives the suite.
  afterAll(() => close());

  /** The replica each attempt reaches: the first and the second in turn. */
  const replica = (attempt: number) => replicas[attempt % 2] as ReturnType<typeof apiClient>;

  async function register(name: string) {
    const email = `${name.toLowerCase()}-${process.pid}@example.com`;
    const password = 'correct horse';
    const response = await replicas[0]('POST', '/auth/register', {
      body: { name, email, password, password_confirmation: password },
      headers: newClient(),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return { email, password, token: response.body.token as string };
  }

  async function signIn(at: ReturnType<typeof apiClient>, email: string, password: string) {
    return at('POST', '/auth/login', { body: { email, password }, headers: newClient() });
  }

  /** 422 (the empty name) once the token is accepted, 401 if it is not; either way nothing is made. */
  const commandWith = (at: ReturnType<typeof apiClient>, token: string) =>
    at('POST', '/auth/tokens', { token, body: {} }).then((response) => response.status);
  const queryWith = (token: string) => queries('GET', '/auth/me', { token }).then((response) => response.status);

  it("counts one client's attempts together, whichever replica each reaches", async () => {
    const client = newClient();
    const responses: ApiResponse[] = [];
    for (let attempt = 0; attempt < AUTH_RATE_LIMIT + 2; attempt += 1) {
      // A different made-up account each time, so only the per-client limit is at work.
      const body = { email: `nobody${attempt}@example.com`, password: 'whatever' };
      responses.push(await replica(attempt)('POST', '/auth/login', { body, headers: client }));
    }
    assert.deepEqual(
      responses.map((response) => response.status),
      [422, 422, 422, 422, 429, 429],
      'each replica alone has seen three attempts: fewer than the limit',
    );
    for (const refused of responses.slice(AUTH_RATE_LIMIT)) {
      assert.match(refused.body.message, /^Too many attempts\. Please try again in \d+ seconds\.$/);
    }
    const elsewhere = await replicas[0]('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: 'whatever' },
      headers: newClient(),
    });
    assert.equal(elsewhere.status, 422, 'another client has its own count');
  });

  it('holds an account back after wrong passwords, whichever replica the next attempt reaches', async () => {
    const { email, password } = await register('Backoff');
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Each from an address of its own, so the per-client limit never trips: only the per-account count does.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      assert.equal((await signIn(replica(attempt), email, 'wrong password')).status, 422);
    }
    // The sixth and seventh once each wait is over (1 s, then 2 s), so the next waits 4 s: long
    // enough that the checks below run within it, however busy the machine.
    await sleep(1100);
    assert.equal((await signIn(replicas[1], email, 'wrong password')).status, 422);
    await sleep(2100);
    assert.equal((await signIn(replicas[0], email, 'wrong password')).status, 422);
    let waitSeconds = 0;
    for (const at of [replicas[1], replicas[0]]) {
      const held = await signIn(at, email, password);
      assert.equal(held.status, 429, 'refused before the password is even looked at');
      assert.match(held.body.message, /^Too many wrong passwords for this account\./);
      waitSeconds = Number(held.headers.get('retry-after'));
      assert.ok(waitSeconds > 0 && waitSeconds <= 4, `within the third step of the backoff (${waitSeconds} s)`);
    }
    await sleep(waitSeconds * 1000 + 100);
    assert.equal((await signIn(replicas[1], email, password)).status, 200, 'the right password once it has waited');
    assert.equal(
      (await signIn(replicas[0], email, 'wrong password')).status,
      422,
      'which cleared the count at the other replica too',
    );
  });

  it('refuses a token signed out at one replica at the other and at the query service', async () => {
    const { email, password, token } = await register('Revoked');
    assert.equal(await commandWith(replicas[1], token), 422, 'accepted by the other replica before');
    assert.equal(await queryWith(token), 200, 'and by the query service');

    const signedOut = await replicas[0]('POST', '/auth/logout', { token });
    assert.equal(signedOut.status, 200, JSON.stringify(signedOut.body));
    assert.equal(await commandWith(replicas[1], token), 401);
    assert.equal(await queryWith(token), 401);
    assert.equal(await commandWith(replicas[0], token), 401);

    // A session signed out from another device: revoked at the second replica this time.
    const device = (await signIn(replicas[0], email, password)).body.token as string;
    const other = (await signIn(replicas[1], email, password)).body.token as string;
    assert.equal(await commandWith(replicas[0], other), 422);
    const otherId = parseToken(other)?.tokenId ?? '';
    const revoked = await replicas[1]('DELETE', `/auth/tokens/${otherId}`, { token: device });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal(await commandWith(replicas[0], other), 401);
    assert.equal(await queryWith(other), 401);
    assert.equal(await queryWith(device), 200, 'the device that signed it out stays signed in');
  });
});
