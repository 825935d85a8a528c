// Load: the expected busy hour. People training (logging sets), people looking at their
// dashboard, and open live channels, ramped up, held, and ramped down.
import { registerUsers } from './lib/auth.js';
import { seconds, vus } from './lib/config.js';
import { mixedThresholds, pacedFlows } from './lib/flows.js';

/** A minute up to `target` VUs, four minutes held, a minute back down. */
const busyHour = (target) => [
  { duration: seconds(60), target: vus(target) },
  { duration: seconds(240), target: vus(target) },
  { duration: seconds(60), target: 0 },
];

export const options = {
  setupTimeout: '3m',
  scenarios: {
    training: { executor: 'ramping-vus', exec: 'training', startVUs: 0, stages: busyHour(20) },
    dashboard: { executor: 'ramping-vus', exec: 'dashboard', startVUs: 0, stages: busyHour(30) },
    live: { executor: 'constant-vus', exec: 'live', vus: vus(5), duration: seconds(360) },
  },
  thresholds: {
    ...mixedThresholds,
    'http_req_duration{scenario:dashboard}': ['p(95)<400'],
    'http_req_duration{name:POST /workouts/{id}/exercises/{exerciseId}/sets}': ['p(95)<300'],
  },
};

export function setup() {
  return { users: registerUsers(Number(__ENV.USERS || 10)) };
}

export const { training, dashboard, live } = pacedFlows({ training: 1, dashboard: 2, live: 1 });
