import { Readable } from 'node:stream';
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
import { signedInReads } from '../route-group.ts';
import { sendWrittenJson } from '../written-json.ts';
import { exportAccount } from './account-export.ts';

const userSchema = (summary: string) => ({ tags: ['account'], summary, response: { 200: User, 401: ErrorBody } });

/** GET /auth/me: the signed-in user, with profile. Authentication already loaded it from the `users` model. */
export const authMeRoutes = signedInReads(['users'], async (app) => {
  app.get('/me', { schema: userSchema('The signed-in user with profile') }, async (request) => request.auth?.user);
});

/** The signed-in account (under /me) and its client settings. */
export const userQueryRoutes = signedInReads(['users'], async (app) => {
  app.get('', { schema: userSchema('The signed-in account with profile') }, async (request) => request.auth?.user);
  app.get(
    '/settings',
    {
      schema: {
        tags: ['account'],
        summary: 'Your client settings (spec section 3), the defaults where you changed nothing',
        response: { 200: ClientSettingsResponse, 401: ErrorBody },
      },
    },
    async (request) => clientSettingsResponse(signedIn(request).settings),
  );
});

/** The signed-in user's devices and personal access tokens (under /auth/tokens). */
export const accessTokenQueryRoutes = signedInReads(['users'], async (app) => {
  app.get(
    '',
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
});

function signedIn(request: FastifyRequest) {
  const user = request.auth?.user;
  if (!user) throw new Error('signedInRead sets request.auth');
  return user;
}

/** Everything the signed-in user owns, as one JSON file to download. */
export const accountExportRoutes = signedInReads(
  allProjections.map((projection) => projection.collection.name),
  async (app, services) => {
    // The account written through the User schema, as a response would be: nothing it does not
    // list. One object for the route's life, so its serializer is compiled once.
    const accountSchema = { ...User };
    app.get(
      '',
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
  },
);
