import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccessTokenList,
  AccountExport,
  ClientSettingsResponse,
  clientSettingsResponse,
  ErrorBody,
  presentToken,
  User,
} from '@fitness/contracts';
import { allProjections } from '@fitness/projections';
import type { FastifyRequest } from 'fastify';
import { signedInRead } from '../read-your-writes.ts';
import type { QueryServices } from '../services.ts';
import { sendWrittenJson } from '../written-json.ts';
import { exportAccount } from './account-export.ts';

/** The signed-in user, with profile. Authentication already loaded it from the `users` model. */
export const userQueryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  app.addHook('onRequest', signedInRead(services, ['users']));
  const schema = (summary: string) => ({ tags: ['account'], summary, response: { 200: User, 401: ErrorBody } });
  app.get('/auth/me', { schema: schema('The signed-in user with profile') }, async (request) => request.auth?.user);
  app.get('/me', { schema: schema('The signed-in account with profile') }, async (request) => request.auth?.user);
  app.get(
    '/me/settings',
    {
      schema: {
        tags: ['account'],
        summary: 'Your client settings (spec section 3), the defaults where you changed nothing',
        response: { 200: ClientSettingsResponse, 401: ErrorBody },
      },
    },
    async (request) => clientSettingsResponse(signedIn(request).settings),
  );
  app.get(
    '/auth/tokens',
    {
      schema: {
        tags: ['auth'],
        summary: 'Your signed-in devices and personal access tokens, newest first, with when each was last used',
        response: { 200: AccessTokenList, 401: ErrorBody },
      },
    },
    async (request) => {
      const now = new Date().toISOString();
      const tokens = signedIn(request)
        .tokens.filter((token) => token.expires_at > now)
        .map((token) => presentToken(token, request.auth?.tokenId))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      return { data: tokens };
    },
  );
};

function signedIn(request: FastifyRequest) {
  const user = request.auth?.user;
  if (!user) throw new Error('signedInRead sets request.auth');
  return user;
}

/** Everything the signed-in user owns, as one JSON file to download. */
export const accountExportRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  // The account written through the User schema, as a response would be: nothing it does not
  // list. One object for the route's life, so its serializer is compiled once.
  const accountSchema = { ...User };
  app.addHook(
    'onRequest',
    signedInRead(
      services,
      allProjections.map((projection) => projection.collection.name),
    ),
  );
  app.get(
    '/me/export',
    {
      schema: {
        tags: ['account'],
        summary:
          'Download everything you logged: profile, workouts, meals, water, steps, weigh-ins, your exercises, foods and templates',
        response: { 200: AccountExport, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = request.auth?.user;
      if (!user) throw new Error('signedInRead sets request.auth');
      const now = new Date();
      const serializeAccount = (account: AccountExport['user']) => reply.serializeInput(account, accountSchema);
      // An AccountExport written as it is read; the stream waits while the client is slow to take it.
      const exported = Readable.from(exportAccount(services.readStore, user, now, serializeAccount));
      reply
        .header('Content-Disposition', `attachment; filename="stride-export-${now.toISOString().slice(0, 10)}.json"`)
        .header('Cache-Control', 'no-store');
      return sendWrittenJson(reply, exported);
    },
  );
};
