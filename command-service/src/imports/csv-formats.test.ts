import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { parseWorkoutExport } from './csv-formats.ts';
import { EmptyExport, ExportFormatMismatch, TooManyRows, UnknownExportFormat } from './errors.ts';
import { importedSet } from './testing/imported-set.ts';

const STRONG_HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';
const HEVY_HEADER =
  'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe';

describe('reading a Strong export', () => {
  const strong = [
    STRONG_HEADER,
    '2026-11-21 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",W,40,10,0,0,"","Felt ""great""",',
    '2026-11-21 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",1,60.5,8,0,0,"paused","Felt ""great""",8',
    '2026-11-21 07:30:00,"Push Day",1h 5m,"Plank",1,0,0,0,60,"","Felt ""great""",',
    '2026-11-21 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",2,60,6,0,0,"","Felt ""great""",',
    '2026-11-23 18:00:00,"Legs",45m,"Running",1,0,0,5.2,1800,"","",',
  ].join('\r\n');

  it('groups rows into workouts by date and name, and exercises by first appearance', () => {
    const parsed = parseWorkoutExport(strong);
    assert.equal(parsed.format, 'strong');
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.workouts, [
      {
        key: 'strong|2026-11-21T07:30:00.000Z|Push Day',
        date: '2026-11-21',
        startedAt: '2026-11-21T07:30:00.000Z',
        name: 'Push Day',
        durationMinutes: 65,
        notes: 'Felt "great"',
        exercises: [
          {
            name: 'Bench Press (Barbell)',
            notes: null,
            sets: [
              importedSet({ reps: 10, weightKg: 40, type: 'warmup' }),
              importedSet({ reps: 8, weightKg: 60.5, notes: 'paused', rpe: 8 }),
              importedSet({ reps: 6, weightKg: 60 }),
            ],
          },
          { name: 'Plank', notes: null, sets: [importedSet({ durationSeconds: 60 })] },
        ],
      },
      {
        key: 'strong|2026-11-23T18:00:00.000Z|Legs',
        date: '2026-11-23',
        startedAt: '2026-11-23T18:00:00.000Z',
        name: 'Legs',
        durationMinutes: 45,
        notes: null,
        exercises: [
          { name: 'Running', notes: null, sets: [importedSet({ durationSeconds: 1800, distanceMetres: 5200 })] },
        ],
      },
    ]);
  });

  it('converts pounds to kilograms when told the export is in pounds', () => {
    const parsed = parseWorkoutExport(strong, { weightUnit: 'lb' });
    const bench = parsed.workouts[0]?.exercises[0]?.sets.map((s) => s.weightKg);
    assert.deepEqual(bench, [18.144, 27.442, 27.216]);
  });

  it('reads the semicolon export without RPE, with decimal commas, and drop sets as drop sets', () => {
    const text = [
      'Date;Workout Name;Duration;Exercise Name;Set Order;Weight;Reps;Distance;Seconds;Notes;Workout Notes',
      '2026-11-21 07:30:00;"Oberkörper";1h;"Bankdrücken";1;62,5;5;0;0;"";""',
      '2026-11-21 07:30:00;"Oberkörper";1h;"Bankdrücken";D;50;8;0;0;"";""',
    ].join('\n');
    const parsed = parseWorkoutExport(text);
    assert.equal(parsed.format, 'strong');
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.workouts[0]?.exercises[0]?.sets, [
      importedSet({ reps: 5, weightKg: 62.5 }),
      importedSet({ reps: 8, weightKg: 50, type: 'drop' }),
    ]);
    assert.equal(parsed.workouts[0]?.durationMinutes, 60);
  });

  it('reads the newer export of a European locale: quoted header with units, semicolons, decimal commas', () => {
    const text = [
      '"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"',
      '"1";"2026-11-21 07:30:00";"Oberkörper";"3930";"Bankdrücken (Langhantel)";"1";"62,5";"5";"8,5";"";"0";"";"Gut; schwer"',
      '"1";"2026-11-21 07:30:00";"Oberkörper";"3930";"Laufen";"1";"0";"0";"";"5200,5";"1800";"";"Gut; schwer"',
    ].join('\r\n');
    const parsed = parseWorkoutExport(text, { weightUnit: 'lb' });
    assert.equal(parsed.format, 'strong');
    assert.deepEqual(parsed.rejected, []);
    const [workout] = parsed.workouts;
    assert.deepEqual([workout?.name, workout?.durationMinutes, workout?.notes], ['Oberkörper', 66, 'Gut; schwer']);
    assert.deepEqual(
      workout?.exercises.map((exercise) => exercise.sets),
      [
        [importedSet({ reps: 5, weightKg: 62.5, rpe: 8.5 })],
        [importedSet({ durationSeconds: 1800, distanceMetres: 5200.5 })],
      ],
      'the header names the unit: kg whatever was chosen, metres',
    );
  });

  it('keeps an RPE the app cannot hold (off the scale, between half steps, not a number) in the set notes', () => {
    const row = (rpe: string) => `2026-11-21 07:30:00,Push,30m,Bench Press,1,60,8,0,0,"paused",,${rpe}`;
    const parsed = parseWorkoutExport([STRONG_HEADER, row('11'), row('8.3'), row('hard'), row('10')].join('\n'));
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(
      parsed.workouts[0]?.exercises[0]?.sets.map(({ notes, rpe }) => [notes, rpe]),
      [
        ['paused · RPE 11', null],
        ['paused · RPE 8.3', null],
        ['paused · RPE hard', null],
        ['paused', 10],
      ],
    );
  });

  it('reads the header unit lbs, and takes a decimal comma only in a file separated by semicolons', () => {
    const header = STRONG_HEADER.replace('Weight', 'Weight (lbs)');
    const comma = parseWorkoutExport(`${header}\n2026-11-21 07:30:00,Push,30m,Bench Press,1,"100,5",8,0,0,,,`);
    assert.deepEqual(comma.rejected, [{ row: 2, reason: 'The weight "100,5" is not a number.' }]);
    const semicolon = parseWorkoutExport(
      `${header.replaceAll(',', ';')}\n2026-11-21 07:30:00;Push;30m;Bench Press;1;100,5;8;0;0;;;`,
    );
    assert.equal(semicolon.workouts[0]?.exercises[0]?.sets[0]?.weightKg, 45.586);
  });

  it('rejects unusable rows with their line and a reason, and imports the rest', () => {
    const text = [
      STRONG_HEADER,
      '2026-11-21 07:30:00,Push,30m,Bench Press,1,60,8,0,0,,,',
      '2026-11-21 07:30:00,Push,30m,,1,60,8,0,0,,,',
      '2026-11-21 07:30:00,Push,30m,Bench Press,2,60,0,0,0,,,',
      '2026-11-21 07:30:00,Push,30m,Bench Press,3,60,,0,0,,,',
      '21/11/2026,Push,30m,Bench Press,4,60,8,0,0,,,',
      '2026-02-30 07:30:00,Push,30m,Bench Press,4,60,8,0,0,,,',
      '2026-11-21 07:30:00,Push,30m,Bench Press,5,-20,8,0,0,,,',
      '2026-11-21 07:30:00,Push,30m,Bench Press,6,heavy,8,0,0,,,',
      '2026-11-21 07:30:00,Push,30m,Bench Press,7,60,7.5,0,0,,,',
      '2026-11-21 07:30:00,Push,30m,Bench Press,Rest Timer,0,0,0,90,,,',
      '2026-11-21 07:30:00,Push,30m,Bench Press,8,60',
      '2026-11-21 07:30:00,Push,30m,Bench Press,9,2500,1,0,0,,,',
      '2026-11-21 07:30:00,,30m,Bench Press,10,60,8,0,0,,,',
    ].join('\n');
    const parsed = parseWorkoutExport(text);
    assert.deepEqual(parsed.rejected, [
      { row: 3, reason: 'The exercise name is missing.' },
      { row: 4, reason: 'The set has no reps, time or distance.' },
      { row: 5, reason: 'The set has no reps, time or distance.' },
      { row: 6, reason: 'The date "21/11/2026" is not a date like 2026-11-21 07:30:00.' },
      { row: 7, reason: 'The date "2026-02-30 07:30:00" is not a date like 2026-11-21 07:30:00.' },
      { row: 8, reason: 'The weight "-20" is negative.' },
      { row: 9, reason: 'The weight "heavy" is not a number.' },
      { row: 10, reason: 'The reps value "7.5" is not a whole number.' },
      { row: 11, reason: 'The set order "Rest Timer" is not a number or W, D or F.' },
      { row: 12, reason: 'The row has 6 fields where the first row has 12.' },
      { row: 13, reason: 'The weight "2500" is more than 2000 kg.' },
      { row: 14, reason: 'The workout name is missing.' },
    ]);
    assert.equal(parsed.workouts.length, 1);
    assert.deepEqual(parsed.workouts[0]?.exercises[0]?.sets, [importedSet({ reps: 8, weightKg: 60 })]);
  });

  it('reads only plain decimal numbers, and rejects names with control characters, line breaks or broken unicode', () => {
    const row = (name: string, exercise: string, weight: string, reps: string) =>
      `2026-11-21 07:30:00,"${name}",30m,"${exercise}",1,${weight},${reps},0,0,,,`;
    const text = [
      STRONG_HEADER,
      row('Push', 'Bench Press', '0x10', '8'),
      row('Push', 'Bench Press', '60', '1e3'),
      row('Push', 'Bench Press', 'Infinity', '8'),
      row('Push', 'Bench Press', '60', '0b101'),
      row('Push', 'Bench Press', '.5e1', '8'),
      row('Push\u0000', 'Bench Press', '60', '8'),
      row('Push', 'Bench\nPress', '60', '8'),
      row('Push', 'Bench \uD83D Press', '60', '8'),
      row('Push', 'Bench\u0007Press', '60', '8'),
      row('Push', 'Bench Press 💪', '60.25', '8.0'),
    ].join('\n');
    assert.deepEqual(parseWorkoutExport(text).rejected, [
      { row: 2, reason: 'The weight "0x10" is not a number.' },
      { row: 3, reason: 'The reps "1e3" is not a number.' },
      { row: 4, reason: 'The weight "Infinity" is not a number.' },
      { row: 5, reason: 'The reps "0b101" is not a number.' },
      { row: 6, reason: 'The weight ".5e1" is not a number.' },
      { row: 7, reason: 'The workout name holds a line break, a control character or broken unicode.' },
      { row: 8, reason: 'The exercise name holds a line break, a control character or broken unicode.' },
      { row: 10, reason: 'The exercise name holds a line break, a control character or broken unicode.' },
      { row: 11, reason: 'The exercise name holds a line break, a control character or broken unicode.' },
    ]);
    assert.deepEqual(
      parseWorkoutExport(text).workouts.map((workout) => workout.exercises.map((e) => [e.name, e.sets])),
      [[['Bench Press 💪', [importedSet({ reps: 8, weightKg: 60.25 })]]]],
    );
  });

  it('leaves a duration it cannot read unknown, and caps one left running for days', () => {
    const row = (duration: string) => `2026-11-21 07:30:00,Push,${duration},Bench Press,1,60,8,0,0,,,`;
    const durations = ['', 'soon', '50s', '30h 0m'].map(
      (duration) => parseWorkoutExport([STRONG_HEADER, row(duration)].join('\n')).workouts[0]?.durationMinutes,
    );
    assert.deepEqual(durations, [null, null, 1, 1440]);
  });
});

describe('reading a Hevy export', () => {
  const hevy = [
    HEVY_HEADER,
    '"Morning Push","21 Nov 2026, 07:30","21 Nov 2026, 08:35","Great session","Bench Press (Barbell)",,"Elbows in",0,"warmup",40,10,,,',
    '"Morning Push","21 Nov 2026, 07:30","21 Nov 2026, 08:35","Great session","Bench Press (Barbell)",,"",1,"normal",60,8,,,8.5',
    '"Morning Push","21 Nov 2026, 07:30","21 Nov 2026, 08:35","Great session","Treadmill",,"",0,"normal",,,3.5,1200,',
    '"Morning Push","21 Nov 2026, 07:30","21 Nov 2026, 08:35","Great session","Bench Press (Barbell)",,"",2,"failure",60,5,,,',
  ].join('\n');

  it('groups by start time and title, takes the duration from start to end', () => {
    const parsed = parseWorkoutExport(hevy);
    assert.equal(parsed.format, 'hevy');
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.workouts, [
      {
        key: 'hevy|2026-11-21T07:30:00.000Z|Morning Push',
        date: '2026-11-21',
        startedAt: '2026-11-21T07:30:00.000Z',
        name: 'Morning Push',
        durationMinutes: 65,
        notes: 'Great session',
        exercises: [
          {
            name: 'Bench Press (Barbell)',
            notes: 'Elbows in',
            sets: [
              importedSet({ reps: 10, weightKg: 40, type: 'warmup' }),
              importedSet({ reps: 8, weightKg: 60, rpe: 8.5 }),
              importedSet({ reps: 5, weightKg: 60, type: 'failure' }),
            ],
          },
          { name: 'Treadmill', notes: null, sets: [importedSet({ durationSeconds: 1200, distanceMetres: 3500 })] },
        ],
      },
    ]);
  });

  it('reads the pounds-and-miles variant by its column names, whatever unit was chosen', () => {
    const text = [
      HEVY_HEADER.replace('weight_kg', 'weight_lbs').replace('distance_km', 'distance_miles'),
      '"Legs","1 Dec 2026, 18:00","","","Squat (Barbell)",,"",0,"normal",225,5,,,',
      '"Legs","1 Dec 2026, 18:00","","","Running",,"",0,"normal",,,1,,',
    ].join('\n');
    const parsed = parseWorkoutExport(text, { weightUnit: 'kg' });
    assert.deepEqual(
      parsed.workouts[0]?.exercises.map((e) => e.sets[0]),
      [importedSet({ reps: 5, weightKg: 102.058 }), importedSet({ distanceMetres: 1609.34 })],
    );
    assert.equal(parsed.workouts[0]?.durationMinutes, null, 'no end time: unknown duration');
  });

  it('reads an export separated by semicolons, with decimal commas', () => {
    const text = [
      HEVY_HEADER.replaceAll(',', ';'),
      '"Legs";"1 Dec 2026, 18:00";"1 Dec 2026, 18:40";"";"Squat (Barbell)";;"";0;"normal";102,5;5;;;',
      '"Legs";"1 Dec 2026, 18:00";"1 Dec 2026, 18:40";"";"Running";;"";0;"normal";;;2,5;900;',
    ].join('\n');
    const parsed = parseWorkoutExport(text);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(
      parsed.workouts[0]?.exercises.map((e) => e.sets[0]),
      [importedSet({ reps: 5, weightKg: 102.5 }), importedSet({ durationSeconds: 900, distanceMetres: 2500 })],
    );
  });

  it('rejects a row whose start time it cannot read', () => {
    const text = [HEVY_HEADER, '"Legs","yesterday","","","Squat",,"",0,"normal",100,5,,,'].join('\n');
    assert.deepEqual(parseWorkoutExport(text).rejected, [
      { row: 2, reason: 'The start time "yesterday" is not a time like 21 Nov 2026, 07:30.' },
    ]);
  });
});

describe('refusing a file as a whole', () => {
  it('refuses a header of neither app, an empty file, and the wrong format asked for', () => {
    assert.throws(() => parseWorkoutExport('name,reps\nSquat,5\n'), UnknownExportFormat);
    assert.throws(() => parseWorkoutExport(''), EmptyExport);
    assert.throws(() => parseWorkoutExport('\uFEFF\r\n'), EmptyExport);
    assert.throws(
      () => parseWorkoutExport(`${HEVY_HEADER}\n`, { format: 'strong' }),
      (error) => error instanceof ExportFormatMismatch && /is a Hevy export, not a Strong export/.test(error.message),
    );
    assert.throws(() => parseWorkoutExport('name,reps\n', { format: 'hevy' }), ExportFormatMismatch);
  });

  it('refuses more data rows than allowed, and accepts exactly that many', () => {
    const row = '2026-11-21 07:30:00,Push,30m,Bench Press,1,60,8,0,0,,,';
    const text = (rows: number) => [STRONG_HEADER, ...Array.from({ length: rows }, () => row)].join('\n');
    assert.equal(parseWorkoutExport(text(3), { maxRows: 3 }).workouts[0]?.exercises[0]?.sets.length, 3);
    assert.throws(() => parseWorkoutExport(text(4), { maxRows: 3 }), TooManyRows);
  });
});
