import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { minPosition } from './admission.ts';

/**
 * The log position of each user's latest write, remembered by the process that both writes
 * and reads (the embedded server), so that a user's next read reflects it even when the client
 * does not send X-Min-Position: a script that creates a workout and fetches it at once finds
 * it. The web app sends the header anyway; with it, the later of the two positions counts.
 * Users seen least recently are forgotten first: their writes are long projected by then.
 */
export class OwnWrites {
  private readonly latest: LRUCache<string, number>;

  constructor(limit = 10_000) {
    this.latest = new LRUCache({ max: limit });
  }

  note(userId: string, position: number) {
    // peek: only a write makes a user recently written, not a read of their position.
    if (position <= (this.latest.peek(userId) ?? 0)) return;
    this.latest.set(userId, position);
  }

  positionOf(userId: string) {
    return this.latest.peek(userId) ?? 0;
  }
}

/**
 * Remembers the position each signed-in user's successful write answered with (its
 * X-Event-Position), before the answer leaves, so no read the client sends after it can miss it.
 */
export function recordOwnWrites(app: FastifyInstance, ownWrites: OwnWrites) {
  // In callback form: every answer passes here, and an async hook costs each a promise.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (request.method !== 'GET' && request.auth && reply.statusCode < 300) {
      const position = Number(reply.getHeader('x-event-position'));
      if (Number.isSafeInteger(position) && position > 0) ownWrites.note(request.auth.id, position);
    }
    done(null, payload);
  });
}

/**
 * The position a signed-in read waits for: the one the client asks (X-Min-Position), or its
 * user's latest write when this process remembers a later one.
 */
export function readPosition(request: FastifyRequest, ownWrites: OwnWrites | undefined) {
  const asked = minPosition(request);
  const own = request.auth && ownWrites ? ownWrites.positionOf(request.auth.id) : 0;
  return Math.max(asked, own);
}
