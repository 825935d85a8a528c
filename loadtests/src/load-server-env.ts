/**
 * What a server under load from this machine is started with: the load comes from one address
 * (loopback), so the per-address limits meant for real clients (sign-in attempts a minute,
 * connections held open) are raised past what any bench sends.
 */
export const LOAD_SERVER_ENV = { AUTH_RATE_LIMIT: '100000', CONNECTIONS_PER_ADDRESS: '100000' } as const;
