// Load: the expected busy hour. People training (logging sets), people looking at their
// dashboard, and open live channels, ramped up, held, and ramped down.
import { sleep } from 'k6';
import { registerUsers, userOf } from './lib/auth.js';
import { seconds, vus } from './lib/config.js';
import { liveChange, logSets, readDashboard } from './lib/flows.js';

export const options = {
  setupTimeout: '3m',
  scenarios: {
    training: {
      executor: 'ramping-vus',
      exec: 'training',
      startVUs: 0,
      stages: [
        { duration: seconds(60), target: vus(20) },
        { duration: seconds(240), target: vus(20) },
        { duration: seconds(60), target: 0 },
      ],
    },
    dashboard: {
      executor: 'ramping-vus',
      exec: 'dashboard',
      startVUs: 0,
      stages: [
        { duration: seconds(60), target: vus(30) },
        { duration: seconds(240), target: vus(30) },
        { duration: seconds(60), target: 0 },
      ],
    },
    live: { executor: 'constant-vus', exec: 'live', vus: vus(5), duration: seconds(360) },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<500', 'p(99)<1500'],
    'http_req_duration{scenario:dashboard}': ['p(95)<400'],
    'http_req_duration{name:POST /workouts/{id}/exercises/{exerciseId}/sets}': ['p(95)<300'],
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
  sleep(1);
}

export function dashboard(data) {
  readDashboard(userOf(data));
  sleep(2);
}

export function live(data) {
  liveChange(userOf(data));
  sleep(1);
}
