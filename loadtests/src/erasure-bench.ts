import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountErasure, CommandHandler } from '@fitness/command-service';
import { accountsWithoutHttp } from '@fitness/command-service/users/testing/accounts.ts';
import { seedWorkouts } from '@fitness/gateway/testing/seed.ts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { SqliteEventStore } from '@fitness/stores';

/**
 * A user whose 1,000 workouts make up the whole log (100k events in the bench) deletes their account: how long
 * the erasure takes to find their streams (one pass over the log) and erase them.
 */
export async function erasureTime(events: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-erasure-'));
  const eventsFile = path.join(dir, 'events.sqlite');
  const context = () => ({ actorId: null, commandId: randomUUID(), correlationId: 'bench', now: new Date() });
  try {
    let store = new SqliteEventStore(eventsFile);
    const password = 'bench password';
    const accounts = (handler: CommandHandler) => accountsWithoutHttp(handler, { admins: 2 });
    const { user } = await accounts(new CommandHandler(store)).register(
      { name: 'Leaving', email: 'leaving@example.com', password },
      context(),
    );
    await store.close();
    await seedWorkouts(eventsFile, events / 100, 98, user.id);
    store = new SqliteEventStore(eventsFile);
    const handler = new CommandHandler(store);
    await accounts(handler).deleteAccount(user.id, { password }, context());
    const erasure = new AccountErasure({ eventStore: store, handler, logger: silentLogger });
    const started = performance.now();
    await erasure.start(user.id);
    const ms = performance.now() - started;
    const [erased] = (await store.readStream(`user-${user.id}`)).filter((event) => event.type === 'UserErased');
    await store.close();
    return { ms, streams: Number(erased?.data.streams ?? 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
