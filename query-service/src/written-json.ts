import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends an answer already written as JSON, a string or a stream of it, as it is (Fastify does not
 * serialize either again). The route's response schema still documents its shape; this takes the
 * plain reply because a route's typed reply takes only the schema's object, not its JSON.
 */
export function sendWrittenJson(reply: FastifyReply, json: string | Readable) {
  return reply.type('application/json; charset=utf-8').send(json);
}
