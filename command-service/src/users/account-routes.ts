import {
  ClientSettingsResponse,
  CreateAccessTokenBody,
  CreatedAccessToken,
  clientSettingsResponse,
  ErrorBody,
  formatToken,
  MessageResponse,
  PERSONAL_TOKEN_DAYS,
  presentToken,
  UpdateClientSettingsBody,
} from '@fitness/contracts';
import { Type } from 'typebox';
import { requestContext, signedInUser } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { AccessTokenNotFound, UserNotFound } from './errors.ts';
import { newToken } from './sign-in/session-tokens.ts';
import { users, usersHold } from './user-stream.ts';

/**
 * The client settings the user changes on one device, under /api/v1/me/settings: they reach the
 * others through the users read model's live change.
 */
export const clientSettingsCommandRoutes = signedInCommands(async (app, { run }) => {
  app.patch(
    '',
    {
      schema: {
        tags: ['account'],
        summary: 'Change client settings (those of spec section 3); they follow you to your other devices',
        body: UpdateClientSettingsBody,
        response: { 200: ClientSettingsResponse, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await run(users, request, reply, { type: 'ChangeClientSettings', changes: request.body });
      return clientSettingsResponse(result.document?.settings);
    },
  );
});

/**
 * The account's bearer tokens, under /api/v1/auth/tokens: personal access tokens made for
 * scripts, and signing out any session or token, which stops it at once, open sockets included.
 */
export const accessTokenCommandRoutes = signedInCommands(async (app, { services, run }) => {
  app.post(
    '',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Make a personal access token for a script or app (usable as a Bearer token); the plain token is shown only in this answer',
        body: CreateAccessTokenBody,
        response: { 201: CreatedAccessToken, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request);
      const { name, expires_in_days = PERSONAL_TOKEN_DAYS.default } = request.body;
      // The plain token is in this answer only, its hash in the log.
      const issued = newToken(name.trim(), 'personal', expires_in_days, requestContext(request, services.clock).now);
      const { document } = await run(users, request, reply, { type: 'IssueToken', token: issued.token });
      const token = document?.tokens.find((t) => t.id === issued.token.tokenId);
      if (!token) throw new UserNotFound();
      reply.status(201);
      return {
        access_token: presentToken(token, request.auth?.tokenId),
        plain_text_token: formatToken(userId, issued.token.tokenId, issued.secret),
      };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a token or sign out a device: it stops working at once, on open sockets too',
        params: Type.Object({ id: Type.String() }),
        response: { 200: MessageResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!request.auth?.user.tokens.some((token) => token.id === id)) throw new AccessTokenNotFound();
      const { position } = await run(users, request, reply, { type: 'RevokeToken', tokenId: id });
      // Answer once the token is really dead, so the next request with it is refused.
      await usersHold(services, position);
      return { message: 'The token was revoked.' };
    },
  );
});
