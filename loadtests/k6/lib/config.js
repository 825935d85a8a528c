// Where the product is and who the virtual users are: shared by every scenario.

/** The product's origin, e.g. http://gateway:3000 in the compose network. */
export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');
export const API = `${BASE_URL}/api/v1`;
/** The live channel: socket.io's engine.io v4 over a bare WebSocket. */
export const LIVE_URL = `${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;

/**
 * Accounts setup() registers and every VU shares: sign-in and registration are rate limited
 * (AUTH_RATE_LIMIT, 20 a minute per client by default), so no iteration registers anyone.
 */
export const USERS = Number(__ENV.USERS || 3);
/** Tells this run's accounts apart from earlier runs' (they stay in the product). */
export const RUN_ID = __ENV.RUN_ID || String(Date.now());
export const PASSWORD = __ENV.PASSWORD || 'k6 load test password';

export function jsonParams(token, tags = {}) {
  return {
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
    tags,
  };
}

/** Today's calendar day as the API takes it (UTC: the VUs have no time zone of their own). */
export function today() {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Stretch or shrink a scenario without editing it: TIME_SCALE=0.05 runs a 5 minute load test
 * in 15 s, VUS_SCALE=0.1 runs a 100 VU spike with 10 (as on a laptop, or under the Node adapter).
 */
const TIME_SCALE = Number(__ENV.TIME_SCALE || 1);
const VUS_SCALE = Number(__ENV.VUS_SCALE || 1);

export function seconds(count) {
  return `${Math.max(1, Math.round(count * TIME_SCALE))}s`;
}

export function vus(count) {
  return count === 0 ? 0 : Math.max(1, Math.round(count * VUS_SCALE));
}
