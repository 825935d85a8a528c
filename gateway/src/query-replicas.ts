import { createHash } from 'node:crypto';

/** One query service behind the gateway: its origin and the short name the sticky cookie holds. */
export type Replica = { url: string; id: string };

/**
 * The cookie that binds one socket.io session to the replica holding it (as nginx's sticky
 * cookie does): socket.io keeps a session in the memory of the process that opened it, so its
 * long-polling requests and its later upgrade to a WebSocket must all reach that process.
 */
export const REPLICA_COOKIE = 'fitness_replica';

/** How long a replica that refused a connection is passed over before it is tried again. */
export const REPLICA_DOWN_MS = 3000;

/**
 * The cookie's name for a replica: a digest of its origin, so every gateway in front of the same
 * replicas agrees on it whatever order their lists are in, and no internal address reaches the
 * browser.
 */
export function replicaId(url: string) {
  return createHash('sha256').update(url).digest('base64url').slice(0, 10);
}

/**
 * The query service replicas the gateway spreads reads and socket.io sessions over: round robin,
 * passing over a replica for REPLICA_DOWN_MS after it refused a connection. Kept in this process
 * only: each gateway learns on its own, at the cost of one refused connection per replica death.
 */
export class QueryReplicas {
  readonly replicas: readonly Replica[];
  private readonly downUntil = new Map<string, number>();
  private readonly now: () => number;
  private turn = 0;

  constructor(urls: string[], options: { now?: () => number } = {}) {
    if (urls.length === 0) throw new Error('At least one query service URL is needed');
    this.replicas = urls.map((url) => ({ url, id: replicaId(url) }));
    this.now = options.now ?? Date.now;
  }

  /** More than one replica: only then do sessions need the sticky cookie. */
  get several() {
    return this.replicas.length > 1;
  }

  /**
   * The replicas to try for one request, in order: the one `stickyId` names if it is not down,
   * then the others round robin from the next in turn, those that are down last (when all are
   * down, trying them is still better than refusing outright). Each call moves the turn on.
   */
  candidates(stickyId?: string): Replica[] {
    const turn = this.turn++;
    const up = this.replicas.filter((replica) => this.isUp(replica));
    const down = this.replicas.filter((replica) => !this.isUp(replica));
    // The turn goes round the replicas that are up, so a dead one's share goes to all the others.
    const inTurn = up.map((_, index) => up[(turn + index) % up.length] as Replica);
    const sticky = inTurn.find((replica) => replica.id === stickyId);
    return [...(sticky ? [sticky] : []), ...inTurn.filter((replica) => replica !== sticky), ...down];
  }

  /** The replica refused a connection: pass it over for a while. */
  markDown(replica: Pick<Replica, 'url'>) {
    this.downUntil.set(replica.url, this.now() + REPLICA_DOWN_MS);
  }

  /** The replica answered: it is up again, whatever it did before. */
  markUp(replica: Pick<Replica, 'url'>) {
    this.downUntil.delete(replica.url);
  }

  isUp(replica: Replica) {
    return (this.downUntil.get(replica.url) ?? 0) <= this.now();
  }
}

/** Error codes of a connection that never reached the service: nothing was sent. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** Error codes of a connection lost midway, before an answer (a replica killed while answering). */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** The code of an error and of the errors it wraps (proxy libraries wrap the socket's error). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') codes.push(code);
    // Node's happy-eyeballs connect (several addresses for localhost) fails with an AggregateError.
    if (Array.isArray(errors)) for (const inner of errors) codes.push(...errorCodes(inner));
    current = cause;
  }
  return codes;
}

/** The service could not be connected to at all (a dead replica's closed port): any request may go elsewhere. */
export function neverConnected(error: unknown) {
  return errorCodes(error).some((code) => NOT_CONNECTED.has(code));
}

/** The service was not reached or dropped the connection: a request safe to repeat may go elsewhere. */
export function connectionFailed(error: unknown) {
  return neverConnected(error) || errorCodes(error).some((code) => CONNECTION_LOST.has(code));
}
