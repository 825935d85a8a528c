import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  API_TIMEOUT_MS,
  ApiError,
  createApiClient,
  newRequestId,
  OWN_WRITES_KEPT,
  parseBody,
  type Toast,
  toldTheUser,
} from './api-client.ts';
import { memoryStorage } from './storage.ts';

type Call = { url: string; init: RequestInit };

/** A client against a scripted fetch, recording requests, toasts and session expiries. */
function setup(
  respond: (call: Call) => Response | Promise<Response>,
  options: { path?: string; storage?: Record<string, string>; cookie?: string } = {},
) {
  const calls: Call[] = [];
  const toasts: Toast[] = [];
  let expired = 0;
  const api = createApiClient({
    storage: memoryStorage(options.storage ?? {}),
    cookie: (name) => (name === 'XSRF-TOKEN' ? (options.cookie ?? null) : null),
    currentPath: () => options.path ?? '/workouts',
    notify: (toast) => toasts.push(toast),
    onSessionExpired: () => {
      expired += 1;
    },
    translate: (key) => key,
    fetch: async (url, init) => {
      const call = { url: String(url), init: init ?? {} };
      calls.push(call);
      return respond(call);
    },
  });
  return { api, calls, toasts, expired: () => expired };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('API client', () => {
  it('sends the headers of the client contract', async () => {
    const { api, calls } = setup(() => json(200, { ok: true }), {
      storage: { auth_token: 'tok', locale: 'de' },
      cookie: 'xsrf-value',
    });
    await api.get('/workouts', { query: { page: 2, status: undefined } });
    const [call] = calls;
    assert.equal(call?.url, '/api/v1/workouts?page=2');
    const headers = call?.init.headers as Record<string, string>;
    assert.equal(headers.Authorization, 'Bearer tok');
    assert.equal(headers['Accept-Language'], 'de');
    assert.equal(headers['X-XSRF-TOKEN'], 'xsrf-value');
    assert.equal(call?.init.credentials, 'include');
    assert.ok(call?.init.signal instanceof AbortSignal);
  });

  it('defaults Accept-Language to en and sends no token when there is none', async () => {
    const { api, calls } = setup(() => json(200, {}));
    await api.get('/x');
    const headers = calls[0]?.init.headers as Record<string, string>;
    assert.equal(headers['Accept-Language'], 'en');
    assert.equal(headers.Authorization, undefined);
    assert.equal(API_TIMEOUT_MS, 10_000);
  });

  it('sends X-Min-Position on reads after its own writes', async () => {
    const { api, calls } = setup((call) =>
      json(200, {}, call.init.method === 'POST' ? { 'X-Event-Position': '42' } : {}),
    );
    await api.get('/workouts');
    await api.post('/workouts', { name: 'x' });
    await api.get('/workouts');
    const minPosition = (index: number) =>
      (calls[index]?.init.headers as Record<string, string> | undefined)?.['X-Min-Position'];
    assert.equal(minPosition(0), undefined);
    assert.equal(minPosition(2), '42');
  });

  it('sends X-Min-Position on reads after a write it was told of (the outbox flushed), never lowering it', async () => {
    const { api, calls } = setup(() => json(200, {}));
    api.sawPosition(57);
    await api.get('/workouts');
    api.sawPosition(12);
    api.sawPosition(Number.NaN);
    await api.get('/workouts');
    const minPositions = calls.map((call) => (call.init.headers as Record<string, string>)['X-Min-Position']);
    assert.deepEqual(minPositions, ['57', '57']);
  });

  it('sends a new X-Request-Id with every write, none with a read, and knows its recent writes by it', async () => {
    const { api, calls } = setup(() => json(200, {}));
    await api.get('/workouts');
    await api.post('/workouts', { name: 'x' });
    await api.patch('/workouts/w1', { name: 'y' });
    await api.put('/steps/2026-11-23', { count: 1 });
    await api.delete('/workouts/w1');
    const ids = calls.map((call) => (call.init.headers as Record<string, string>)['X-Request-Id']);
    assert.equal(ids[0], undefined, 'a read makes no change to recognise');
    const writes = ids.slice(1) as string[];
    assert.equal(new Set(writes).size, 4, 'one id per write');
    for (const id of writes) {
      assert.match(id, /^[\w.-]{1,100}$/, 'an id the server takes as the request id');
      assert.ok(api.isOwnWrite(id));
    }
    assert.equal(api.isOwnWrite('someone-elses-request'), false);
    assert.equal(api.isOwnWrite(null), false, "a notice without a correlation id is nobody's own");
  });

  it(`remembers only its last ${OWN_WRITES_KEPT} writes`, async () => {
    let counter = 0;
    const api = createApiClient({
      storage: memoryStorage(),
      cookie: () => null,
      currentPath: () => '/workouts',
      notify: () => undefined,
      onSessionExpired: () => undefined,
      translate: (key) => key,
      fetch: async () => json(201, {}),
      requestId: () => `write-${++counter}`,
    });
    for (let index = 0; index <= OWN_WRITES_KEPT; index++) await api.post('/water/2026-11-23', { ml: 250 });
    assert.equal(api.isOwnWrite('write-1'), false, 'the oldest was forgotten');
    assert.ok(api.isOwnWrite('write-2'));
    assert.ok(api.isOwnWrite(`write-${OWN_WRITES_KEPT + 1}`));
  });

  it('makes request ids from random bytes where randomUUID is missing (a page served over plain HTTP)', () => {
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const id = newRequestId();
      assert.match(id, /^[0-9a-f]{32}$/);
      assert.notEqual(newRequestId(), id);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('on 401 away from the guest pages: Session Expired, signed out', async () => {
    const { api, toasts, expired } = setup(() => json(401, { message: 'Unauthenticated.' }));
    await assert.rejects(api.get('/auth/me'), (error: ApiError) => error.status === 401);
    assert.deepEqual(toasts, [
      { type: 'error', title: 'errors.sessionExpired.title', message: 'errors.sessionExpired.message' },
    ]);
    assert.equal(expired(), 1);
  });

  for (const path of ['/login', '/register', '/verify-email', '/oauth/google/callback']) {
    it(`on 401 on ${path}: no toast, no sign-out, the caller decides`, async () => {
      const { api, toasts, expired } = setup(() => json(401, { message: 'Unauthenticated.' }), { path });
      await assert.rejects(api.post('/auth/login', {}), ApiError);
      assert.deepEqual(toasts, []);
      assert.equal(expired(), 0);
    });
  }

  it('on 403: Access Denied with the server message, or the fallback', async () => {
    const withMessage = setup(() => json(403, { message: 'Admins only.' }));
    await assert.rejects(withMessage.api.get('/admin/users'));
    assert.deepEqual(withMessage.toasts, [{ type: 'error', title: 'errors.forbidden.title', message: 'Admins only.' }]);
    const without = setup(() => json(403, {}));
    await assert.rejects(without.api.get('/admin/users'));
    assert.equal(without.toasts[0]?.message, 'errors.forbidden.message');
  });

  it('on 422: silent, with the field errors for the caller', async () => {
    const { api, toasts } = setup(() =>
      json(422, { message: 'Invalid', errors: { reps: ['Please enter a valid number of reps (greater than 0)'] } }),
    );
    await assert.rejects(api.post('/sets', { reps: 0 }), (error: ApiError) => {
      assert.deepEqual(error.fieldErrors, { reps: ['Please enter a valid number of reps (greater than 0)'] });
      return error.status === 422;
    });
    assert.deepEqual(toasts, []);
  });

  it('on 503: Maintenance Mode; on other 5xx: Server Error', async () => {
    const maintenance = setup(() => json(503, { message: 'Back at noon.' }));
    await assert.rejects(maintenance.api.get('/x'));
    assert.deepEqual(maintenance.toasts, [
      { type: 'warning', title: 'errors.maintenance.title', message: 'Back at noon.' },
    ]);
    const bare503 = setup(() => new Response('', { status: 503 }));
    await assert.rejects(bare503.api.get('/x'));
    assert.equal(bare503.toasts[0]?.message, 'errors.maintenance.message');
    // A passing 503 (a server catching up after a start) says when to retry, and is told the same way.
    const passing = setup(() => json(503, { message: 'Still catching up.' }, { 'Retry-After': '5' }));
    await assert.rejects(passing.api.get('/x'), (error: ApiError) => error.retryAfterSeconds === 5);
    assert.deepEqual(passing.toasts, [
      { type: 'warning', title: 'errors.maintenance.title', message: 'Still catching up.' },
    ]);
    const server = setup(() => json(500, { message: 'Server Error' }));
    await assert.rejects(server.api.get('/x'));
    assert.deepEqual(server.toasts, [
      { type: 'error', title: 'errors.server.title', message: 'errors.server.message' },
    ]);
  });

  it('with no response: Network Error', async () => {
    const { api, toasts } = setup(() => {
      throw new TypeError('fetch failed');
    });
    await assert.rejects(api.get('/x'), (error: ApiError) => error.status === null);
    assert.deepEqual(toasts, [{ type: 'error', title: 'errors.network.title', message: 'errors.network.message' }]);
  });

  it('passes 404 and 409 to the caller without a toast', async () => {
    for (const status of [404, 409]) {
      const { api, toasts } = setup(() => json(status, { message: 'nope' }));
      await assert.rejects(api.get('/x'), (error: ApiError) => error.status === status && error.message === 'nope');
      assert.deepEqual(toasts, []);
    }
  });

  it('says a failure was told the user exactly when it toasted one, so a screen tells the rest once', async () => {
    const cases: { respond: () => Response; path?: string }[] = [
      { respond: () => json(500, {}) },
      { respond: () => json(503, {}) },
      { respond: () => json(403, {}) },
      { respond: () => json(401, {}) },
      { respond: () => json(401, {}), path: '/login' },
      { respond: () => json(422, { errors: { reps: ['Too few'] } }) },
      { respond: () => json(404, {}) },
      {
        respond: () => {
          throw new TypeError('fetch failed');
        },
      },
    ];
    for (const { respond, path } of cases) {
      const { api, toasts } = setup(respond, { path });
      const error = await api.get('/x').catch((failure: unknown) => failure);
      assert.equal(toldTheUser(error), toasts.length === 1, JSON.stringify({ path, toasts }));
    }
    assert.equal(toldTheUser(new Error('not from the API')), false);
  });
});

describe('response parsing rule', () => {
  it('strips text before the first { or [ when the body contains <', () => {
    assert.deepEqual(parseBody('<br><b>Notice</b>: x {"a":1}'), { a: 1 });
    assert.deepEqual(parseBody('<!-- debug -->[1,2]'), [1, 2]);
    assert.deepEqual(parseBody('<x>[{"a":"<b>"}]'), [{ a: '<b>' }]);
  });
  it('leaves a body without < as it is', () => {
    assert.deepEqual(parseBody('{"a":"b"}'), { a: 'b' });
    assert.equal(parseBody('plain text'), 'plain text');
    assert.equal(parseBody('junk {"a":1}'), 'junk {"a":1}', 'no < means no stripping');
    assert.equal(parseBody(''), null);
  });
});
