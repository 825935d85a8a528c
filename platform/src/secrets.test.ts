import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';

describe('the server secrets of a data directory shared by several processes', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are made once when they all start at the same moment, and every one reads the same', async () => {
    // As docker compose starts six services on one volume: each process makes or reads them.
    const script = `import { loadOrCreateSecrets } from ${JSON.stringify(path.join(import.meta.dirname, 'secrets.ts'))};
      console.log(loadOrCreateSecrets(process.argv[1], {}).appKey);`;
    const processes = Array.from({ length: 6 }, () =>
      spawn(process.execPath, ['--input-type=module', '-e', script, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    const keys = await Promise.all(
      processes.map(async (child) => {
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        const [code] = await once(child, 'exit');
        assert.equal(code, 0, output);
        return output.trim();
      }),
    );
    assert.equal(new Set(keys).size, 1, 'one key for all');
    assert.ok((keys[0] ?? '').length >= 32);
    assert.deepEqual(readdirSync(dataDir), ['secrets.json'], 'no draft left behind');
  });
});
