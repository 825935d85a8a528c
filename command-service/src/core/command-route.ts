import type { DomainEvent } from '@fitness/contracts';
import type { Projection } from '@fitness/projections';
import type { Document } from '@fitness/stores';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { commandContext } from './command-context.ts';
import type { CommandContext, CommandHandler, CommandResult, Decider } from './command-handler.ts';

/** Who a signed-in user's command acts for, and the moment it was decided (ISO 8601). */
export type Actor = { userId: string; at: string };

/** A command as a route writes it: the runner adds the actor (and `Also`, what a route adds itself). */
export type RouteCommand<C, Also extends PropertyKey = never> = C extends unknown ? Omit<C, keyof Actor | Also> : never;

/**
 * An aggregate as the routes write to it: its decider, the stream a command goes to (one per
 * instance, named from the command), and the read model whose document the answer carries.
 */
export type Aggregate<C, E extends DomainEvent, S, D extends Document = Document> = {
  decider: Decider<C, E, S>;
  streamOf(command: C): string;
  view?: Projection<D>;
  /**
   * Its commands may wait in a client's outbox while offline (a set, a meal entry, water, a
   * weigh-in): their moment is the user's, the X-Client-Time the client sent, when it sent one.
   * Others (accounts, sessions, settings) keep the server's: their times guard expiries and
   * limits, which a client's clock must not move.
   */
  takesClientTime?: boolean;
};

/** A command as a route writes it for the user it names itself: the clock adds the moment. */
export type NamedUserCommand<C> = C extends unknown ? Omit<C, 'at'> : never;

type Services = { handler: CommandHandler; clock: () => Date };

/**
 * The one way a route runs a command: the signed-in user and the clock complete it, the
 * handler decides and appends it (idempotent on Idempotency-Key, retried on a concurrent
 * write), and the answer carries the position of its last event as X-Event-Position, for
 * read-your-writes. What a command needs from other streams first (a food's nutrients, a
 * unique name's claim) the route looks up before running it.
 */
export function commandRunner(services: Services) {
  return async function run<C, E extends DomainEvent, S, D extends Document>(
    aggregate: Aggregate<C, E, S, D>,
    request: FastifyRequest,
    reply: FastifyReply,
    command: RouteCommand<C>,
  ): Promise<CommandResult<S, D>> {
    const context = requestContext(request, services.clock);
    const at = (aggregate.takesClientTime ? actedAt(context) : context.now).toISOString();
    const full = { ...command, userId: signedInUser(request), at } as C;
    return runCommand(services, aggregate, reply, full, context);
  };
}

/**
 * The same runner for a command on a user the route names rather than the signed-in one: an
 * account being registered or signed in to (nobody is signed in yet), the account a mailed link
 * is for, the account an admin acts on. `actorId` is who the events name as their actor: the
 * signed-in user (or nobody), unless the route knows better (the owner of a mailed link).
 */
export function namedUserCommandRunner(services: Services) {
  return async function run<C, E extends DomainEvent, S, D extends Document>(
    aggregate: Aggregate<C, E, S, D>,
    request: FastifyRequest,
    reply: FastifyReply,
    command: NamedUserCommand<C>,
    actorId?: string,
  ): Promise<CommandResult<S, D>> {
    const context = requestContext(request, services.clock);
    const full = { ...command, at: context.now.toISOString() } as C;
    return runCommand(services, aggregate, reply, full, actorId === undefined ? context : { ...context, actorId });
  };
}

async function runCommand<C, E extends DomainEvent, S, D extends Document>(
  services: Services,
  aggregate: Aggregate<C, E, S, D>,
  reply: FastifyReply,
  command: C,
  context: CommandContext,
) {
  const result = await services.handler.handle(
    aggregate.decider,
    aggregate.streamOf(command),
    command,
    context,
    aggregate.view,
  );
  reply.header('X-Event-Position', result.position);
  return result;
}

const contexts = new WeakMap<FastifyRequest, CommandContext>();

/**
 * The request's command context, made once: every write one request makes (a name's claim and
 * the exercise that takes it) shares its command id and moment, so a retried request (same
 * Idempotency-Key) is recognised as done in each of them.
 */
export function requestContext(request: FastifyRequest, clock: () => Date) {
  let context = contexts.get(request);
  if (!context) {
    context = commandContext(request, clock());
    contexts.set(request, context);
  }
  return context;
}

/** When the user acted: the client's time of the action if it sent one, else the server's now. */
export function actedAt(context: CommandContext) {
  return context.clientTime?.at ?? context.now;
}

/**
 * The day an action counts for when the request names none (a workout started without a date):
 * the date where the user was, as their client's time wrote it (a workout started offline at
 * 23:50 and sent after midnight is the day before's); without one, the server's UTC day.
 */
export function dayOfAction(context: CommandContext) {
  return context.clientTime?.day ?? context.now.toISOString().slice(0, 10);
}

/** The id of the user `requireUser` let through. */
export function signedInUser(request: FastifyRequest) {
  const userId = request.auth?.id;
  if (!userId) throw new Error('requireUser sets request.auth before a command route runs');
  return userId;
}
