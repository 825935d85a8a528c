import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { leaseContract } from '../contract/lease.contract.ts';
import { SqliteLease } from './sqlite-lease.ts';
import { SqliteReadStore } from './sqlite-read-store.ts';

// Every lease on the read store's file, each with its own connection, as two processes have.
leaseContract('SQLite', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'lease-')), 'read.sqlite');
  const readStore = new SqliteReadStore(file);
  return { readStore, openLease: async (options) => new SqliteLease(file, options) };
});
