import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * `headers` as a proxied request carries them on to a service: X-Forwarded-For extended with
 * the address the gateway sees, so the services rate-limit sign-ins per client rather than per
 * gateway; and the request id, so a service's logs and the correlation ids of the events it
 * appends match the gateway's. A service believes the chain only as far as its TRUST_PROXY goes
 * (the gateway's address, and the proxies the gateway trusts): what a client wrote into the
 * header itself sits left of that and counts for nothing.
 */
export function withForwarding(
  headers: IncomingHttpHeaders,
  request: IncomingMessage,
  requestId: string,
): IncomingHttpHeaders {
  const chain = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
  return { ...headers, ...(chain && { 'x-forwarded-for': chain }), 'x-request-id': requestId };
}
