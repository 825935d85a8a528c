import { parseDuration } from '../executors.ts';
import { call, emit } from '../vu-bridge.ts';

/** What the runner sends back for one request (see http-client.ts). */
export type WireResponse = {
  url: string;
  status: number;
  status_text: string;
  body: string;
  headers: Record<string, string>;
  timings: Timings;
  error: string;
  error_code: number;
  sent: number;
};

export type Timings = {
  duration: number;
  blocked: number;
  connecting: number;
  tls_handshaking: number;
  sending: number;
  waiting: number;
  receiving: number;
};

export type Params = {
  headers?: Record<string, string>;
  tags?: Record<string, string>;
  timeout?: string | number;
  responseCallback?: ResponseCallback;
};

type ResponseCallback = { expectedStatuses: (number | { min: number; max: number })[] };
type Body = string | Record<string, unknown> | null | undefined;

/** k6's http.expectedStatuses: the statuses (or ranges) that do not count as http_req_failed. */
export function expectedStatuses(...statuses: (number | { min: number; max: number })[]): ResponseCallback {
  return { expectedStatuses: statuses };
}

let defaultCallback = expectedStatuses({ min: 200, max: 399 });

export function setResponseCallback(callback: ResponseCallback) {
  defaultCallback = callback;
}

function expected(callback: ResponseCallback, status: number) {
  return callback.expectedStatuses.some((range) =>
    typeof range === 'number' ? range === status : status >= range.min && status <= range.max,
  );
}

/** k6's Response: the fields scripts read, and json() (with an optional dotted path, not full GJSON). */
export class Response {
  readonly url: string;
  readonly status: number;
  readonly status_text: string;
  readonly body: string;
  readonly headers: Record<string, string>;
  readonly timings: Timings;
  readonly error: string;
  readonly error_code: number;
  readonly request: { method: string; url: string; body: string; headers: Record<string, string> };

  constructor(wire: WireResponse, request: Response['request']) {
    this.url = wire.url;
    this.status = wire.status;
    this.status_text = wire.status_text;
    this.body = wire.body;
    this.headers = wire.headers;
    this.timings = wire.timings;
    this.error = wire.error;
    this.error_code = wire.error_code;
    this.request = request;
  }

  json(selector?: string): unknown {
    const parsed = JSON.parse(this.body);
    if (!selector) return parsed;
    // biome-ignore lint/suspicious/noExplicitAny: walking parsed JSON
    return selector.split('.').reduce<any>((value, key) => (value == null ? undefined : value[key]), parsed);
  }
}

type Prepared = { method: string; url: string; body: string; headers: Record<string, string>; params: Params };

function prepare(method: string, url: string, body: Body, params: Params = {}): Prepared {
  const headers: Record<string, string> = { 'User-Agent': 'k6-adapter (https://k6.io/)', ...params.headers };
  let text = '';
  if (typeof body === 'string') {
    text = body;
  } else if (body && typeof body === 'object') {
    // As k6 does: an object body is sent as a form.
    text = new URLSearchParams(
      Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
  }
  return { method: method.toUpperCase(), url: String(url), body: text, headers, params };
}

function wire(request: Prepared) {
  return {
    method: request.method,
    url: request.url,
    body: request.body,
    headers: request.headers,
    timeoutMs: parseDuration(request.params.timeout, 60_000),
  };
}

/** The http_req_* samples k6 emits for one response, tagged as k6 tags them. */
function record(request: Prepared, response: WireResponse) {
  const ok = expected(request.params.responseCallback ?? defaultCallback, response.status);
  const tags = {
    method: request.method,
    url: request.url,
    name: request.url,
    status: String(response.status),
    expected_response: String(ok),
    ...request.params.tags,
  };
  const t = response.timings;
  emit('http_reqs', 'counter', 1, tags);
  emit('http_req_duration', 'trend', t.duration, tags, true);
  emit('http_req_blocked', 'trend', t.blocked, tags, true);
  emit('http_req_connecting', 'trend', t.connecting, tags, true);
  emit('http_req_tls_handshaking', 'trend', t.tls_handshaking, tags, true);
  emit('http_req_sending', 'trend', t.sending, tags, true);
  emit('http_req_waiting', 'trend', t.waiting, tags, true);
  emit('http_req_receiving', 'trend', t.receiving, tags, true);
  emit('http_req_failed', 'rate', ok ? 0 : 1, tags);
  emit('data_sent', 'counter', response.sent, tags);
  emit('data_received', 'counter', Buffer.byteLength(response.body) + 200, tags);
  return new Response(response, {
    method: request.method,
    url: request.url,
    body: request.body,
    headers: request.headers,
  });
}

export function request(method: string, url: string, body?: Body, params?: Params) {
  const prepared = prepare(method, url, body, params);
  const reply = call('http', { request: wire(prepared) });
  return record(prepared, reply.response as WireResponse);
}

export const get = (url: string, params?: Params) => request('GET', url, null, params);
export const head = (url: string, params?: Params) => request('HEAD', url, null, params);
export const options = (url: string, body?: Body, params?: Params) => request('OPTIONS', url, body, params);
export const post = (url: string, body?: Body, params?: Params) => request('POST', url, body, params);
export const put = (url: string, body?: Body, params?: Params) => request('PUT', url, body, params);
export const patch = (url: string, body?: Body, params?: Params) => request('PATCH', url, body, params);
export const del = (url: string, body?: Body, params?: Params) => request('DELETE', url, body, params);

type BatchEntry =
  | string
  | [string, string, Body?, Params?]
  | { method: string; url: string; body?: Body; params?: Params };

/** k6's http.batch: the requests in parallel; an array in gives an array out, an object an object. */
export function batch(requests: BatchEntry[] | Record<string, BatchEntry>) {
  const entries = Array.isArray(requests)
    ? requests.map((entry, index) => [String(index), entry] as const)
    : Object.entries(requests);
  const prepared = entries.map(([, entry]) => {
    if (typeof entry === 'string') return prepare('GET', entry, null);
    if (Array.isArray(entry)) return prepare(entry[0], entry[1], entry[2], entry[3]);
    return prepare(entry.method, entry.url, entry.body, entry.params);
  });
  const reply = call('httpBatch', { requests: prepared.map(wire) });
  const responses = (reply.responses as WireResponse[]).map((response, index) =>
    record(prepared[index] as Prepared, response),
  );
  if (Array.isArray(requests)) return responses;
  return Object.fromEntries(entries.map(([key], index) => [key, responses[index]]));
}

export default {
  request,
  get,
  head,
  options,
  post,
  put,
  patch,
  del,
  batch,
  expectedStatuses,
  setResponseCallback,
};
