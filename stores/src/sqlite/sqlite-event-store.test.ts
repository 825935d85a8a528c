import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

eventStoreContract('SQLite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'events-'));
  return new SqliteEventStore(path.join(dir, 'events.sqlite'));
});
