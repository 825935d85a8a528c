// Smoke: a handful of iterations of each flow, to prove the deployment answers as it should.
import { registerUsers, userOf } from './lib/auth.js';
import { liveChange, logSets, readDashboard } from './lib/flows.js';

// The latency bound (ms): the smoke is about answers, so it is loose, and a test on a busy
// machine may loosen it further (P95_MS) without touching the other thresholds.
const P95_MS = Number(__ENV.P95_MS || 1000);

export const options = {
  scenarios: {
    log_sets: { executor: 'shared-iterations', exec: 'logSetsFlow', vus: 2, iterations: 4, maxDuration: '30s' },
    dashboard: { executor: 'per-vu-iterations', exec: 'dashboardFlow', vus: 2, iterations: 2, maxDuration: '30s' },
    live: { executor: 'per-vu-iterations', exec: 'liveFlow', vus: 1, iterations: 2, maxDuration: '30s' },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: [`p(95)<${P95_MS}`],
    'http_req_duration{scenario:dashboard}': [`p(95)<${P95_MS}`],
    checks: ['rate>0.99'],
    sets_logged: ['count>0'],
    live_change_received: ['rate>0.99'],
  },
};

export function setup() {
  return { users: registerUsers() };
}

export function logSetsFlow(data) {
  logSets(userOf(data));
}

export function dashboardFlow(data) {
  readDashboard(userOf(data));
}

export function liveFlow(data) {
  liveChange(userOf(data));
}
