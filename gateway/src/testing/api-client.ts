import assert from 'node:assert/strict';

export type ApiResponse = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API sent
  body: any;
  headers: Headers;
};

/** Speaks the API over real HTTP as a client would: JSON bodies, bearer tokens, extra headers. */
export function apiClient(baseUrl: string) {
  return async function api(
    method: string,
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const response = await fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
}

/**
 * A signed-in user's calls that read their own writes: `call` expects an answer under 300 (to
 * any method) and keeps the event position it names; `read` GETs no older than the last of them.
 */
export function ownWrites(api: ReturnType<typeof apiClient>, token: string) {
  let position = '0';
  return {
    async call(method: string, url: string, body?: unknown) {
      const response = await api(method, url, { token, body });
      assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
      position = response.headers.get('x-event-position') ?? position;
      return response.body;
    },
    read: (url: string) => api('GET', url, { token, headers: { 'x-min-position': position } }),
    /** The position of the last write. */
    position: () => Number(position),
  };
}

let registered = 0;

/**
 * Registers a fresh user with a unique email; returns its token, user and credentials. The user
 * has skipped the first-day onboarding, as someone using the app for a while has, so that the
 * dashboard opens as itself; `{ onboarding: true }` leaves it under way, as for a new account.
 */
export async function registerUser(
  api: ReturnType<typeof apiClient>,
  name = 'Test User',
  options: { onboarding?: boolean } = {},
) {
  registered += 1;
  const email = `user${registered}-${process.pid}-${Date.now()}@example.com`;
  const password = 'correct horse';
  const response = await api('POST', '/auth/register', {
    body: { name, email, password, password_confirmation: password },
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  const token = response.body.token as string;
  if (options.onboarding) return { token, user: response.body.user, email, password };
  const skipped = await api('PATCH', '/me', { token, body: { onboarding: 'skipped' } });
  if (skipped.status !== 200) throw new Error(`skipping the onboarding failed: ${skipped.status}`);
  return { token, user: skipped.body, email, password };
}
