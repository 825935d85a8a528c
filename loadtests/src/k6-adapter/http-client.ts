import type { WireResponse } from './modules/http.ts';

export type WireRequest = {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
};

/** "content-type" → "Content-Type", as k6 (Go) gives header names. */
function canonical(name: string) {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/**
 * One request of a VU, made with Node's fetch on the runner's thread. Timings: waiting is up to
 * the response head, receiving the body; the connection phases (blocked, connecting, TLS) are not
 * separated and read 0. A network error is status 0 with the error, as in k6.
 */
export async function perform(request: WireRequest): Promise<WireResponse> {
  const started = performance.now();
  const sent = Buffer.byteLength(request.body) + 200;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body === '' || request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const headed = performance.now();
    const body = await response.text();
    const done = performance.now();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[canonical(name)] = value;
    });
    return {
      url: response.url || request.url,
      status: response.status,
      status_text: `${response.status} ${response.statusText}`,
      body,
      headers,
      timings: {
        duration: done - started,
        blocked: 0,
        connecting: 0,
        tls_handshaking: 0,
        sending: 0,
        waiting: headed - started,
        receiving: done - headed,
      },
      error: '',
      error_code: 0,
      sent,
    };
  } catch (error) {
    const duration = performance.now() - started;
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return {
      url: request.url,
      status: 0,
      status_text: '',
      body: '',
      headers: {},
      timings: { duration, blocked: 0, connecting: 0, tls_handshaking: 0, sending: 0, waiting: duration, receiving: 0 },
      error: cause ? `${(error as Error).message}: ${cause}` : String((error as Error).message ?? error),
      error_code: (error as Error).name === 'TimeoutError' ? 1050 : 1000,
      sent,
    };
  }
}
