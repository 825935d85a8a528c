import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

/**
 * GET /sanctum/csrf-cookie, which the web client calls before signing in or registering, sets
 * the XSRF-TOKEN cookie it echoes as X-XSRF-TOKEN. The API authenticates with bearer tokens,
 * never with cookies, so a forged cross-site request carries no credentials; the cookie keeps
 * the client contract whole.
 */
export async function registerCsrfCookie(app: FastifyInstance) {
  await app.register(cookie);
  app.get('/sanctum/csrf-cookie', { schema: { hide: true } }, async (_request, reply) => {
    reply.setCookie('XSRF-TOKEN', randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      maxAge: 2 * 60 * 60,
    });
    return reply.status(204).send();
  });
}
