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
 * Starts a scavenge now (instead of after the adapter's delay) and resolves with its result
 * once the server has written `$scavengeCompleted` to the scavenge's own stream
 * (`$scavenges-<id>`, TFChunkScavengerLog). One already running is waited for instead.
 */
export async function scavengeToTheEnd(url: string) {
  const client = EventStoreDBClient.connectionString(url);
  try {
    const { scavengeId } = await startScavenge(client);
    const subscription = client.subscribeToStream(`$scavenges-${scavengeId}`, { fromRevision: START });
    try {
      for await (const resolved of subscription) {
        if (resolved.event?.type === '$scavengeCompleted') return resolved.event.data;
      }
    } finally {
      await subscription.unsubscribe();
    }
    throw new Error(`The subscription to $scavenges-${scavengeId} ended before the scavenge completed`);
  } finally {
    await client.dispose();
  }
}
