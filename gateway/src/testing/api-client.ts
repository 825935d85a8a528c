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

let registered = 0;

/** Registers a fresh user with a unique email; returns its token, user and credentials. */
export async function registerUser(api: ReturnType<typeof apiClient>, name = 'Test User') {
  registered += 1;
  const email = `user${registered}-${process.pid}-${Date.now()}@example.com`;
  const password = 'correct horse';
  const response = await api('POST', '/auth/register', {
    body: { name, email, password, password_confirmation: password },
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: response.body.token as string, user: response.body.user, email, password };
}
