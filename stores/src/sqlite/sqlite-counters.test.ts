import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { counterStoreContract } from '../contract/counter-store.contract.ts';
import { SqliteCounterStore } from './sqlite-counters.ts';

// Two connections on one file, as two processes of the distributed deployment open it.
counterStoreContract('SQLite', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'counters-')), 'counters.sqlite');
  return { first: new SqliteCounterStore(file), second: new SqliteCounterStore(file) };
});
