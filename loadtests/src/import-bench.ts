import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_EXPORT_MEGABYTES } from '@fitness/contracts';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { STRONG_HEADER } from '@fitness/gateway/testing/strong-export.ts';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { percentile, workoutListLatencies } from './measure.ts';

/**
 * The largest upload allowed, made as slow to read as CSV can be: two good rows, then one whose
 * notes are nothing but doubled quotes (which a reader that rescans the field per `""` takes
 * minutes over). The row is refused for its length; what counts is how long reading it takes.
 */
function worstCaseExport() {
  const rows = [
    STRONG_HEADER,
    '2026-11-21 07:30:00,Push,30m,Bench Press (Barbell),1,60,8,0,0,,,',
    '2026-11-21 07:30:00,Push,30m,Bench Press (Barbell),2,60,8,0,0,,,',
  ];
  const head = `${rows.join('\n')}\n2026-11-21 07:30:00,Push,30m,Bench Press (Barbell),3,60,8,0,0,"`;
  const tail = '",,';
  const room = MAX_EXPORT_MEGABYTES * 1024 * 1024 - head.length - tail.length;
  return `${head}${'""'.repeat(Math.floor(room / 2))}${tail}`;
}

/**
 * One user imports the worst-case file while another lists their workouts, one request after
 * another, until the import answers: the import's time, and the other user's latencies meanwhile
 * (the reading must not hold up the server for everyone). Sent as the web app sends it (the file
 * as text/csv) or inside JSON, as API clients may.
 */
export async function worstCaseImport(sentAs: 'csv' | 'json' = 'csv') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const server = await startServerProcess(dataDir, LOAD_SERVER_ENV);
  try {
    const api = apiClient(server.baseUrl);
    const importer = await registerUser(api, 'Importer');
    const other = await registerUser(api, 'Other');
    await api('POST', '/workouts', { token: other.token, body: { name: 'Meanwhile' } });
    for (let i = 0; i < 20; i++) await api('GET', '/workouts', { token: other.token });

    const csv = worstCaseExport();
    let done = false;
    const started = performance.now();
    const upload =
      sentAs === 'csv'
        ? api('POST', '/imports/workouts', {
            token: importer.token,
            body: csv,
            headers: { 'content-type': 'text/csv' },
          })
        : api('POST', '/imports/workouts', { token: importer.token, body: { csv } });
    const imported = upload.then((response) => {
      done = true;
      if (response.status !== 200) throw new Error(`the import answered ${response.status}`);
      return { ms: performance.now() - started, rejected: response.body.rows_rejected.length as number };
    });
    const latencies = await workoutListLatencies(api, other.token, () => !done);
    const { ms, rejected } = await imported;
    return {
      megabytes: Buffer.byteLength(csv) / 1024 / 1024,
      importMs: ms,
      rejected,
      others: { n: latencies.length, p50: percentile(latencies, 50), max: Math.max(...latencies) },
    };
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
