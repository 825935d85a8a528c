import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, SiteInfo, SystemSettings, toSiteInfo } from '@fitness/contracts';
import { requireAdmin } from '@fitness/platform/admission.ts';
import type { QueryServices } from '../services.ts';

/** The system settings for admins: every field, from the `system_settings` read model. */
export const adminSettingsQueryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  app.addHook('onRequest', requireAdmin(services.authenticator));
  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'The system settings (spec 3 "Admin settings"); the defaults until an admin changes one',
        response: { 200: SystemSettings, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => services.authenticator.systemSettings(),
  );
};

/**
 * What every visitor may know, signed in or not, even during maintenance: the site's name (page
 * title, header, manifest), whether registration is open, maintenance with its message, and whether Google sign-in is offered.
 */
export const siteQueryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  app.get(
    '',
    {
      schema: {
        tags: ['site'],
        summary: "The site's public information: name, registration open, maintenance, Google sign-in offered",
        response: { 200: SiteInfo },
      },
    },
    async () =>
      toSiteInfo(await services.authenticator.systemSettings(), { googleSignIn: services.googleSignInOffered }),
  );
};
