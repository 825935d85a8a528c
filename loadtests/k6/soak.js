// Soak: a steady, moderate mix for hours (SOAK_DURATION, 2 hours unless given), to catch what
// only time shows: memory that grows, a read model or event log that slows as it lengthens,
// sockets that leak.
import { sleep } from 'k6';
import { registerUsers, userOf } from './lib/auth.js';
import { seconds, vus } from './lib/config.js';
import { liveChange, logSets, readDashboard } from './lib/flows.js';

const duration = __ENV.SOAK_DURATION || seconds(7200);

export const options = {
  setupTimeout: '3m',
  scenarios: {
    training: { executor: 'constant-vus', exec: 'training', vus: vus(8), duration },
    dashboard: { executor: 'constant-vus', exec: 'dashboard', vus: vus(8), duration },
    live: { executor: 'constant-vus', exec: 'live', vus: vus(2), duration },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<500', 'p(99)<1500'],
    checks: ['rate>0.99'],
    sets_logged: ['count>0'],
    live_change_received: ['rate>0.99'],
    live_change_latency: ['p(95)<1000'],
  },
};

export function setup() {
  return { users: registerUsers(Number(__ENV.USERS || 10)) };
}

export function training(data) {
  logSets(userOf(data));
  sleep(3);
}

export function dashboard(data) {
  readDashboard(userOf(data));
  sleep(5);
}

export function live(data) {
  liveChange(userOf(data));
  sleep(5);
}
