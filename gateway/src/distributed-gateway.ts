import replyFrom from '@fastify/reply-from';
import type { Config } from '@fitness/platform/config.ts';
import { ServiceUnavailable } from '@fitness/platform/errors.ts';
import { registerHealthRoutes, upstreamChecks } from '@fitness/platform/health.ts';
import { createHttpApp } from '@fitness/platform/http-app.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { registerCsrfCookie } from './csrf.ts';
import { clientAddressOf, trustedBy, withForwarding } from './forwarded-headers.ts';
import { registerFrontend } from './frontend.ts';
import { LiveConnections } from './live-connections.ts';
import { fetchMergedApiDocs } from './merged-api-docs.ts';
import { connectionFailed, neverConnected, QueryReplicas, REPLICA_COOKIE, type Replica } from './query-replicas.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { proxyUpgrades } from './upgrade-proxy.ts';

export type DistributedGatewayOptions = {
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
};

/** Every method the API uses; GET (and the HEAD Fastify derives from it) are reads. */
const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The distributed deployment's front door, serving the same origin as the embedded product:
 * /api/v1 reads (GET, HEAD) go to the query service and every other method to the command
 * service, except an admin's projection rebuild, which goes to the projections process, and the
 * start of a Google sign-in, which goes to the command service; /socket.io (long-polling and
 * WebSocket upgrades) goes to the query service. Reads and sessions are spread over the query
 * service's replicas when QUERY_SERVICE_URL lists several (see forwardToReplicas); the
 * OpenAPI document merges the services' own; the CSRF cookie and the web app are served here.
 * Holds no stores: a gateway restarts in an instant and any number can run.
 * Returns the app without listening.
 */
export async function buildDistributedGateway(config: Config, options: DistributedGatewayOptions = {}) {
  const app = createHttpApp({ config, logger: options.logger });
  const live = new LiveConnections();
  // The requests are logged by Fastify already; the connection pool goes when the app closes.
  registerSecurityHeaders(app, config);
  await app.register(replyFrom, { disableRequestLogging: true, destroyAgent: true });
  await registerCsrfCookie(app);
  const queries = new QueryReplicas(config.queryServiceUrls);
  const trustedProxies = trustedBy(config.trustProxy);
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async (request) => {
    // Every replica serves the same document: the first that is not known to be down.
    const queryService = queries.candidates()[0]?.url ?? '';
    const projections = await activeProjector(config.projectionsServiceUrls);
    return fetchMergedApiDocs([config.commandServiceUrl, queryService, projections], request.log);
  });

  await app.register(async (proxied) => {
    // Bodies pass through as they came, unparsed: each service parses and validates its own,
    // with its own limits and error answers, exactly as the embedded product would.
    proxied.removeAllContentTypeParsers();
    proxied.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const toQueries = forwardToReplicas(queries, { sessions: false });
    const toLiveSessions = forwardToReplicas(queries, { sessions: true });
    const toCommands = forwardTo(config.commandServiceUrl);
    await proxied.register(
      async (api) => {
        // A rebuild runs where the runner is: the projections process holding the lease.
        api.route({
          method: ['POST'],
          url: '/admin/projections/*',
          handler: async (request, reply) =>
            forwardTo(await activeProjector(config.projectionsServiceUrls))(request, reply),
        });
        // Starting a Google sign-in is a GET, but it belongs with finishing it, where the other
        // sign-ins and the provider's adapter are: the command service.
        api.route({ method: ['GET'], url: '/auth/google/redirect', handler: toCommands });
        api.route({
          method: API_METHODS,
          url: '/*',
          handler: (request, reply) =>
            (request.method === 'GET' || request.method === 'HEAD' ? toQueries : toCommands)(request, reply),
        });
      },
      { prefix: '/api/v1' },
    );
    proxied.route({
      method: ['GET', 'POST'],
      url: '/socket.io/*',
      handler: (request, reply) => {
        live.track(request.raw.socket, reply.raw);
        return toLiveSessions(request, reply);
      },
    });
  });
  // Ready when every service behind it says it is (their own /ready).
  registerHealthRoutes(
    app,
    upstreamChecks({
      command_service: config.commandServiceUrl,
      query_services: config.queryServiceUrls,
      projections: config.projectionsServiceUrls,
    }),
  );
  await registerFrontend(app);

  proxyUpgrades(app.server, {
    pathPrefix: '/socket.io/',
    // A session that began with long-polling upgrades on the replica holding it; a WebSocket
    // from the start (what the web app opens first) may go to any replica.
    targets: (request) => {
      const cookies = request.headers.cookie ? app.parseCookie(request.headers.cookie) : {};
      return queries.candidates(cookies[REPLICA_COOKIE]).map((replica) => replica.url);
    },
    onRefused: (url) => queries.markDown({ url }),
    onConnected: (url) => queries.markUp({ url }),
    clientAddress: (request) => clientAddressOf(request, trustedProxies),
    logger: app.log,
    connections: live,
  });
  app.addHook('preClose', async () => live.destroyAll());
  return app;
}

/**
 * A handler that sends the request on to one of the query service replicas, round robin, and
 * its answer back. A replica that refuses the connection is passed over for a while, and a GET
 * or HEAD (safe to repeat) goes on to the next replica when one refused it or dropped the
 * connection. With `sessions` (socket.io), a request goes to the replica the sticky cookie
 * names while that one is up, and an answer from another replica (a new session, or a session
 * whose replica died and which the client opens anew) sets the cookie to name it.
 */
function forwardToReplicas(replicas: QueryReplicas, options: { sessions: boolean }) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const stickyId = options.sessions ? request.cookies[REPLICA_COOKIE] : undefined;
    const candidates = replicas.candidates(stickyId);
    const idempotent = request.method === 'GET' || request.method === 'HEAD';
    const attempt = (index: number): FastifyReply => {
      const replica = candidates[index] as Replica;
      return reply.from(request.url, {
        getUpstream: () => replica.url,
        retryDelay: () => null,
        rewriteRequestHeaders: (_request, headers) => withForwarding(headers, request.ip, request.id),
        rewriteHeaders: (headers) => {
          replicas.markUp(replica);
          if (options.sessions && replicas.several && stickyId !== replica.id) {
            reply.setCookie(REPLICA_COOKIE, replica.id, {
              path: '/socket.io',
              httpOnly: true,
              sameSite: 'lax',
              secure: request.protocol === 'https',
            });
          }
          return headers;
        },
        onError: (failed, { error }) => {
          if (neverConnected(error)) replicas.markDown(replica);
          if (idempotent && index + 1 < candidates.length && connectionFailed(error) && !failed.sent) {
            request.log.warn({ err: error, service: replica.url }, 'a query service replica failed, trying the next');
            attempt(index + 1);
            return;
          }
          request.log.error({ err: error, service: replica.url }, 'the service did not answer');
          failed.send(new ServiceUnavailable());
        },
      });
    };
    return attempt(0);
  };
}

/** A handler that sends the request on to a service and its answer back to the client. */
function forwardTo(serviceUrl: string) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    reply.from(request.url, {
      getUpstream: () => serviceUrl,
      // No retries: reply-from would repeat a GET that a service answered 503, and the client
      // already knows when to try again (and sends a command id that makes repeats harmless).
      retryDelay: () => null,
      rewriteRequestHeaders: (_request, headers) => withForwarding(headers, request.ip, request.id),
      onError: (failed, { error }) => {
        request.log.error({ err: error, service: serviceUrl }, 'the service did not answer');
        failed.send(new ServiceUnavailable());
      },
    });
}

/**
 * Of the projections processes, the one holding the lease, as their own GET /health says (a
 * standby refuses a rebuild with 503). Asked each time: a rebuild is rare, and the holder
 * changes whenever one dies. When none says so (one process, or an older one), the first.
 */
async function activeProjector(urls: string[]) {
  if (urls.length === 1) return urls[0] ?? '';
  const roles = await Promise.all(
    urls.map((url) =>
      fetch(new URL('/health', url), { signal: AbortSignal.timeout(2000) })
        .then((response) => response.json() as Promise<{ role?: string }>)
        .then(
          (health) => health.role,
          () => undefined,
        ),
    ),
  );
  return urls[roles.indexOf('active')] ?? urls[0] ?? '';
}
