import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { UNSAFE_PUSH_ENDPOINT } from '@fitness/contracts';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send a push. A subscription's endpoint is whatever the browser (or an
 * attacker posing as one) says, and the server POSTs to it later on its own: left open, that is
 * a request forgery into the server's own network. So an endpoint must be an https URL whose
 * host has only public unicast addresses: no loopback, private (RFC 1918, ULA), link-local
 * (cloud metadata), CGNAT, multicast, unspecified or reserved one, nor an IPv6 form embedding
 * an IPv4 one (6to4, Teredo, NAT64). Checked when a browser subscribes, and again by the sender
 * on the address it connects to, since a name may resolve elsewhere by then.
 */
export type PushEndpointPolicy = {
  /**
   * PUSH_ALLOW_INSECURE_ENDPOINTS: http on loopback and loopback addresses are allowed, for the
   * local push endpoint tests run against. Off by default; never for a real deployment.
   */
  allowInsecureEndpoints: boolean;
};

/** The DNS port: every address a name resolves to. Tests pass one that answers as they need. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** A subscribe-time lookup that hangs (a name on a slow DNS server) is refused, not waited on. */
const RESOLVE_TIMEOUT_MS = 3000;

export class RefusedPushAddress extends Error {
  readonly code = 'EPUSHADDRESS';

  constructor(hostname: string) {
    super(`The push endpoint's host ${hostname} is not on the public internet; nothing was sent.`);
  }
}

/** Whether the server may connect to this address under the policy. */
export function permittedAddress(address: string, policy: PushEndpointPolicy) {
  if (!ipaddr.isValid(address)) return false;
  // process() reads an IPv4-mapped IPv6 address (::ffff:127.0.0.1) as the IPv4 address it is.
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (policy.allowInsecureEndpoints && range === 'loopback');
}

/** The host as an address when it is one (the URL parser already read 0x7f000001 as 127.0.0.1). */
function literalAddress(hostname: string) {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : null;
}

/**
 * What can be told from the URL alone: the scheme, and the host when it is an address. Null
 * when nothing is wrong so far; a name still has to be resolved (`pushEndpointProblem` or, when
 * sending, `guardedLookup`).
 */
export function pushEndpointUrlProblem(url: URL | null, policy: PushEndpointPolicy) {
  if (!url) return UNSAFE_PUSH_ENDPOINT;
  const address = literalAddress(url.hostname);
  const loopbackHost =
    url.hostname === 'localhost' || (address !== null && ipaddr.process(address).range() === 'loopback');
  const schemeAllowed =
    url.protocol === 'https:' || (url.protocol === 'http:' && policy.allowInsecureEndpoints && loopbackHost);
  if (!schemeAllowed) return UNSAFE_PUSH_ENDPOINT;
  if (address !== null && !permittedAddress(address, policy)) return UNSAFE_PUSH_ENDPOINT;
  return null;
}

/** The subscribe-time check: the URL, then every address its host resolves to. Null when allowed. */
export async function pushEndpointProblem(
  endpoint: string,
  policy: PushEndpointPolicy,
  resolve: ResolveAll = resolveAll,
): Promise<string | null> {
  const url = URL.parse(endpoint);
  const problem = pushEndpointUrlProblem(url, policy);
  if (problem || !url || literalAddress(url.hostname)) return problem;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), RESOLVE_TIMEOUT_MS);
  });
  try {
    const addresses = await Promise.race([resolve(url.hostname), timedOut]);
    const allowed = addresses.length > 0 && addresses.every(({ address }) => permittedAddress(address, policy));
    return allowed ? null : UNSAFE_PUSH_ENDPOINT;
  } catch {
    return UNSAFE_PUSH_ENDPOINT;
  } finally {
    clearTimeout(timer);
  }
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls connect that resolves the name and refuses it unless every address is
 * permitted, so the address checked is the one connected to (no window for DNS to change in).
 * Node skips lookup for an address literal: the sender checks those from the URL first.
 */
export function guardedLookup(policy: PushEndpointPolicy, resolve: ResolveAll = resolveAll) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
        const usable = addresses.filter(({ family }) => !wanted || family === wanted);
        if (usable.length === 0 || !addresses.every(({ address }) => permittedAddress(address, policy))) {
          callback(new RefusedPushAddress(hostname), []);
        } else if (options.all) {
          callback(null, usable);
        } else {
          const [first] = usable as [LookupAddress];
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, []),
    );
  };
}
