import { DomainError, ErrorBody, ProjectionParams, RebuildStarted } from '@fitness/contracts';
import { requireAdmin } from '@fitness/platform/admission.ts';
import type { Authenticator } from '@fitness/platform/authentication.ts';
import { NotFound, ServiceUnavailable } from '@fitness/platform/errors.ts';
import type { HttpApp } from '@fitness/platform/http-app.ts';
import type { EventStore } from '@fitness/stores';
import type { ProjectorLease } from './projector-lease.ts';
import type { ProjectionRunner } from './runner.ts';

export type RebuildServices = {
  /** The runner, here or on the embedded server's projections thread: only its rebuild is used. */
  runner: Pick<ProjectionRunner, 'rebuild'>;
  eventStore: EventStore;
  authenticator: Authenticator;
  projectionNames: string[];
  /** The projections process's lease; none in the embedded server, whose runner always runs. */
  projector?: ProjectorLease | null;
};

class RebuildUnderWay extends DomainError {
  constructor(name: string) {
    super('conflict', `The ${name} projection is being rebuilt already.`);
  }
}

/**
 * POST /admin/projections/{name}/rebuild (admin only), served by whichever process runs the
 * projections (the embedded product, or the projections process): drops the read model and
 * replays the log into it while the others go on following the log. It answers at once; the
 * projection's position (GET /admin/projections) then climbs from 0 to the log's head.
 * A standby projections process (another holds the projector lease) answers 503 with a
 * Retry-After of about the lease's TTL, by when it is either still standby (retry reaches the
 * active one, if the deployment balances between them) or has taken over. It does not forward:
 * it does not know the active one's address.
 */
export async function registerRebuildRoutes(app: HttpApp, services: RebuildServices) {
  const { runner, eventStore, projectionNames } = services;
  const adminOnly = requireAdmin(services.authenticator);
  // Before the admin check: a standby's runner is idle, and the answer says nothing about the caller.
  const activeOnly = async () => {
    const projector = services.projector;
    if (projector?.role() !== 'standby') return;
    throw new ServiceUnavailable(
      'This projections process is on standby (another instance runs the projections); try again shortly.',
      Math.ceil(projector.ttlMs / 1000),
    );
  };
  const underWay = new Set<string>();
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });

  app.post(
    '/:name/rebuild',
    {
      preHandler: [activeOnly, adminOnly],
      schema: {
        tags: ['admin: event explorer'],
        summary: 'Rebuild one projection from the log; its position then climbs to the head',
        params: ProjectionParams,
        response: {
          202: RebuildStarted,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!projectionNames.includes(name)) throw new NotFound(`No projection named ${name}.`);
      if (underWay.has(name)) throw new RebuildUnderWay(name);
      underWay.add(name);
      const head = await eventStore.headPosition();
      const log = request.log;
      const rebuild = runner
        .rebuild(name)
        .then(() => log.info({ projection: name }, 'projection rebuilt'))
        .catch((error) => log.error({ err: error, projection: name }, 'projection rebuild failed'))
        .finally(() => {
          underWay.delete(name);
          running.delete(rebuild);
        });
      running.add(rebuild);
      reply.code(202);
      return { data: { name, head } };
    },
  );
}
