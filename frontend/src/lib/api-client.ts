import type { KeyValueStorage } from './storage.ts';
import { STORAGE_KEYS } from './storage.ts';

/** Routes where a 401 is an ordinary answer (wrong password, expired link), not a lost session. */
export const GUEST_PATHS = ['/login', '/register', '/verify-email', '/oauth/google/callback'];

export const API_TIMEOUT_MS = 10_000;

/** How many of its own writes a client remembers, to recognise the change notices they cause. */
export const OWN_WRITES_KEPT = 200;

export type FieldErrors = Record<string, string[]>;

/** A failed call. `status` is null when no response came back (network down, timeout). */
export class ApiError extends Error {
  readonly status: number | null;
  readonly body: unknown;
  readonly fieldErrors: FieldErrors;
  /** How long the server asked to wait before trying again (Retry-After of a 429 or 503), when it said. */
  readonly retryAfterSeconds: number | null;
  /** Whether the client told the user of it itself (see `toldTheUser`). */
  told = false;
  constructor(status: number | null, message: string, body: unknown = null, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
    const errors = (body as { errors?: unknown } | null)?.errors;
    this.fieldErrors = errors && typeof errors === 'object' ? (errors as FieldErrors) : {};
  }
}

/**
 * Whether the client has told the user of this failure itself (a toast: no network, the session
 * lost, forbidden, maintenance, a server error), or the app shell's offline indicator already
 * says it (a read without a network while offline), so the screen adds nothing and the error
 * shows once. A 422 and the other 4xx are the screen's to tell.
 */
export function toldTheUser(error: unknown) {
  return error instanceof ApiError && error.told;
}

export type Toast = { type: 'error' | 'warning'; title: string; message: string };

/** A GET as the read cache knows it: the path under /api/v1, its query string ('' or '?…'), the language asked for. */
export type Read = { path: string; search: string; language: string };

/**
 * Where the last answers of the user's everyday reads are kept, to answer a read that gets no
 * response (lib/offline/read-cache.ts, one per signed-in user). It decides which reads it keeps.
 */
export type ReadCache = {
  keep(read: Read, text: string): Promise<void>;
  answer(read: Read): Promise<string | undefined>;
};

export type ApiClientOptions = {
  storage: KeyValueStorage;
  /** Reads a cookie by name (the XSRF-TOKEN the server set). */
  cookie: (name: string) => string | null;
  /** The path of the page the user is on, to tell a lost session from a failed sign-in. */
  currentPath: () => string;
  notify: (toast: Toast) => void;
  /** Signs out locally and goes to the sign-in page. */
  onSessionExpired: () => void;
  translate: (key: string) => string;
  /** Whether the browser has a connection at all (navigator.onLine: false means none for sure). */
  online?: () => boolean;
  /**
   * Told when a request got no response while the browser says it is online (a weak signal);
   * answers whether the app counts as offline from now on (the signed-in user's offline state:
   * their writes wait on this device), so the failure is told as such.
   */
  onNoResponse?: () => boolean;
  /** Told when a request got a response, whatever it said: the server is reachable. */
  onResponse?: () => void;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** A new X-Request-Id for a write; tests pass a predictable one. */
  requestId?: () => string;
};

/**
 * A request id the server takes as its own (it accepts /^[\w.-]{1,100}$/). `randomUUID` exists
 * only in secure contexts, so a page served over plain HTTP makes one from random bytes instead.
 */
export function newRequestId() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The spec's parsing rule: a body with a "<" in it (a proxy or PHP notice glued in front of the
 * JSON) has everything before the first "{" or "[" cut off; any other body is parsed as is.
 * A body that still is not JSON is returned as text.
 */
export function parseBody(text: string): unknown {
  if (text === '') return null;
  let json = text;
  if (text.includes('<')) {
    const starts = [text.indexOf('{'), text.indexOf('[')].filter((index) => index >= 0);
    if (starts.length > 0) json = text.slice(Math.min(...starts));
  }
  try {
    return JSON.parse(json);
  } catch {
    return text;
  }
}

type RequestOptions = {
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** The language to answer in, where not the one shown (the library's names in every language). */
  language?: string;
};

type WriteOptions = {
  /**
   * The caller keeps the change and sends it again itself (the settings, saved on this device),
   * or needs no answer (a sign-out, done here whatever the server says): failing offline, it is
   * not told as a change lost.
   */
  quietOffline?: boolean;
};

/** A body sent as it is, under its own content type, rather than as JSON (an uploaded file). */
class RawBody {
  readonly text: string;
  readonly contentType: string;
  constructor(text: string, contentType: string) {
    this.text = text;
    this.contentType = contentType;
  }
}

/**
 * The one way the app talks to the API: `/api/v1` on this origin, a 10 s timeout, cookies sent,
 * X-XSRF-TOKEN, the bearer token, Accept-Language, and X-Min-Position after the client's own
 * writes so that a read shows what the user just did. Every write carries a new X-Request-Id,
 * which the server stores with the events it causes and puts on their change notices: the
 * client remembers its recent ones, so a store can tell its own writes from other devices'.
 * Failures follow the error catalogue of spec section 8: some are told to the user here, the
 * rest are thrown for the caller.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const baseUrl = options.baseUrl ?? '/api/v1';
  const t = options.translate;
  const requestId = options.requestId ?? newRequestId;
  const online = options.online ?? (() => globalThis.navigator?.onLine ?? true);
  /** The signed-in user's read cache once open; none while nobody is signed in. */
  let readCache: Promise<ReadCache | null> | null = null;
  /** The newest event position this client's writes produced. */
  let lastWritePosition = 0;

  /** A write's position (X-Event-Position): the reads after it wait for the read models to hold it. */
  function sawPosition(position: number) {
    if (Number.isSafeInteger(position) && position > lastWritePosition) lastWritePosition = position;
  }
  /** The X-Request-Id of this client's latest writes, oldest first (a Set keeps insertion order). */
  const ownWrites = new Set<string>();

  function rememberWrite(id: string) {
    ownWrites.add(id);
    const [oldest] = ownWrites;
    if (ownWrites.size > OWN_WRITES_KEPT && oldest) ownWrites.delete(oldest);
  }

  /** Tells the user of a failure with a toast, and marks it told: the screen adds nothing. */
  function tell(error: ApiError, toast: Toast) {
    options.notify(toast);
    error.told = true;
  }

  /** The answer kept for `read`, if the cache has one (a cache that fails answers nothing, and says so in the log). */
  async function keptAnswer(cache: Promise<ReadCache | null> | null, read: Read) {
    try {
      return (await (await cache)?.answer(read)) ?? undefined;
    } catch (error) {
      console.error('Reading a kept answer failed', error);
      return undefined;
    }
  }

  function keepAnswer(cache: Promise<ReadCache | null> | null, read: Read, text: string) {
    cache
      ?.then((opened) => opened?.keep(read, text))
      .catch((error) => console.error('Keeping an answer for offline use failed', error));
  }

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    requestOptions: RequestOptions & WriteOptions = {},
  ): Promise<T> {
    const language = requestOptions.language ?? options.storage.getItem(STORAGE_KEYS.locale) ?? 'en';
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
    const token = options.storage.getItem(STORAGE_KEYS.token);
    if (token) headers.Authorization = `Bearer ${token}`;
    const xsrf = options.cookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    if (body !== undefined) headers['Content-Type'] = body instanceof RawBody ? body.contentType : 'application/json';
    if (method === 'GET' && lastWritePosition > 0) headers['X-Min-Position'] = String(lastWritePosition);
    if (method !== 'GET') {
      // Remembered before sending: the change notice can arrive before the answer does.
      const id = requestId();
      headers['X-Request-Id'] = id;
      rememberWrite(id);
    }

    // The cache of whoever is signed in as the request leaves: an answer coming after a sign-out
    // goes to the cache of the user who asked, never to the next one's.
    const cache = method === 'GET' ? readCache : null;
    const query = Object.entries(requestOptions.query ?? {}).filter(([, value]) => value !== undefined);
    const search = query.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : '';
    const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
    const signal = requestOptions.signal ? AbortSignal.any([timeout, requestOptions.signal]) : timeout;

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}${search}`, {
        method,
        headers,
        body: body === undefined ? undefined : body instanceof RawBody ? body.text : JSON.stringify(body),
        credentials: 'include',
        signal,
      });
    } catch (error) {
      if (requestOptions.signal?.aborted) throw error;
      const offlineNow = online() && (options.onNoResponse?.() ?? false);
      // No response: a read answers what it last answered, as if loaded (the screen shows the last data seen).
      const kept = await keptAnswer(cache, { path, search, language });
      if (kept !== undefined) return parseBody(kept) as T;
      const failed = new ApiError(null, t('errors.network.message'));
      if (online() && offlineNow && method !== 'GET' && !requestOptions.quietOffline) {
        // The browser says online, but nothing got through: this write is lost, the next ones wait on this device.
        tell(failed, {
          type: 'error',
          title: t('offline.unreachable.title'),
          message: t('offline.unreachable.message'),
        });
      } else if (online() && !offlineNow) {
        tell(failed, { type: 'error', title: t('errors.network.title'), message: t('errors.network.message') });
      } else if (!online() && method !== 'GET' && !requestOptions.quietOffline) {
        // A write not kept in the outbox (settings, profile, admin) is lost: say it needs a connection.
        tell(failed, {
          type: 'error',
          title: t('offline.needsConnection.title'),
          message: t('offline.needsConnection.message'),
        });
      } else {
        // The offline indicator already says there is no connection: a toast would only repeat it.
        failed.told = true;
      }
      throw failed;
    }

    options.onResponse?.();
    const text = await response.text();
    const parsed = parseBody(text);
    sawPosition(Number(response.headers.get('X-Event-Position')));
    if (response.ok) {
      keepAnswer(cache, { path, search, language }, text);
      return parsed as T;
    }

    const serverMessage = (parsed as { message?: unknown } | null)?.message;
    const message = typeof serverMessage === 'string' && serverMessage ? serverMessage : '';
    const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
    const error = new ApiError(
      response.status,
      message || response.statusText,
      parsed,
      Number.isSafeInteger(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
    const status = response.status;
    if (status === 401 && !GUEST_PATHS.includes(options.currentPath())) {
      tell(error, {
        type: 'error',
        title: t('errors.sessionExpired.title'),
        message: t('errors.sessionExpired.message'),
      });
      options.onSessionExpired();
    } else if (status === 403) {
      tell(error, {
        type: 'error',
        title: t('errors.forbidden.title'),
        message: message || t('errors.forbidden.message'),
      });
    } else if (status === 503) {
      tell(error, {
        type: 'warning',
        title: t('errors.maintenance.title'),
        message: message || t('errors.maintenance.message'),
      });
    } else if (status >= 500) {
      tell(error, { type: 'error', title: t('errors.server.title'), message: t('errors.server.message') });
    }
    // 422 and the other 4xx go to the caller silently: it knows what the user was doing.
    throw error;
  }

  return {
    get: <T>(path: string, requestOptions?: RequestOptions) => request<T>('GET', path, undefined, requestOptions),
    post: <T>(path: string, body?: unknown, writeOptions?: WriteOptions) =>
      request<T>('POST', path, body ?? {}, writeOptions),
    /** POSTs `text` as it is, e.g. a CSV file as `text/csv`, with options in the query. */
    postText: <T>(path: string, text: string, contentType: string, query?: RequestOptions['query']) =>
      request<T>('POST', path, new RawBody(text, contentType), { query }),
    patch: <T>(path: string, body: unknown, writeOptions?: WriteOptions) =>
      request<T>('PATCH', path, body, writeOptions),
    put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
    delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
    /** Whether a change notice's correlation id is one of this client's recent writes. */
    isOwnWrite: (correlationId: string | null) => correlationId !== null && ownWrites.has(correlationId),
    /**
     * A write this client made outside it (the offline outbox's flush) reached this position: the
     * reads that follow (a screen read back once its queued changes are sent) show it, as after
     * the client's own writes, with a separate command service too.
     */
    sawPosition,
    /**
     * Answers reads that get no response from this cache from now on, and keeps their answers in
     * it (the signed-in user's, from their sign-in); null stops both (signed out).
     */
    readFrom(cache: Promise<ReadCache | null> | null) {
      readCache = cache;
    },
    /**
     * Whether the server answers at all now, whatever it says: GET /site, unauthenticated and
     * small, with no toast, nothing kept, and the usual timeout.
     */
    async probe() {
      try {
        await doFetch(`${baseUrl}/site`, { cache: 'no-store', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
        return true;
      } catch {
        return false;
      }
    },
    /** GET /sanctum/csrf-cookie, outside /api/v1, before signing in or registering. */
    async csrfCookie() {
      try {
        await doFetch(`${baseUrl.replace(/\/api\/v1$/, '')}/sanctum/csrf-cookie`, { credentials: 'include' });
      } catch (error) {
        // Without the cookie the API still works (it authenticates by bearer token); say so and go on.
        console.warn('Could not fetch the CSRF cookie', error);
      }
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
