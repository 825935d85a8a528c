import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { InvalidInput } from '@fitness/contracts';
import { BODY_TOO_COMPLEX } from '@fitness/platform/json-body.ts';
import { afterAll, describe, it } from 'vitest';
import { parseWorkoutExport } from './csv-formats.ts';
import { ExportParser } from './export-parser.ts';

const STRONG_HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';
const STRONG = [
  STRONG_HEADER,
  '2026-11-21 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",1,60.5,8,0,0,"paused","Felt ""great""",8',
  '2026-11-21 07:30:00,"Push Day",1h 5m,"Plank",1,0,0,0,60,"","",',
].join('\n');

describe('ExportParser: reading exports on a worker thread', () => {
  const parser = new ExportParser();
  afterAll(async () => {
    await parser.close();
  });

  it('reads a file exactly as the parser does on the calling thread', async () => {
    assert.deepEqual(
      await parser.parse(STRONG, { weightUnit: 'lb' }),
      parseWorkoutExport(STRONG, { weightUnit: 'lb' }),
    );
  });

  it('refuses a file with the parser’s own field messages', async () => {
    const refused = await parser.parse('Date,Workout Name\n"never closed', {}).catch((error: unknown) => error);
    assert.ok(refused instanceof InvalidInput, String(refused));
    assert.ok(refused.fieldErrors?.csv?.[0]?.startsWith('The file is'), JSON.stringify(refused.fieldErrors));
  });

  it('leaves this thread free while it reads a large file', async () => {
    const field = '""'.repeat(2_000_000);
    const large = `${STRONG}\n2026-11-21 07:30:00,Push Day,1h,Squat,1,60,8,0,0,"${field}",,`;
    let turns = 0;
    const ticker = setInterval(() => {
      turns += 1;
    }, 1);
    const parsed = await parser.parse(large, {});
    clearInterval(ticker);
    assert.equal(parsed.rejected.length, 1, 'the row with the long notes is refused');
    assert.ok(turns >= 3, `this thread ran ${turns} timers while the worker read 4 MB`);
  });

  it('reads a JSON body as the request thread does: its value, or the same refusal', async () => {
    const body = { csv: STRONG, format: 'strong', weight_unit: 'lb' };
    assert.deepEqual(await parser.readJson(Buffer.from(JSON.stringify(body))), body);
    const refusal = async (text: string) => {
      const error = await parser.readJson(Buffer.from(text)).catch((refused: unknown) => refused);
      assert.ok(error instanceof Error, String(error));
      return { code: (error as { code?: string }).code, statusCode: (error as { statusCode?: number }).statusCode };
    };
    assert.deepEqual(await refusal(''), { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 });
    assert.deepEqual(await refusal('{"csv": "Date'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 });
    assert.deepEqual(await refusal('{"__proto__": {"admin": true}}'), {
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      statusCode: 400,
    });
    assert.deepEqual(await refusal(`[${'1,'.repeat(300)}1]`), { code: BODY_TOO_COMPLEX, statusCode: 413 });
  });

  it('leaves a small body’s shared memory as it was', async () => {
    const small = Buffer.from('{"csv": "a"}');
    assert.notEqual(small.byteLength, small.buffer.byteLength, 'a small buffer is a slice of a shared pool');
    await parser.readJson(small);
    assert.equal(small.toString(), '{"csv": "a"}');
  });

  it('leaves this thread free while it reads a large JSON body', async () => {
    const large = Buffer.from(JSON.stringify({ csv: `${STRONG}\n${'"'.repeat(4_000_000)}` }));
    let turns = 0;
    const ticker = setInterval(() => {
      turns += 1;
    }, 1);
    const body = (await parser.readJson(large)) as { csv: string };
    clearInterval(ticker);
    assert.equal(body.csv.length, STRONG.length + 1 + 4_000_000);
    assert.ok(turns >= 3, `this thread ran ${turns} timers while the worker read 8 MB of JSON`);
  });

  it('starts its thread on its own, which keeps no process alive', () => {
    const script = `import { ExportParser } from ${JSON.stringify(import.meta.resolve('./export-parser.ts'))};
      new ExportParser().start();`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 });
  });

  it('loads only the modules the parsers need, not the contracts’ index or typebox', () => {
    // Every module the worker's file loads, printed when it has been evaluated.
    const script = `import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
      await import(${JSON.stringify(import.meta.resolve('./parse-worker.ts'))});
      console.log(JSON.stringify(loaded));`;
    const loaded: string[] = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    );
    const files = loaded.filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
    assert.ok(
      files.some((file) => file.endsWith('csv-formats.ts')),
      files.join('\n'),
    );
    assert.deepEqual(
      files.filter((file) => file.includes('/typebox/') || file.endsWith('contracts/src/index.ts')),
      [],
    );
    assert.ok(files.length < 20, files.join('\n'));
  });

  it('starts a new worker after one was stopped', async () => {
    await parser.close();
    assert.equal((await parser.parse(STRONG, {})).workouts.length, 1);
  });
});
