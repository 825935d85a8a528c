import assert from 'node:assert/strict';
import { adminsDecider, adminsOf } from '@fitness/command-service/users/admins/decide.ts';
import { ADMINS_STREAM, type AdminsEvent, userStream } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ApiResponse, type apiClient, registerUser } from './testing/api-client.ts';
import { type CommandReplicas, startCommandReplicas } from './testing/command-replicas.ts';

type Api = ReturnType<typeof apiClient>;
type Account = Awaited<ReturnType<typeof registerUser>>;

/** Rounds of the race: each kind of departure meets a demotion more than once. */
const ROUNDS = 6;

/**
 * Two command service replicas, a query service and the projections process on one data folder
 * (the SQLite event store takes appends from several processes), with no gateway between: two
 * admins each take the other's admin role away at the same moment, one through each replica.
 * Counted in one process, both departures would pass and leave the place without an admin; the
 * admins' claim in the log lets exactly one through, whichever replica it reached.
 */
describe('the last admin across command service replicas', () => {
  let replicas: CommandReplicas['replicas'];
  let queries: CommandReplicas['queries'];
  let close = async () => {};

  beforeAll(async () => {
    ({ replicas, queries, close } = await startCommandReplicas({ AUTH_RATE_LIMIT: '1000' }));
  }, 90_000);
  // Runs whether the tests passed or not: no process outlives the suite.
  afterAll(() => close());

  const succeeded = (response: ApiResponse) => response.status === 200;
  /**
   * A departure refused: by the claim (409), or, when the other one was through before this one
   * was let in, as a non-admin's (403) or a deleted account's (401).
   */
  const refused = (response: ApiResponse) => [401, 403, 409].includes(response.status);

  /**
   * Each kind of race: what the admin of longer standing sends through the first replica, what the
   * newcomer sends through the second, and who is left an admin when the former passes.
   */
  const races = [
    {
      name: 'each demotes the other',
      older: (older: Account, newer: Account) => demote(replicas[0], older, newer),
      newer: (older: Account, newer: Account) => demote(replicas[1], newer, older),
      olderPassing: 'older',
    },
    {
      name: "one deletes the other's account, the other demotes them",
      older: (older: Account, newer: Account) =>
        replicas[0]('DELETE', `/admin/users/${newer.user.id}`, { token: older.token }),
      newer: (older: Account, newer: Account) => demote(replicas[1], newer, older),
      olderPassing: 'older',
    },
    {
      name: 'each deletes their own account',
      older: (older: Account) => deleteOwn(replicas[0], older),
      newer: (_: Account, newer: Account) => deleteOwn(replicas[1], newer),
      olderPassing: 'newer',
    },
  ] as const;

  const demote = (at: Api, by: Account, whom: Account) =>
    at('PATCH', `/admin/users/${whom.user.id}/role`, { token: by.token, body: { role: 'user' } });
  const deleteOwn = (at: Api, account: Account) =>
    at('DELETE', '/me', { token: account.token, body: { password: account.password } });

  /** The admins as the log holds them: the claim's fold, and the users whose own stream says admin. */
  async function adminsInTheLog(reader: string, accounts: Account[]) {
    const claim = await queries('GET', `/admin/events/streams/${ADMINS_STREAM}?limit=200`, { token: reader });
    assert.equal(claim.status, 200, JSON.stringify(claim.body));
    assert.equal(claim.body.meta.next_revision, null, 'the whole claim in one page');
    const events = claim.body.data.map((event: { type: string; data: unknown }) => event) as AdminsEvent[];
    const seated = adminsOf(events.reduce(adminsDecider.evolve, adminsDecider.initialState()));
    const roles = await Promise.all(
      accounts.map(async (account) => {
        const state = await queries('GET', `/admin/events/streams/${userStream(account.user.id)}/state`, {
          token: reader,
        });
        assert.equal(state.status, 200, JSON.stringify(state.body));
        return state.body.state.role === 'admin' && !state.body.state.deleted ? [account.user.id] : [];
      }),
    );
    return { seated: seated.sort(), roles: roles.flat().sort() };
  }

  /** The admins as the read model holds them once it has `position` (the users list's role filter). */
  async function adminsInTheReadModel(reader: string, position: string) {
    const listed = await queries('GET', '/admin/users?role=admin&per_page=100', {
      token: reader,
      headers: { 'x-min-position': position },
    });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    return listed.body.data.map((user: { id: string }) => user.id).sort();
  }

  it('lets exactly one of two admins leaving at once through, demoted or deleted', async () => {
    let survivor = await registerUser(replicas[0], 'First admin');
    assert.equal(survivor.user.role, 'admin', 'the first account of an empty system is an admin');
    const everyone = [survivor];

    for (let round = 0; round < ROUNDS; round += 1) {
      const newcomer = await registerUser(replicas[round % 2] as Api, `Admin ${round}`);
      everyone.push(newcomer);
      const promoted = await replicas[0]('PATCH', `/admin/users/${newcomer.user.id}/role`, {
        token: survivor.token,
        body: { role: 'admin' },
      });
      assert.equal(promoted.status, 200, JSON.stringify(promoted.body));

      // The two departures at once, one through each replica.
      const race = races[round % races.length] as (typeof races)[number];
      const [byOlder, byNewer] = await Promise.all([race.older(survivor, newcomer), race.newer(survivor, newcomer)]);
      const statuses = `round ${round} (${race.name}): ${byOlder.status} ${JSON.stringify(byOlder.body)}, ${byNewer.status} ${JSON.stringify(byNewer.body)}`;
      assert.ok(
        (succeeded(byOlder) && refused(byNewer)) || (refused(byOlder) && succeeded(byNewer)),
        `exactly one passes: ${statuses}`,
      );
      const winner = succeeded(byOlder) ? byOlder : byNewer;
      const olderPassed = succeeded(byOlder);
      survivor = olderPassed === (race.olderPassing === 'older') ? survivor : newcomer;

      const position = winner.headers.get('x-event-position') ?? '0';
      assert.deepEqual(
        await adminsInTheReadModel(survivor.token, position),
        [survivor.user.id],
        `one admin in the read model: ${statuses}`,
      );
      assert.deepEqual(
        await adminsInTheLog(survivor.token, everyone),
        { seated: [survivor.user.id], roles: [survivor.user.id] },
        `one admin in the log: ${statuses}`,
      );
    }
  }, 240_000);
});
