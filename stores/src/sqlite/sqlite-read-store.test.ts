import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readStoreContract } from '../contract/read-store.contract.ts';
import { SqliteReadStore } from './sqlite-read-store.ts';

readStoreContract('SQLite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'read-'));
  return new SqliteReadStore(path.join(dir, 'read.sqlite'));
});
