import { DEFAULT_MAINTENANCE_MESSAGE, type Role } from '@fitness/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from './admission.ts';
import type { Authenticator } from './authentication.ts';
import { UnderMaintenance } from './errors.ts';

/**
 * What anyone may still reach while maintenance mode is on: the site's public info, signing out,
 * and starting a Google sign-in (which signs nobody in by itself).
 */
export const MAINTENANCE_OPEN_ROUTES: ReadonlySet<string> = new Set([
  'GET /site',
  'POST /auth/logout',
  'GET /auth/google/redirect',
]);
/**
 * Sign-ins pass the gate: whether an admin signs in is known only once the credentials are
 * checked. Both ways of signing in refuse anyone else themselves, before a token is issued
 * (refuseSignInDuringMaintenance), so a refused sign-in leaves no session behind.
 */
const SIGN_IN = new Set(['POST /auth/login', 'POST /auth/google/callback']);

const routeKey = (request: FastifyRequest, prefix: string) => {
  const url = request.routeOptions.url ?? '';
  return `${request.method} ${url.startsWith(prefix) ? url.slice(prefix.length) : url}`;
};

/**
 * Maintenance mode: while an admin has it on, every API request of anyone but an admin answers
 * 503 with the admins' message (the client shows it as the "Maintenance Mode" toast). Admins keep
 * working, and can switch it off. Sign-in stays open, but only an admin's succeeds (see SIGN_IN).
 * Register it on the plugin that holds a service's routes; `prefix` is what the routes' URLs start with.
 */
export function registerMaintenanceGate(app: FastifyInstance, authenticator: Authenticator, prefix = '/api/v1') {
  const gate = async (request: FastifyRequest) => {
    const key = routeKey(request, prefix);
    if (MAINTENANCE_OPEN_ROUTES.has(key) || SIGN_IN.has(key)) return;
    const settings = await authenticator.systemSettings();
    if (!settings.maintenance_mode) return;
    const auth = await authenticator.authenticate(bearerToken(request));
    if (auth?.role === 'admin') return;
    throw underMaintenance(settings);
  };
  // In callback form, and with no promise while the settings are known to be off: every
  // request of the API passes here, and almost always through an open gate.
  app.addHook('onRequest', (request, _reply, done) => {
    if (authenticator.knownSettings()?.maintenance_mode === false) return done();
    gate(request).then(() => done(), done);
  });
}

/**
 * Throws UnderMaintenance while maintenance mode is on and the one signing in is not an admin:
 * called once their credentials are checked and before a token is issued, so a refused sign-in
 * leaves no session behind.
 */
export async function refuseSignInDuringMaintenance(authenticator: Authenticator, role: Role) {
  const settings = await authenticator.systemSettings();
  if (settings.maintenance_mode && role !== 'admin') throw underMaintenance(settings);
}

/** The 503 of maintenance mode, with the admins' message. */
const underMaintenance = (settings: { maintenance_message?: string | null }) =>
  new UnderMaintenance(settings.maintenance_message ?? DEFAULT_MAINTENANCE_MESSAGE);
