import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createApiClient } from '../../lib/api-client.ts';
import { memoryStorage } from '../../lib/storage.ts';
import { createFoodSearch, FOODS_PER_PAGE } from './food-search.ts';

describe("the add dialog's food search, against the real API", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    ({ token } = await server.register('Robin'));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An API client as the app's, whose answers to the requests `held` picks wait until released. */
  function client(held?: (query: URLSearchParams) => boolean) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = createApiClient({
      storage: memoryStorage({ auth_token: token }),
      cookie: () => null,
      currentPath: () => '/meals',
      notify: () => {},
      onSessionExpired: () => {},
      translate: (key) => key,
      baseUrl: `${server.baseUrl}/api/v1`,
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        if (held?.(new URL(String(url)).searchParams)) await released;
        return answer;
      },
    });
    return { api, release };
  }

  it('reaches every food of a broad search through "Show more", each once', async () => {
    const { api } = client();
    const search = createFoodSearch(api);
    await search.search('a');
    assert.equal(search.state.results.length, FOODS_PER_PAGE);
    const { meta } = (await server.api('GET', `/foods?search=a&per_page=${FOODS_PER_PAGE}`, { token })).body;
    assert.ok(meta.total > FOODS_PER_PAGE * 2, `a broad search (${meta.total} foods) spans pages`);
    let pages = 1;
    while (search.state.more) {
      await search.showMore();
      pages += 1;
    }
    assert.equal(pages, meta.last_page);
    const ids = search.state.results.map((food) => food.id);
    assert.equal(ids.length, meta.total);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('shows the newest search, whatever answers last', async () => {
    const { api, release } = client((query) => query.get('search') === 'oat');
    const search = createFoodSearch(api);
    const older = search.search('oat');
    // The older answer is held back until the newer one is shown.
    await search.search('milk');
    const milk = search.state.results.map((food) => food.name);
    assert.ok(milk.length > 0 && milk.every((name) => /milk/i.test(name)), milk.join(', '));
    release();
    await older;
    assert.deepEqual(
      search.state.results.map((food) => food.name),
      milk,
    );
    assert.equal(search.state.loading, false);
  });

  it("does not add an older search's next page to a newer one", async () => {
    const { api, release } = client((query) => query.get('search') === 'a' && query.get('page') === '2');
    const search = createFoodSearch(api);
    await search.search('a');
    const more = search.showMore();
    await search.search('rice');
    const rice = search.state.results.map((food) => food.name);
    release();
    await more;
    assert.deepEqual(
      search.state.results.map((food) => food.name),
      rice,
    );
    assert.ok(rice.length < FOODS_PER_PAGE && rice.every((name) => /rice/i.test(name)), rice.join(', '));
  });
});
