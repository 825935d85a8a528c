import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The answer to a path nothing serves; the path itself is not repeated back. */
export const NO_ROUTE = 'There is no such route.';

declare module 'fastify' {
  interface FastifyInstance {
    /** The other methods the request's path is served under (see trackAllowedMethods). */
    allowedMethods(request: FastifyRequest): string[];
  }
}

/**
 * Keeps which methods each path answers beside Fastify's own router (find-my-way, the router
 * Fastify itself uses, so both match paths alike): a request nothing serves is then told 405
 * with Allow when its path is served under another method, as HTTP asks, rather than 404. The
 * web app's catch-all page route (`/*`) is left out: it would make every path seem to exist.
 * Call before any route is added.
 */
export function trackAllowedMethods(app: FastifyInstance) {
  const routes = FindMyWay();
  const noop = () => {};
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    for (const method of [route.method].flat() as HTTPMethods[]) {
      if (!routes.hasRoute(method as never, route.url)) routes.on(method as never, route.url, noop);
    }
  });
  app.decorate('allowedMethods', (request: FastifyRequest) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    return METHODS.filter((method) => method !== request.method && routes.find(method, path) !== null);
  });
}

/** 405 with Allow for a path served under other methods, else 404. */
export function answerNoRoute(request: FastifyRequest, reply: FastifyReply) {
  // An app made without trackAllowedMethods (a test's bare Fastify) knows of no other method.
  const allowed = request.server.hasDecorator('allowedMethods') ? request.server.allowedMethods(request) : [];
  if (allowed.length === 0) return reply.status(404).send({ message: NO_ROUTE });
  return reply
    .status(405)
    .header('Allow', allowed.join(', '))
    .send({ message: `This address takes ${allowed.join(', ')}, not ${request.method}.` });
}
