import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@fitness/stores';
import { anEvent } from '@fitness/stores/testing/events.ts';
import Fastify from 'fastify';

/**
 * The floor of any durable command on this machine: a bare Fastify route (as bare-server.ts)
 * that appends its body as one event to the product's own SQLite event store (group commit,
 * synchronous=FULL, so an answered request survives kill -9) and answers 201. No
 * authentication, validation, decision, read model or push: what a real command costs beyond
 * this is the product's. Prints its port on stdout.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-append-'));
const store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
const app = Fastify();
// As sets go into the workouts of 50 clients: each append extends one of 50 streams.
const STREAMS = 50;
let appends = 0;
app.post('/echo', async (request, reply) => {
  appends += 1;
  const appended = await store.appendToStream(
    `bench-${appends % STREAMS}`,
    [anEvent('SetLogged', request.body as Record<string, unknown>)],
    'any',
  );
  return reply.status(201).send({ position: appended.position });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
console.log(address.port);
process.once('SIGTERM', async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
