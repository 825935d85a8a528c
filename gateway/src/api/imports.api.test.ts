import assert from 'node:assert/strict';
import { exportParser } from '@fitness/command-service/imports/export-parser.ts';
import {
  MAX_EXERCISES_PER_WORKOUT,
  MAX_EXPORT_ROWS,
  MAX_SETS_PER_EXERCISE,
  TOO_MANY_EXERCISES_MESSAGE,
  TOO_MANY_SETS_MESSAGE,
} from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { STRONG_HEADER } from '../testing/strong-export.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** Two workouts: a library exercise under Strong's name for it, one unknown exercise, a timed set, one bad row. */
const STRONG = [
  STRONG_HEADER,
  '2026-11-21 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",W,40,10,0,0,"","Felt good",',
  '2026-11-21 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",1,60,8,0,0,"paused","Felt good",8',
  '2026-11-21 07:30:00,"Push Day",1h 5m,"Zercher Carry (Barbell)",1,80,0,0,45,"","Felt good",',
  '2026-11-21 07:30:00,"Push Day",1h 5m,"",2,60,8,0,0,"","Felt good",',
  '2026-11-23 18:00:00,"Legs",45m,"Deadlift (Barbell)",1,140,5,0,0,"","",',
  '2026-11-23 18:00:00,"Legs",45m,"Zercher Carry (Barbell)",1,90,0,0,40,"","",',
].join('\r\n');

const HEVY = [
  'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe',
  '"Evening Pull","24 Nov 2026, 19:00","24 Nov 2026, 19:50","","Lat Pulldown (Cable)",,"",0,"normal",55,10,,,',
].join('\n');

type Report = {
  workouts_imported: number;
  workouts_skipped_existing: number;
  sets_imported: number;
  exercises_created: number;
  rows_rejected: { row: number; reason: string }[];
};

describe('imports API', () => {
  let server: TestServer;
  /** Whether the parse thread ran as soon as the server listened (this process's first server). */
  let parsingWhenListening = false;
  beforeAll(async () => {
    assert.equal(exportParser.running, false, 'no server has started the parse thread yet');
    server = await startTestServer();
    parsingWhenListening = exportParser.running;
  });
  afterAll(async () => {
    await server.close();
  });

  const importFile = async (token: string, body: object) => {
    const response = await server.api('POST', '/imports/workouts', { token, body });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return { report: response.body as Report, position: response.headers.get('x-event-position') ?? '' };
  };
  /** The user's workouts, newest first, each read whole (the list has summaries, not sets). */
  const workouts = async (token: string, position: string) => {
    const headers = { 'x-min-position': position };
    const response = await server.api('GET', '/workouts?per_page=100', { token, headers });
    assert.equal(response.status, 200);
    const ids: string[] = response.body.data.map((summary: { id: string }) => summary.id);
    const read = async (id: string) => (await server.api('GET', `/workouts/${id}`, { token, headers })).body;
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the API's JSON
    return (await Promise.all(ids.map(read))) as any[];
  };
  const myExercises = async (token: string) =>
    (await server.api('GET', '/exercises?tab=mine&per_page=100', { token })).body.data as {
      id: string;
      name: string;
    }[];

  it('imports a Strong export as completed workouts, linked to the library, and reports what it did', async () => {
    const { token } = await server.register();
    const { report, position } = await importFile(token, { csv: STRONG });
    assert.deepEqual(report, {
      workouts_imported: 2,
      workouts_skipped_existing: 0,
      sets_imported: 5,
      exercises_created: 1,
      rows_rejected: [{ row: 5, reason: 'The exercise name is missing.' }],
    });
    assert.match(position, /^[1-9]\d*$/);

    const [legs, push] = await workouts(token, position);
    assert.deepEqual(
      [push.name, push.date, push.status, push.duration, push.notes, push.started_at],
      ['Push Day', '2026-11-21', 'completed', 65, 'Felt good', '2026-11-21T07:30:00.000Z'],
    );
    assert.deepEqual([legs.name, legs.date, legs.duration], ['Legs', '2026-11-23', 45]);
    const [bench, carry] = push.exercises;
    assert.deepEqual([bench.exercise_id, bench.name], ['barbell-bench-press', 'Barbell Bench Press']);
    assert.deepEqual(
      bench.sets.map((s: { reps: number; weight: number; type: string; notes: string | null; rpe: number | null }) => [
        s.reps,
        s.weight,
        s.type,
        s.notes,
        s.rpe,
      ]),
      [
        [10, 40, 'warmup', null, null],
        [8, 60, 'working', 'paused', 8],
      ],
    );
    assert.deepEqual(
      carry.sets.map((s: { reps: number; duration: number }) => [s.reps, s.duration]),
      [[1, 45]],
      'a timed set without reps counts one rep',
    );
    const mine = await myExercises(token);
    assert.deepEqual(
      mine.map((exercise) => exercise.name),
      ['Zercher Carry (Barbell)'],
    );
    assert.equal(carry.exercise_id, mine[0]?.id);
    assert.equal(legs.exercises[1].exercise_id, mine[0]?.id, 'both workouts use the one custom exercise');
    assert.equal(legs.exercises[0].exercise_id, 'conventional-deadlift');
  });

  it('adds nothing when the same file, or an overlapping export, is imported again', async () => {
    const { token } = await server.register();
    await importFile(token, { csv: STRONG });
    const again = await importFile(token, { csv: STRONG });
    assert.deepEqual(
      { ...again.report, rows_rejected: again.report.rows_rejected.length },
      {
        workouts_imported: 0,
        workouts_skipped_existing: 2,
        sets_imported: 0,
        exercises_created: 0,
        rows_rejected: 1,
      },
    );
    const later = `${STRONG}\r\n2026-11-25 07:00:00,"Push Day",50m,"Zercher Carry (Barbell)",1,85,0,0,50,"","",`;
    const overlapping = await importFile(token, { csv: later });
    assert.deepEqual([overlapping.report.workouts_imported, overlapping.report.workouts_skipped_existing], [1, 2]);
    assert.equal(overlapping.report.exercises_created, 0, 'the custom exercise is reused');
    const listed = await workouts(token, overlapping.position);
    assert.deepEqual(
      listed.map((w) => w.date),
      ['2026-11-25', '2026-11-23', '2026-11-21'],
    );
    assert.equal((await myExercises(token)).length, 1);
  });

  it('imports the same file sent twice at once exactly once', async () => {
    const { token } = await server.register();
    const [first, second] = await Promise.all([importFile(token, { csv: STRONG }), importFile(token, { csv: STRONG })]);
    const position = String(Math.max(Number(first.position), Number(second.position)));
    const listed = await workouts(token, position);
    assert.equal(listed.length, 2);
    assert.deepEqual(
      listed.map((w) => w.exercises.flatMap((e: { sets: unknown[] }) => e.sets).length),
      [2, 3],
    );
    assert.equal((await myExercises(token)).length, 1);
  });

  it('does not bring back an imported workout the user deleted', async () => {
    const { token } = await server.register();
    const { position } = await importFile(token, { csv: STRONG });
    const [legs] = await workouts(token, position);
    const deleted = await server.api('DELETE', `/workouts/${legs.id}`, { token });
    assert.equal(deleted.status, 200);
    const again = await importFile(token, { csv: STRONG });
    assert.deepEqual([again.report.workouts_imported, again.report.workouts_skipped_existing], [0, 2]);
    const listed = await workouts(token, deleted.headers.get('x-event-position') ?? '0');
    assert.deepEqual(
      listed.map((w) => w.name),
      ['Push Day'],
    );
  });

  it("keeps each user's import their own", async () => {
    const ada = (await server.register('Ada')).token;
    const bo = (await server.register('Bo')).token;
    await importFile(ada, { csv: STRONG });
    const { report, position } = await importFile(bo, { csv: STRONG });
    assert.equal(report.workouts_imported, 2);
    assert.equal(report.exercises_created, 1);
    assert.equal((await workouts(bo, position)).length, 2);
  });

  it('detects Hevy, and converts Strong weights from pounds', async () => {
    const { token } = await server.register();
    const hevy = await importFile(token, { csv: HEVY });
    assert.deepEqual([hevy.report.workouts_imported, hevy.report.exercises_created], [1, 0]);
    const pounds = await importFile(token, {
      format: 'strong',
      weight_unit: 'lb',
      csv: `${STRONG_HEADER}\n2026-12-01 08:00:00,Chest,30m,Bench Press (Dumbbell),1,50,10,0,0,,,`,
    });
    const [chest, pull] = await workouts(token, pounds.position);
    assert.deepEqual(
      [pull.name, pull.duration, pull.exercises[0].exercise_id, pull.exercises[0].sets[0].weight],
      ['Evening Pull', 50, 'lat-pulldown', 55],
    );
    assert.deepEqual(
      [chest.exercises[0].exercise_id, chest.exercises[0].sets[0].weight],
      ['dumbbell-bench-press', 22.68],
    );
  });

  it('imports the export of a European locale: semicolons, quoted headers with units, decimal commas', async () => {
    const { token } = await server.register();
    const european = [
      '"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"',
      '"1";"2026-11-21 07:30:00";"Oberkörper";"3930";"Bench Press (Barbell)";"1";"62,5";"5";"";"";"0";"";""',
      '"1";"2026-11-21 07:30:00";"Oberkörper";"3930";"Running";"1";"0";"0";"";"5200";"1800";"";""',
    ].join('\r\n');
    const { report, position } = await importFile(token, { csv: european, weight_unit: 'lb' });
    assert.deepEqual([report.workouts_imported, report.sets_imported, report.rows_rejected], [1, 2, []]);
    const [workout] = await workouts(token, position);
    assert.deepEqual([workout.name, workout.duration], ['Oberkörper', 66]);
    assert.deepEqual(
      [workout.exercises[0].sets[0].weight, workout.exercises[1].sets[0].distance],
      [62.5, 5200],
      'the header names the units: kg whatever was chosen, metres',
    );
  });

  it('reports rows with loose numbers or unfit names as rejected, and stores none of them', async () => {
    const { token } = await server.register();
    const row = (name: string, weight: string, reps: string) =>
      `\n2026-11-21 07:30:00,"${name}",30m,"Bench Press (Barbell)",1,${weight},${reps},0,0,,,`;
    const csv = STRONG_HEADER + row('Push', '0x10', '8') + row('Push', '60', '1e3') + row('Push\u0000', '60', '8');
    const { report } = await importFile(token, { csv });
    assert.deepEqual(report.rows_rejected, [
      { row: 2, reason: 'The weight "0x10" is not a number.' },
      { row: 3, reason: 'The reps "1e3" is not a number.' },
      { row: 4, reason: 'The workout name holds a line break, a control character or broken unicode.' },
    ]);
    assert.equal(report.workouts_imported, 0);
    assert.equal((await server.api('GET', '/workouts', { token })).body.meta.total, 0);
  });

  it('imports no more of a workout than one holds (the file of 19,999 sets): each row past it is reported with why, and nothing else is lost', async () => {
    const { token } = await server.register();
    const row = (workout: string, exercise: string) =>
      `2026-11-21 07:30:00,"${workout}",1h,"${exercise}",1,60,8,0,0,,,`;
    const moves = MAX_EXERCISES_PER_WORKOUT + 100;
    const bench = MAX_EXPORT_ROWS - moves - 2;
    const csv = [
      STRONG_HEADER,
      ...Array.from({ length: bench }, () => row('Marathon', 'Bench Press (Barbell)')),
      ...Array.from({ length: moves }, (_, i) => row('Marathon', `Move ${i + 1}`)),
      row('Legs', 'Deadlift (Barbell)'),
      row('Legs', 'Deadlift (Barbell)'),
    ].join('\n');
    const { report, position } = await importFile(token, { csv });

    // Line 1 is the header: the bench rows are lines 2.., the moves follow, Legs comes last.
    const benchLine = (index: number) => 2 + index;
    const moveLine = (index: number) => 2 + bench + index;
    const setsRefused = Array.from({ length: bench - MAX_SETS_PER_EXERCISE }, (_, i) => ({
      row: benchLine(MAX_SETS_PER_EXERCISE + i),
      reason: `"Bench Press (Barbell)" already has ${MAX_SETS_PER_EXERCISE} sets in the workout "Marathon". ${TOO_MANY_SETS_MESSAGE}`,
    }));
    // Bench is the first exercise: 99 moves fit beside it.
    const exercisesRefused = Array.from({ length: moves - (MAX_EXERCISES_PER_WORKOUT - 1) }, (_, i) => ({
      row: moveLine(MAX_EXERCISES_PER_WORKOUT - 1 + i),
      reason: `The workout "Marathon" already has ${MAX_EXERCISES_PER_WORKOUT} exercises without "Move ${MAX_EXERCISES_PER_WORKOUT + i}". ${TOO_MANY_EXERCISES_MESSAGE}`,
    }));
    assert.deepEqual(report.rows_rejected, [...setsRefused, ...exercisesRefused]);
    assert.equal(report.workouts_imported, 2);
    assert.equal(report.sets_imported, MAX_SETS_PER_EXERCISE + (MAX_EXERCISES_PER_WORKOUT - 1) + 2);

    const listed = await workouts(token, position);
    const read = (name: string) => listed.find((workout) => workout.name === name);
    const marathon = read('Marathon');
    assert.equal(marathon.exercises.length, MAX_EXERCISES_PER_WORKOUT);
    assert.equal(marathon.exercises[0].sets.length, MAX_SETS_PER_EXERCISE);
    assert.deepEqual(
      marathon.exercises.slice(1).map((exercise: { name: string }) => exercise.name),
      Array.from({ length: MAX_EXERCISES_PER_WORKOUT - 1 }, (_, i) => `Move ${i + 1}`),
    );
    assert.equal(read('Legs').exercises[0].sets.length, 2);
  });

  it('refuses what it cannot import with 422 and a message saying why, and strangers with 401', async () => {
    const { token } = await server.register();
    const refused = async (body: unknown, field: string, pattern: RegExp) => {
      const response = await server.api('POST', '/imports/workouts', { token, body });
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.match(response.body.errors[field][0], pattern);
    };
    await refused({ csv: 'name,reps\nSquat,5\n' }, 'csv', /not a Strong or Hevy workout export/);
    await refused({ csv: HEVY, format: 'strong' }, 'format', /is a Hevy export, not a Strong export/);
    await refused({ csv: `${STRONG_HEADER}\n"open` }, 'csv', /not valid CSV: on line 2/);
    await refused({ csv: '' }, 'csv', /text of the exported CSV file/);
    await refused({ csv: ' \r\n ' }, 'csv', /text of the exported CSV file/);
    await refused({ csv: STRONG, format: 'fitbod' }, 'format', /strong or hevy/);
    await refused({ csv: STRONG, weight_unit: 'stone' }, 'weight_unit', /kg or lb/);
    const row = '\n2026-11-21 07:30:00,Push,30m,Bench Press (Barbell),1,60,8,0,0,,,';
    await refused({ csv: STRONG_HEADER + row.repeat(20_001) }, 'csv', /more than 20000 rows/);
    const padding = `\n2026-11-21 07:30:00,Push,30m,Bench Press (Barbell),1,60,8,0,0,"${'x'.repeat(1900)}",,`;
    await refused({ csv: STRONG_HEADER + padding.repeat(2800) }, 'csv', /larger than 5 MB/);

    const stranger = await server.api('POST', '/imports/workouts', { body: { csv: STRONG } });
    assert.equal(stranger.status, 401);
    const listed = await server.api('GET', '/workouts', { token });
    assert.equal(listed.body.meta.total, 0, 'nothing was written by the refused imports');
  });

  it('starts reading files when the server listens, before the first upload', () => {
    assert.ok(parsingWhenListening);
  });

  it('refuses a JSON body it cannot read as every route does, though it reads it on the parse thread', async () => {
    const { token } = await server.register();
    const send = async (url: string, body: string) => {
      const response = await server.api('POST', url, { token, body });
      return { status: response.status, body: response.body };
    };
    const unknownKeys = `{${Array.from({ length: 300 }, (_, i) => `"k${i}":1`).join(',')}}`;
    const bodies = [
      `{"csv": "${STRONG_HEADER}`,
      '',
      '{"__proto__": {"admin": true}, "csv": "a"}',
      unknownKeys,
      `${'['.repeat(40)}${']'.repeat(40)}`,
    ];
    for (const body of bodies) {
      const answer = await send('/imports/workouts', body);
      assert.deepEqual(answer, await send('/workouts', body), body.slice(0, 40));
      assert.ok([413, 422].includes(answer.status), JSON.stringify(answer));
    }
    const large = await send('/imports/workouts', `{"csv": "${STRONG_HEADER}\\n${'x'.repeat(6 * 1024 * 1024)}`);
    assert.deepEqual(large, {
      status: 422,
      body: {
        message: 'The request body must be valid JSON.',
        errors: { body: ['The request body must be valid JSON.'] },
      },
    });
    const tooLarge = await send('/imports/workouts', JSON.stringify({ csv: '"'.repeat(5.5 * 1024 * 1024) }));
    assert.deepEqual(tooLarge, { status: 413, body: { message: 'The request body is too large.' } });
  });

  it('takes the file as it is (text/csv, options in the query), as the web app sends it', async () => {
    const { token } = await server.register();
    const upload = (csv: string, query = '') =>
      server.api('POST', `/imports/workouts${query}`, { token, body: csv, headers: { 'content-type': 'text/csv' } });
    const strong = await upload(STRONG);
    assert.equal(strong.status, 200, JSON.stringify(strong.body));
    assert.deepEqual(
      [strong.body.workouts_imported, strong.body.sets_imported, strong.body.rows_rejected.length],
      [2, 5, 1],
    );
    const again = await upload(STRONG);
    assert.equal(again.body.workouts_skipped_existing, 2, 'the same file as JSON or as CSV is the same import');
    const pounds = await upload(
      `${STRONG_HEADER}\n2026-12-01 08:00:00,Chest,30m,Bench Press (Dumbbell),1,50,10,0,0,,,`,
      '?format=strong&weight_unit=lb',
    );
    const [chest] = await workouts(token, pounds.headers.get('x-event-position') ?? '');
    assert.equal(chest.exercises[0].sets[0].weight, 22.68);

    const refusedOn = async (response: Awaited<ReturnType<typeof upload>>, field: string, pattern: RegExp) => {
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.match(response.body.errors[field][0], pattern);
    };
    await refusedOn(await upload(' \r\n '), 'csv', /text of the exported CSV file/);
    const nothing = await server.api('POST', '/imports/workouts?format=hevy', { token });
    await refusedOn(nothing, 'csv', /text of the exported CSV file/);
    await refusedOn(await upload(HEVY, '?format=strong'), 'format', /is a Hevy export, not a Strong export/);
    await refusedOn(await upload(STRONG, '?weight_unit=stone'), 'weight_unit', /kg or lb/);
    await refusedOn(await upload(`${STRONG_HEADER}\n${'x'.repeat(6 * 1024 * 1024)}`), 'csv', /larger than 5 MB/);
  });

  it('publishes the route in the OpenAPI document', async () => {
    const response = await server.api('GET', '/openapi.json');
    assert.ok(response.body.paths['/api/v1/imports/workouts']?.post);
  });
});
