import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import {
  forgetReads,
  keptRead,
  openReadCache,
  READ_CACHE_MAX_BYTES,
  READ_CACHE_MAX_ENTRIES,
  type Read,
} from './read-cache.ts';

const read = (path: string, search = '', language = 'en'): Read => ({ path, search, language });

describe('the read cache in IndexedDB', () => {
  it('answers a read with its last answer, by path, query and language, across a reopening (a reload)', async () => {
    const user = randomUUID();
    const tab = await openReadCache(user);
    await tab.keep(read('/meals', '?date=2026-11-27'), '{"data":["old"]}');
    await tab.keep(read('/meals', '?date=2026-11-27'), '{"data":["new"]}');
    await tab.keep(read('/meals', '?date=2026-11-26'), '{"data":["yesterday"]}');
    await tab.keep(read('/templates', '', 'ar'), '{"data":["قالب"]}');
    tab.close();

    const reopened = await openReadCache(user);
    assert.equal(await reopened.answer(read('/meals', '?date=2026-11-27')), '{"data":["new"]}', 'the last answer');
    assert.equal(await reopened.answer(read('/meals', '?date=2026-11-26')), '{"data":["yesterday"]}');
    assert.equal(await reopened.answer(read('/meals')), undefined, 'another query is another read');
    assert.equal(await reopened.answer(read('/templates', '', 'ar')), '{"data":["قالب"]}');
    assert.equal(await reopened.answer(read('/templates', '', 'en')), undefined, 'another language is another read');
    reopened.close();
  });

  it("keeps one user's reads from another's", async () => {
    const [mine, theirs] = [await openReadCache(randomUUID()), await openReadCache(randomUUID())];
    await mine.keep(read('/templates'), '{"data":["mine"]}');
    assert.equal(await theirs.answer(read('/templates')), undefined);
    mine.close();
    theirs.close();
  });

  it('keeps the everyday reads of the gym and the table, and nothing of admin, accounts, tokens or exports', async () => {
    for (const path of [
      '/metrics/today',
      '/metrics/weekly',
      '/metrics/prs',
      '/workouts',
      '/workouts/0f1e/previous',
      '/exercises',
      '/exercises/barbell-bench-press',
      '/exercises/0f1e/history',
      '/exercises/0f1e/progress',
      '/templates',
      '/meals',
      '/water/2026-11-27',
      '/nutrition/targets',
      '/foods',
      '/foods/recent',
      '/saved-meals',
      '/body-weight',
    ]) {
      assert.ok(keptRead(path), path);
    }
    for (const path of [
      '/admin/users',
      '/admin/stats',
      '/admin/events/streams',
      '/admin/projections',
      '/auth/tokens',
      '/auth/me',
      '/me/export',
      '/me/settings',
      '/me/push-subscriptions',
      '/push/public-key',
      '/site',
      '/weather',
      // The workout in progress is last-seen's, which follows its writes and pushes.
      '/workouts/0f1e',
    ]) {
      assert.equal(keptRead(path), false, path);
    }
    const cache = await openReadCache(randomUUID());
    await cache.keep(read('/admin/users'), '{"data":[]}');
    assert.equal(await cache.answer(read('/admin/users')), undefined);
    cache.close();
  });

  it(`holds at most ${READ_CACHE_MAX_ENTRIES} answers, the oldest going first`, async () => {
    const cache = await openReadCache(randomUUID());
    for (let index = 0; index < READ_CACHE_MAX_ENTRIES + 5; index++) {
      await cache.keep(read('/exercises', `?page=${index}`), `{"page":${index}}`);
    }
    for (let index = 0; index < 5; index++) {
      assert.equal(await cache.answer(read('/exercises', `?page=${index}`)), undefined, `page ${index} went`);
    }
    assert.equal(await cache.answer(read('/exercises', '?page=5')), '{"page":5}');
    assert.equal(
      await cache.answer(read('/exercises', `?page=${READ_CACHE_MAX_ENTRIES + 4}`)),
      `{"page":${READ_CACHE_MAX_ENTRIES + 4}}`,
    );
    cache.close();
  });

  it(`holds at most ${READ_CACHE_MAX_BYTES} bytes, the oldest going first, and no answer bigger than that`, async () => {
    const cache = await openReadCache(randomUUID());
    // A quarter of the bound each, in two-byte characters: two of them are half the bound.
    const quarter = (mark: string) => `"${mark}${'é'.repeat(READ_CACHE_MAX_BYTES / 8 - 4)}"`;
    for (const page of ['1', '2', '3', '4']) await cache.keep(read('/foods', `?page=${page}`), quarter(page));
    await cache.keep(read('/foods', '?page=5'), quarter('5'));
    assert.equal(await cache.answer(read('/foods', '?page=1')), undefined, 'the oldest went');
    assert.equal(await cache.answer(read('/foods', '?page=5')), quarter('5'));
    assert.equal(await cache.answer(read('/foods', '?page=2')), quarter('2'));

    await cache.keep(read('/foods', '?page=6'), `"${'x'.repeat(READ_CACHE_MAX_BYTES)}"`);
    assert.equal(await cache.answer(read('/foods', '?page=6')), undefined, 'too big to keep');
    assert.equal(await cache.answer(read('/foods', '?page=2')), quarter('2'), 'and nothing went for it');
    cache.close();
  });

  it('forgets everything on an explicit sign-out, in every tab', async () => {
    const user = randomUUID();
    const [tab, otherTab] = [await openReadCache(user), await openReadCache(user)];
    await tab.keep(read('/templates'), '{"data":["push pull"]}');
    tab.close();
    await forgetReads(user);
    assert.equal(await otherTab.answer(read('/templates')), undefined, 'the other tab let go of it');
    await otherTab.keep(read('/templates'), '{"data":["after"]}');
    const next = await openReadCache(user);
    assert.equal(await next.answer(read('/templates')), undefined, 'nothing kept after the sign-out');
    next.close();
  });
});
