import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * `headers` as a proxied request carries them on to a service: X-Forwarded-For set to the
 * client's address as the gateway settled it, so the services rate-limit sign-ins per client
 * rather than per gateway; and the request id, so a service's logs and the correlation ids of
 * the events it appends match the gateway's. Only the settled address goes on, not the chain
 * the request came with: the services trust the gateway alone, and need not know which proxies
 * in front of it the gateway trusts (what a client wrote into the header itself counts for
 * nothing either way).
 */
export function withForwarding(
  headers: IncomingHttpHeaders,
  clientAddress: string | undefined,
  requestId: string,
): IncomingHttpHeaders {
  const { 'x-forwarded-for': _chain, ...rest } = headers;
  return { ...rest, ...(clientAddress && { 'x-forwarded-for': clientAddress }), 'x-request-id': requestId };
}

/** Which proxies' X-Forwarded-For to believe (config.trustProxy), compiled once; null: none. */
export function trustedBy(trustProxy: string[]) {
  return trustProxy.length === 0 ? null : proxyAddr.compile(trustProxy);
}

/**
 * The client's address of a request Fastify does not route (a WebSocket upgrade), settled as
 * Fastify settles `request.ip`: the nearest address in X-Forwarded-For that `trusted` does not
 * name (none trusted: the connection's own address).
 */
export function clientAddressOf(request: IncomingMessage, trusted: ReturnType<typeof trustedBy>) {
  return trusted ? proxyAddr(request, trusted) : request.socket.remoteAddress;
}
