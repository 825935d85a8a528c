import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { requestId } from '@fitness/platform/http-app.ts';
import type { FastifyBaseLogger } from 'fastify';
import { withForwarding } from './forwarded-headers.ts';
import type { LiveConnections } from './live-connections.ts';
import { neverConnected } from './query-replicas.ts';

export type UpgradeProxyOptions = {
  /** Only upgrades whose path starts with this are forwarded; others are refused with 404. */
  pathPrefix: string;
  /**
   * The origins that may receive one upgrade, in the order to try them, e.g.
   * [http://query-service:3002]: the next is tried only when one refuses the connection.
   */
  targets: (request: IncomingMessage) => string[];
  /** A target refused the connection (it is down); the next one is being tried. */
  onRefused?: (target: string) => void;
  /** A target took the upgrade. */
  onConnected?: (target: string) => void;
  /** The client's address, as the gateway settles it from its trusted proxies' X-Forwarded-For. */
  clientAddress: (request: IncomingMessage) => string | undefined;
  logger: FastifyBaseLogger;
  /** Where the tunnels' sockets are tracked, to be ended when the gateway closes. */
  connections: LiveConnections;
  /** How long the target may take to answer the upgrade. */
  handshakeTimeoutMs?: number;
};

/**
 * Forwards WebSocket upgrades (socket.io's websocket transport) to another server as a byte
 * tunnel. Fastify routes only plain HTTP, so this listens to the Node server's `upgrade` event:
 * it replays the upgrade request to the first target that takes the connection (one that
 * refuses it is down, and nothing reached it) and, once the target switches protocols, pipes
 * the two sockets together. Bytes pass untouched, so the WebSocket handshake, its extensions
 * (permessage-deflate) and pings are negotiated end to end between browser and service, with
 * no WebSocket library in between.
 *
 * Not @fastify/http-proxy's `websocket: true`, which does less here: it accepts the browser's
 * WebSocket itself (101) before it opens a second one to the service, so a replica that refuses
 * the connection cannot be passed over for the next (the browser is told 1011 instead), nor a
 * service's refusal (socket.io's 400 for an unknown session) passed on as it was; and it parses
 * and re-sends every message between two WebSockets, forwarding one subprotocol and, unless told
 * otherwise, only the cookie of the headers (none of X-Forwarded-For, X-Request-Id).
 */
export function proxyUpgrades(server: http.Server, options: UpgradeProxyOptions) {
  const { connections } = options;

  server.on('upgrade', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    const url = request.url ?? '/';
    const log = options.logger.child({ url, remoteAddress: request.socket.remoteAddress });
    // Node's own error handler left the socket with the upgrade. Browsers drop connections
    // abruptly all the time (tab closed, network gone): routine, so only at debug level.
    client.on('error', (error) => log.debug({ err: error }, 'websocket client connection failed'));
    // The path as the target will read it: `/socket.io/../x` must not reach the target's `/x`.
    if (
      !url.startsWith(options.pathPrefix) ||
      !new URL(url, 'http://gateway').pathname.startsWith(options.pathPrefix)
    ) {
      client.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    connections.track(client);
    const targets = options.targets(request);
    // Once for the upgrade, whichever targets it tries: one request id across them.
    const clientAddress = options.clientAddress(request);
    const id = requestId(request);

    const tryTarget = (index: number) => {
      const targetUrl = targets[index] ?? '';
      const target = new URL(targetUrl);
      const transport = target.protocol === 'https:' ? https : http;
      const headers = withForwarding({ ...request.headers, host: target.host }, clientAddress, id);
      const upstreamRequest = transport.request(new URL(url, target), { method: request.method, headers });
      upstreamRequest.setTimeout(options.handshakeTimeoutMs ?? 10_000, () =>
        upstreamRequest.destroy(new Error('The upgrade was not answered in time')),
      );

      // The browser went away before the target answered: stop asking.
      const abandon = () => upstreamRequest.destroy();
      client.once('close', abandon);

      upstreamRequest.on('upgrade', (response, upstream: Duplex, upstreamHead: Buffer) => {
        client.off('close', abandon);
        options.onConnected?.(targetUrl);
        connections.track(upstream);
        // A WebSocket may idle between pings for longer than any HTTP timeout.
        for (const socket of [upstream, client]) if (socket instanceof Socket) socket.setTimeout(0);
        client.write(responseHead(response));
        if (upstreamHead.length > 0) client.write(upstreamHead);
        if (head.length > 0) upstream.write(head);
        upstream.on('error', (error) => log.warn({ err: error }, 'websocket connection to the service failed'));
        // Whichever side ends or fails, the other goes too.
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
        upstream.pipe(client).pipe(upstream);
      });

      // The target answered with a plain response (it refused the upgrade): pass it on and close.
      upstreamRequest.on('response', (response) => {
        client.off('close', abandon);
        options.onConnected?.(targetUrl);
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          log.warn({ err: error }, 'reading a refused websocket upgrade failed');
          client.destroy();
        });
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          client.write(
            `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n` +
              `Content-Type: ${response.headers['content-type'] ?? 'text/plain'}\r\n` +
              `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          );
          client.end(body);
        });
      });

      upstreamRequest.on('error', (error) => {
        client.off('close', abandon);
        if (client.destroyed) {
          log.debug({ err: error }, 'websocket upgrade abandoned by the client');
          return;
        }
        // A refused connection reached nobody: the upgrade may go to the next target as it is.
        if (neverConnected(error)) {
          options.onRefused?.(targetUrl);
          if (index + 1 < targets.length) {
            log.warn({ err: error, target: targetUrl }, 'websocket upgrade refused, trying the next service');
            tryTarget(index + 1);
            return;
          }
        }
        log.error({ err: error, target: targetUrl }, 'websocket upgrade could not reach its service');
        client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      });
      upstreamRequest.end();
    };
    tryTarget(0);
  });
}

/** The status line and headers of the target's 101 answer, as it sent them. */
function responseHead(response: IncomingMessage) {
  const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}
