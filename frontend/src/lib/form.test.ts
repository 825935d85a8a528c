import assert from 'node:assert/strict';
import type { TFunction } from 'i18next';
import { describe, it } from 'vitest';
import { createApiClient, type Toast } from './api-client.ts';
import { type FormState, formFailure, serverMessage, submitForm } from './form.ts';
import { memoryStorage } from './storage.ts';

/** The keys themselves, with their values: enough to see which text a form would show. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

/** A real API client whose server answers `status` with `body` (a string as it is, else JSON). */
function answering(status: number, body: unknown = '', headers: Record<string, string> = {}) {
  const toasts: Toast[] = [];
  const api = createApiClient({
    storage: memoryStorage(),
    cookie: () => null,
    currentPath: () => '/login',
    notify: (toast) => toasts.push(toast),
    onSessionExpired: () => {},
    translate: (key) => key,
    fetch: async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        statusText: status === 400 ? 'Bad Request' : 'Internal Server Error',
        headers,
      }),
  });
  return { api, toasts };
}

async function failureOf(status: number, body: unknown = '', headers: Record<string, string> = {}) {
  const { api } = answering(status, body, headers);
  return api.post('/auth/login', {}).then(
    () => assert.fail('the call should fail'),
    (error: unknown) => error,
  );
}

const options = { fallback: 'Login failed', fields: ['email', 'password'] };

describe('form failures', () => {
  it("says the spec's fallback, never the HTTP status text, when the server gives no message", async () => {
    for (const [status, body] of [
      [400, ''],
      [500, ''],
      [404, { error: 'x' }],
      [401, { message: '' }],
    ] as const) {
      const error = await failureOf(status, body);
      assert.equal(serverMessage(error), null, `${status}`);
      assert.deepEqual(formFailure(error, options, t, 'en'), { fieldErrors: {}, message: 'Login failed' }, `${status}`);
    }
    assert.deepEqual(formFailure(new TypeError('offline'), options, t, 'en').message, 'Login failed');
  });

  it("says the server's own message when it gives one", async () => {
    const error = await failureOf(403, { message: 'Registration is closed.' });
    assert.equal(formFailure(error, options, t, 'en').message, 'Registration is closed.');
  });

  it("puts a 422's messages under the fields it shows, and a refusal of any other field on the form", async () => {
    const fields = await failureOf(422, {
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'] },
    });
    assert.deepEqual(formFailure(fields, options, t, 'en'), {
      fieldErrors: { email: ['The email must be a valid email address.'] },
      message: '',
    });
    const hidden = await failureOf(422, {
      message: 'This password reset link is invalid or has expired. Ask for a new one.',
      errors: { token: ['This password reset link is invalid or has expired. Ask for a new one.'] },
    });
    // A refusal the app knows, in the reader's words.
    assert.deepEqual(formFailure(hidden, options, t, 'en'), {
      fieldErrors: {},
      message: 'auth.refusals.resetLinkInvalid',
    });
    const bare = await failureOf(422, '');
    assert.deepEqual(formFailure(bare, options, t, 'en'), { fieldErrors: {}, message: 'Login failed' });
  });

  it('says how long to wait after too many attempts', async () => {
    const error = await failureOf(429, { message: 'Too many requests' }, { 'Retry-After': '120' });
    assert.equal(formFailure(error, options, t, 'en').message, 'auth.tryAgainIn {"wait":"2 minutes"}');
  });
});

describe('a form submit', () => {
  const run = async (action: () => Promise<unknown>, telling: 'inline' | 'toast') => {
    const states: FormState[] = [];
    const toasted: string[] = [];
    const done = await submitForm(
      action,
      { fallback: 'Failed to update profile. Please try again.', telling, t, locale: 'en' },
      (state) => states.push(state),
      (message) => toasted.push(message),
    );
    return { done, states, toasted };
  };

  it('is busy while it runs, and clears what an earlier failure showed once it goes through', async () => {
    const { done, states, toasted } = await run(async () => {}, 'inline');
    assert.equal(done, true);
    assert.deepEqual(states, [
      { busy: true, fieldErrors: {}, message: '' },
      { busy: false, fieldErrors: {}, message: '' },
    ]);
    assert.deepEqual(toasted, []);
  });

  it('tells a failure on the form, or as a toast with the fields still marked', async () => {
    const { api } = answering(422, { message: 'The height must be from 50 to 272 cm.', errors: { height: ['…'] } });
    const inline = await run(() => api.patch('/me', {}), 'inline');
    assert.equal(inline.done, false);
    assert.deepEqual(inline.states.at(-1), { busy: false, fieldErrors: { height: ['…'] }, message: '' });
    const toast = await run(() => api.patch('/me', {}), 'toast');
    assert.deepEqual(toast.states.at(-1), { busy: false, fieldErrors: { height: ['…'] }, message: '' });
    assert.deepEqual(toast.toasted, ['Failed to update profile. Please try again.']);
  });

  it('adds no toast to one the API client showed already (a server error)', async () => {
    const { api, toasts } = answering(500, '');
    const { toasted, states } = await run(() => api.patch('/me', {}), 'toast');
    assert.deepEqual(
      toasts.map((toast) => toast.title),
      ['errors.server.title'],
    );
    assert.deepEqual(toasted, []);
    assert.equal(states.at(-1)?.busy, false);
  });
});
