import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Every paged list, with what else its query needs and its highest page: the event explorer's
 * streams stop at 100, as each of its pages lists all the streams before it.
 */
const PAGED: Record<string, { query: string; lastPage: number }> = {
  '/workouts': { query: '', lastPage: 100_000 },
  '/exercises': { query: '', lastPage: 100_000 },
  '/foods': { query: '', lastPage: 100_000 },
  '/admin/users': { query: '', lastPage: 100_000 },
  '/admin/events/streams': { query: 'category=workout&', lastPage: 100 },
  // `{id}`: a library exercise's (see `concrete`).
  '/exercises/{id}/history': { query: '', lastPage: 100_000 },
};

const NOT_WHOLE_OR_OUT_OF_RANGE = ['1e300', '-1', '0', '1.5', 'abc', '100001', '9007199254740993'];

describe('paging parameters', () => {
  let server: TestServer;
  let admin: string;
  let exerciseId: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = (await server.register('Admin')).token;
    exerciseId = (await server.api('GET', '/exercises?per_page=1', { token: admin })).body.data[0].id;
  });
  /** The path as asked for, its parameters filled in. */
  const concrete = (path: string) => path.replace('{id}', exerciseId);
  afterAll(async () => {
    await server.close();
  });

  it('covers every route the API document lists with a page parameter', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const paged = Object.entries(document.paths)
      .filter(([, operations]) =>
        Object.values(operations).some((operation) =>
          operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'page'),
        ),
      )
      .map(([path]) => path.replace(/^\/api\/v1/, ''))
      .sort();
    assert.deepEqual(paged, Object.keys(PAGED).sort());
  });

  for (const [path, { query: rest, lastPage }] of Object.entries(PAGED)) {
    it(`refuses a page or per_page on ${path} that is not a whole number in range, with 422`, async () => {
      for (const name of ['page', 'per_page']) {
        const beyond = String(name === 'per_page' ? 101 : lastPage + 1);
        for (const value of [...NOT_WHOLE_OR_OUT_OF_RANGE, beyond]) {
          const response = await server.api('GET', `${concrete(path)}?${rest}${name}=${encodeURIComponent(value)}`, {
            token: admin,
          });
          assert.equal(response.status, 422, `${path} ${name}=${value}: ${JSON.stringify(response.body)}`);
          assert.ok(response.body.errors[name], `${path} ${name}=${value}`);
        }
      }
      const last = await server.api('GET', `${concrete(path)}?${rest}page=${lastPage}&per_page=1`, { token: admin });
      assert.equal(last.status, 200, `${path}: the highest page is served, empty`);
      assert.deepEqual(last.body.data, []);
    });
  }
});
