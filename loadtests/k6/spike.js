// Spike: a quiet baseline, then everyone at once (the gym's 6 pm), then back. The thresholds
// hold over the whole run: the product may slow in the spike but must not fail or lose changes.
import { sleep } from 'k6';
import { registerUsers, userOf } from './lib/auth.js';
import { seconds, vus } from './lib/config.js';
import { liveChange, logSets, mixedThresholds, readDashboard } from './lib/flows.js';

const spike = [
  { duration: seconds(30), target: vus(2) },
  { duration: seconds(10), target: vus(100) },
  { duration: seconds(60), target: vus(100) },
  { duration: seconds(10), target: vus(2) },
  { duration: seconds(60), target: vus(2) },
];

export const options = {
  setupTimeout: '3m',
  scenarios: {
    // Each arrival opens the dashboard and trains: the spike hits reads and writes together.
    arrivals: { executor: 'ramping-vus', exec: 'arrival', startVUs: vus(2), stages: spike },
    live: { executor: 'constant-vus', exec: 'live', vus: vus(5), duration: seconds(170) },
  },
  // The mixed load's, with latency bounds a spike may stretch to.
  thresholds: { ...mixedThresholds, http_req_duration: ['p(95)<2000'], live_change_latency: ['p(95)<3000'] },
};

export function setup() {
  return { users: registerUsers(Number(__ENV.USERS || 15)) };
}

export function arrival(data) {
  const user = userOf(data);
  readDashboard(user);
  logSets(user);
  sleep(1);
}

export function live(data) {
  liveChange(userOf(data));
  sleep(1);
}
