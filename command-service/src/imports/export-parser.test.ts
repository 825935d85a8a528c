import assert from 'node:assert/strict';
import { InvalidInput } from '@fitness/contracts';
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

  it('starts a new worker after one was stopped', async () => {
    await parser.close();
    assert.equal((await parser.parse(STRONG, {})).workouts.length, 1);
  });
});
