import { convertToCommandError, type EventStoreDBClient } from '@eventstore/db-client';
import { OperationsClient } from '@eventstore/db-client/generated/operations_grpc_pb.js';
import operations from '@eventstore/db-client/generated/operations_pb.js';
import { scavengeCovers } from './erased-streams.ts';

/**
 * Starts scavenges after erasures, so that erased events leave the log itself (until then the
 * adapter's reads hide them; see erasure-journal.ts). Erasures ask for one; the first request
 * waits `delayMs` so that the erasures of a burst share it, and never two run at once: one
 * request at a time here, and the server answers InProgress instead of starting a second.
 *
 * A scavenge covers the log up to its scavenge point, which a fresh scavenge writes at its
 * start (also completing the active chunk so that it is scavenged too). A request is done when
 * the newest scavenge point comes after the last erasure; until then it starts a scavenge and
 * looks again after the delay (the server may have resumed a stopped scavenge up to an older
 * point, or one was already running).
 */
export class Scavenges {
  private readonly options: ScavengesOptions;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private lastErasurePosition = 0;
  private stopped = false;

  constructor(options: ScavengesOptions) {
    this.options = options;
  }

  /** Asks for a scavenge covering an erasure whose last write is at this log position. */
  request(erasurePosition: number) {
    this.lastErasurePosition = Math.max(this.lastErasurePosition, erasurePosition);
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run();
    }, this.options.delayMs);
    // Pending scavenges are asked for again by the next process (see EventStoreDbEventStore.ready).
    this.timer.unref();
  }

  private async run() {
    let covered = false;
    try {
      covered = scavengeCovers(await this.options.lastScavengePoint(), this.lastErasurePosition);
      if (!covered) await this.options.start();
    } catch (error) {
      this.options.onError(error);
    }
    this.timer = null;
    // Looked at again after the delay until a scavenge point follows the last erasure.
    if (!covered) this.request(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

type ScavengesOptions = {
  delayMs: number;
  lastScavengePoint(): Promise<number>;
  start(): Promise<unknown>;
  onError(error: unknown): void;
};

/**
 * Starts a scavenge on the node the client reaches (the leader), through the server's
 * operations API (Operations.StartScavenge; needs the $ops or $admins role when access control
 * is on). Client 6.2.1 ships the generated gRPC stub but no method for it, so the call goes
 * through the client's own `execute` and `callArguments` (Client/index.js), as its methods'
 * calls do (projections/enableProjection.js): same connection, credentials and leader
 * discovery. Threshold 0, the server's default here: every chunk with an event to remove.
 */
export function startScavenge(client: EventStoreDBClient): Promise<ScavengeStart> {
  const internals = client as unknown as ClientInternals;
  if (typeof internals.execute !== 'function' || typeof internals.callArguments !== 'function') {
    throw new Error('This @eventstore/db-client has no execute/callArguments: check startScavenge against it');
  }
  const { ScavengeResp, StartScavengeReq } = operations;
  const request = new StartScavengeReq().setOptions(new StartScavengeReq.Options().setThreadCount(1));
  return internals.execute(
    OperationsClient,
    'startScavenge',
    (grpc) =>
      new Promise((resolve, reject) => {
        grpc.startScavenge(request, ...internals.callArguments({ requiresLeader: true }), (error, response) => {
          if (error) return reject(convertToCommandError(error));
          const result = response.getScavengeResult();
          resolve({
            scavengeId: response.getScavengeId(),
            result:
              result === ScavengeResp.ScavengeResult.STARTED
                ? 'started'
                : result === ScavengeResp.ScavengeResult.INPROGRESS
                  ? 'in-progress'
                  : 'stopped',
          });
        });
      }),
  );
}

/** The server's answer: the scavenge started, or the one already running (its id either way). */
export type ScavengeStart = { scavengeId: string; result: 'started' | 'in-progress' | 'stopped' };

/** (request, metadata, call options, callback): the metadata and options come from the client. */
type StartArguments = Parameters<OperationsClient['startScavenge']>;

type ClientInternals = {
  execute<T>(
    Client: typeof OperationsClient,
    debugName: string,
    action: (client: OperationsClient) => Promise<T>,
  ): Promise<T>;
  callArguments(options: { requiresLeader?: boolean }): [StartArguments[1], StartArguments[2]];
};
