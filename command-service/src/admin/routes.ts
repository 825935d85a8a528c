import { AdminRoleBody, AdminUserParams, ErrorBody, MessageResponse, User } from '@fitness/contracts';
import { namedUserCommandRunner, requestContext } from '../core/command-route.ts';
import { adminCommands } from '../core/route-group.ts';
import { deleteAccount } from '../users/account-deletion/delete-account.ts';
import { UserNotFound } from '../users/errors.ts';
import { userStateOf, users, usersHold } from '../users/user-stream.ts';

/**
 * An admin manages users (spec 7 "Admin"), under /api/v1/admin/users: changes a role, deletes an account. Admins only.
 * The acting admin is the events' actor. The last admin can be neither demoted nor deleted: the
 * admins' claim's rule (AdminSeats), which holds across command services.
 */
export const adminCommandRoutes = adminCommands(async (app, { services }) => {
  const runOn = namedUserCommandRunner(services);

  app.patch(
    '/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Change a user's role; the user's open screens and sockets follow at once. The last admin cannot be demoted",
        params: AdminUserParams,
        body: AdminRoleBody,
        response: { 200: User, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.params.id;
      const { role } = request.body;
      const context = requestContext(request, services.clock);
      const result = await services.adminSeats.change(
        userId,
        role === 'admin' ? null : 'demotion',
        context,
        (release) => runOn(users, request, reply, { type: 'AdminChangeRole', userId, role, release }),
      );
      // Answer once the users model holds the new role: the user's next request (and socket) sees it.
      await usersHold(services, result.position);
      if (!result.document) throw new UserNotFound();
      const { tokens: _tokens, ...user } = result.document;
      return user;
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Delete a user's account for good, as if they deleted it themselves: their data goes, every token " +
          'and socket of theirs stops working. The last admin cannot be deleted',
        params: AdminUserParams,
        response: { 200: MessageResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.params.id;
      const state = await userStateOf(services.handler, userId);
      // An admin deleting their own account is one of its writes under way.
      const ownWrites = userId === request.auth?.id ? 1 : 0;
      await deleteAccount(services, request, reply, { userId, state, ownWrites }, 'deletion', (release) => ({
        type: 'AdminDeleteAccount',
        userId,
        release,
      }));
      return { message: 'The account has been deleted.' };
    },
  );
});
