import { EventStoreDBClient, FORWARDS, START } from '@eventstore/db-client';
import { isSystemEvent } from './esdb-records.ts';
import { startScavenge } from './scavenges.ts';

/**
 * For tests that check what an EventStoreDB node still holds, beneath the adapter's view of it
 * (which already hides erased events): the log as the server returns it, and a scavenge run
 * to its end.
 */

/** Every domain event $all returns, erased ones included until a scavenge removes them. */
export async function rawDomainEvents(url: string) {
  const client = EventStoreDBClient.connectionString(url);
  try {
    const events: { streamId: string; type: string; data: unknown }[] = [];
    for await (const resolved of client.readAll({ direction: FORWARDS, fromPosition: START })) {
      const event = resolved.event;
      if (event && !isSystemEvent(event)) events.push({ streamId: event.streamId, type: event.type, data: event.data });
    }
    return events;
  } finally {
    await client.dispose();
  }
}

/**
 * Runs a scavenge now (instead of after the adapter's delay) and resolves with its result once
 * the server has written `$scavengeCompleted` to the scavenge's own stream (`$scavenges-<id>`,
 * TFChunkScavengerLog). When one is running already (its scavenge point may come before what
 * the caller just erased), it is waited for and a fresh one is started after it.
 */
export async function scavengeToTheEnd(url: string) {
  const client = EventStoreDBClient.connectionString(url);
  try {
    for (;;) {
      const { scavengeId, result } = await startScavenge(client);
      if (scavengeId === NO_SCAVENGE) {
        // The chunks are locked by another operation (StorageScavenger: "Failed to acquire the chunk switch lock").
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      const completed = await completion(client, scavengeId);
      if (result === 'started') return completed;
    }
  } finally {
    await client.dispose();
  }
}

async function completion(client: EventStoreDBClient, scavengeId: string) {
  const subscription = client.subscribeToStream(`$scavenges-${scavengeId}`, { fromRevision: START });
  try {
    for await (const resolved of subscription) {
      if (resolved.event?.type === '$scavengeCompleted') return resolved.event.data;
    }
  } finally {
    await subscription.unsubscribe();
  }
  throw new Error(`The subscription to $scavenges-${scavengeId} ended before the scavenge completed`);
}

/** The id an InProgress answer carries when no scavenge runs but the chunks are locked. */
const NO_SCAVENGE = '00000000-0000-0000-0000-000000000000';
