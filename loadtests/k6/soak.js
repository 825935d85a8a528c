// Soak: a steady, moderate mix for hours (SOAK_DURATION, 2 hours unless given), to catch what
// only time shows: memory that grows, a read model or event log that slows as it lengthens,
// sockets that leak.
import { registerUsers } from './lib/auth.js';
import { seconds, vus } from './lib/config.js';
import { mixedThresholds, pacedFlows } from './lib/flows.js';

const duration = __ENV.SOAK_DURATION || seconds(7200);

export const options = {
  setupTimeout: '3m',
  scenarios: {
    training: { executor: 'constant-vus', exec: 'training', vus: vus(8), duration },
    dashboard: { executor: 'constant-vus', exec: 'dashboard', vus: vus(8), duration },
    live: { executor: 'constant-vus', exec: 'live', vus: vus(2), duration },
  },
  thresholds: mixedThresholds,
};

export function setup() {
  return { users: registerUsers(Number(__ENV.USERS || 10)) };
}

export const { training, dashboard, live } = pacedFlows({ training: 3, dashboard: 5, live: 5 });
