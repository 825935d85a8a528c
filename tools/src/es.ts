import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { redactSecrets, stateAt } from '@fitness/command-service/time-travel.ts';
import { LAG_COUNT_LIMIT, type RecordedEvent } from '@fitness/contracts';
import { runningServerPid } from '@fitness/gateway/server-lock.ts';
import { readConfig } from '@fitness/platform/config.ts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { allProjections, ProjectionRunner } from '@fitness/projections';
import { eventsBehind, openLease, openStores, PROJECTOR_LEASE } from '@fitness/stores';
import { progressBar } from './progress-bar.ts';

const USAGE = `Event store tools (reads DATA_DIR, EVENT_STORE, READ_STORE like the server).

  npm run es -- streams [prefix] [--limit 50]      list streams and their last revision
  npm run es -- stream <streamId>                  print a stream's events
  npm run es -- tail [--from <position>]           print events as they are appended (Ctrl-C stops)
  npm run es -- state <streamId> [--revision N]    an aggregate as of a revision (default: latest)
  npm run es -- checkpoints                        each projection's position, and how many events it is behind
  npm run es -- rebuild <projection|all> [--batch 5000]
                                                   drop a read model and replay the log into it
Projections: ${allProjections.map((p) => p.name).join(', ')}`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      limit: { type: 'string', default: '50' },
      from: { type: 'string' },
      revision: { type: 'string' },
      batch: { type: 'string', default: '5000' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, target] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  const config = readConfig();
  const { eventStore, readStore } = await openStores(config);
  try {
    switch (command) {
      case 'streams': {
        const streams = await eventStore.listStreams({ prefix: target, limit: wholeNumber('--limit', values.limit) });
        for (const { streamId, revision } of streams) console.log(`${streamId}\t${revision + 1} events`);
        if (streams.length === 0) console.log('(no streams)');
        break;
      }
      case 'stream': {
        const events = await eventStore.readStream(required('streamId', target));
        if (events.length === 0) console.log(`(no stream named ${target})`);
        for (const event of events) printEvent(event);
        break;
      }
      case 'tail': {
        const from = values.from === undefined ? await eventStore.headPosition() : wholeNumber('--from', values.from);
        console.error(`following the log after position ${from}; Ctrl-C stops`);
        const stopped = Promise.withResolvers<void>();
        const subscription = eventStore.subscribeToAll({
          fromPosition: from,
          onEvents: async (events) => events.forEach(printEvent),
          onError: stopped.reject,
        });
        process.once('SIGINT', () => stopped.resolve());
        await stopped.promise;
        await subscription.stop();
        break;
      }
      case 'state': {
        const streamId = required('streamId', target);
        const events = await eventStore.readStream(streamId);
        if (events.length === 0) throw new UsageError(`No stream named ${streamId}`);
        const latest = events.at(-1)?.revision ?? 0;
        const revision = values.revision === undefined ? latest : wholeNumber('--revision', values.revision);
        console.log(JSON.stringify(stateAt(streamId, events, revision), null, 2));
        break;
      }
      case 'checkpoints': {
        const head = await eventStore.headPosition();
        const checkpoints = await readStore.checkpoints();
        const positions = allProjections.map((projection) => checkpoints[projection.name] ?? 0);
        // Positions are opaque: how far behind is counted in events, up to the explorer's bound.
        const behind = await eventsBehind(eventStore, positions, head, LAG_COUNT_LIMIT);
        console.log(`log head: position ${head}`);
        allProjections.forEach((projection, index) => {
          const position = positions[index] ?? 0;
          const events = behind.get(position) ?? 0;
          const lag = events >= LAG_COUNT_LIMIT ? `${LAG_COUNT_LIMIT}+` : String(events);
          console.log(
            `${projection.name}\tposition ${position}\t${events === 0 ? 'up to date' : `${lag} events behind`}`,
          );
        });
        break;
      }
      case 'rebuild': {
        const name = required('projection', target);
        const names = name === 'all' ? allProjections.map((p) => p.name) : [name];
        const unknown = names.filter((n) => !allProjections.some((p) => p.name === n));
        if (unknown.length) throw new UsageError(`Unknown projection ${unknown.join(', ')}`);
        const pid = runningServerPid(config.dataDir);
        if (pid) throw new UsageError(`The server (pid ${pid}) is running on ${config.dataDir}; stop it first.`);
        // A distributed projections process holds the projector lease instead of the folder's
        // lock: the tool takes the lease for as long as it rebuilds, or refuses.
        const lease = await openLease(config, {
          name: PROJECTOR_LEASE,
          holder: `es-tool:${hostname()}:${process.pid}`,
          ttlMs: config.projectorLeaseTtlMs,
        });
        const fence = await lease.acquire();
        if (!fence) {
          await lease.close();
          throw new UsageError(
            'A projections process holds the projector lease on these stores; stop it first, or ask it to rebuild (POST /api/v1/admin/projections/{name}/rebuild).',
          );
        }
        // A renewal that fails is tried again at the next tick; the lease outlives two misses.
        // Lost for good (taken over), the rebuild's next batch is refused by the fence, and the
        // tool stops with the error.
        const renewing = setInterval(
          () => lease.renew(fence).catch(() => {}),
          Math.max(100, config.projectorLeaseTtlMs / 3),
        );
        const runner = new ProjectionRunner({
          eventStore,
          readStore,
          projections: allProjections,
          logger: silentLogger,
          catchUpBatchSize: wholeNumber('--batch', values.batch),
        });
        try {
          await runner.prepare({ fence });
          for (const projection of names) {
            const started = Date.now();
            await runner.rebuild(projection, progressBar(`rebuild ${projection}`));
            console.log(`rebuilt ${projection} in ${((Date.now() - started) / 1000).toFixed(2)} s`);
          }
        } finally {
          clearInterval(renewing);
          await lease.release(fence);
          await lease.close();
        }
        break;
      }
      default:
        throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await eventStore.close();
    await readStore.close();
  }
}

class UsageError extends Error {}

function required(name: string, value: string | undefined) {
  if (!value) throw new UsageError(`Missing <${name}>.\n\n${USAGE}`);
  return value;
}

function wholeNumber(name: string, value: string | undefined) {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) throw new UsageError(`${name} takes a whole number, got "${value}"`);
  return number;
}

function printEvent(event: RecordedEvent) {
  const { actorId, timestamp } = event.metadata;
  console.log(
    `#${event.position} ${event.streamId}@${event.revision} ${event.type} ${timestamp} actor=${actorId ?? 'system'}`,
  );
  console.log(`  ${JSON.stringify(redactSecrets(event.data))}`);
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
