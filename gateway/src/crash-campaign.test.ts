import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shiftDay } from '@fitness/contracts';
import { seededRandom } from '@fitness/contracts/testing/seeded-random.ts';
import Database from 'better-sqlite3';
import { describe, it } from 'vitest';
import { AcknowledgedWrites, type NewRecord, type Observed } from './testing/acknowledged-writes.ts';
import { type ApiResponse, apiClient, registerUser } from './testing/api-client.ts';
import { assertReadModelsEqualRebuild } from './testing/read-models.ts';
import { freePort, runScript, type ServerProcess, startServerProcess } from './testing/server-process.ts';
import { STRONG_HEADER } from './testing/strong-export.ts';

/**
 * The crash campaign: rounds of mixed writes from concurrent clients (sets, workouts, meals and
 * their entries, water, weigh-ins, deletes of each, CSV imports), each round ended by kill -9 at
 * a random moment. After every restart some of the requests the kill cut off are sent again with
 * their Idempotency-Key, as a client would; then everything acknowledged must read back exactly
 * once, nothing deleted may come back, and at the end the read models must equal a rebuild.
 *
 * CRASH_SEED and CRASH_ROUNDS replay a campaign's choices (the timing of a real server under load
 * still varies from run to run).
 */
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 5);
const CLIENTS_PER_USER = 3;
/** Sent again after the restart: the other cut-off requests are left as a client that gave up would. */
const RETRY_CHANCE = 0.7;
/** Of those, sent twice at once: the retry and a double tap race each other (a sixth as often in a round). */
const DOUBLE_TAP_CHANCE = 0.3;
/** Rounds whose restart is itself killed once, while the server opens its files and catches up. */
const KILLED_START_CHANCE = 0.3;
/** Rounds killed a moment after an account's deletion is answered, while its erasure runs. */
const KILLED_ERASURE_CHANCE = 0.5;
/** Each round's import: workouts × exercises × sets rows, enough that a kill often lands inside it. */
const IMPORT_SHAPE = { workouts: 24, exercises: 3, sets: 4 };

/** The seeded generator, with a weighted pick: the campaign's choices follow from CRASH_SEED. */
function seeded(seed: number) {
  const { next, int } = seededRandom(seed);
  return {
    next,
    between: int,
    pick<T>(weighted: [number, T][]): T {
      let roll = next() * weighted.reduce((sum, [weight]) => sum + weight, 0);
      for (const [weight, choice] of weighted) {
        roll -= weight;
        if (roll < 0) return choice;
      }
      return weighted[weighted.length - 1]?.[1] as T;
    },
  };
}
type Random = ReturnType<typeof seeded>;

/** Days counted from a start, each handed out once: a meal, a water day or a weigh-in owns its day. */
function dayCounter(start: string) {
  let offset = 0;
  return () => shiftDay(start, offset++);
}

/**
 * A write as a client sends it, and what it means for the expectations: a create makes a record
 * (its id taken from the answer), a delete removes one, an import makes many.
 */
type Write = {
  key: string;
  method: string;
  url: string;
  body: unknown;
  creates?: NewRecord;
  deletes?: string;
  imports?: NewRecord[];
  /** What the client remembers once it is acknowledged, or once it gives up on it. */
  settled?: (response: ApiResponse | null) => void;
};

type Campaign = {
  random: Random;
  writes: AcknowledgedWrites;
  /** Answers that were neither 2xx nor a connection cut by the kill: each one a failure. */
  refusals: string[];
  counts: { acknowledged: number; cut: number; retried: number };
  tags: () => string;
  days: { meals: () => string; water: () => string; weights: () => string };
  importStarts: () => Date;
};

/**
 * Sends a write and books its outcome: 'cut' when the connection died with the server. With
 * `copies`, the same request goes that many times at once (a double tap on reconnecting): each
 * must be answered alike, and it is booked once.
 */
async function send(
  campaign: Campaign,
  api: ReturnType<typeof apiClient>,
  token: string,
  write: Write,
  copies = 1,
): Promise<'acknowledged' | 'cut'> {
  let responses: ApiResponse[];
  try {
    const headers = { 'idempotency-key': write.key };
    responses = await Promise.all(
      Array.from({ length: copies }, () => api(write.method, write.url, { token, body: write.body, headers })),
    );
  } catch {
    return 'cut';
  }
  const refused = responses.find((response) => response.status >= 300);
  if (refused) {
    campaign.refusals.push(`${write.method} ${write.url}: ${refused.status} ${JSON.stringify(refused.body)}`);
    return 'acknowledged';
  }
  const ids = new Set(responses.map((response) => response.body?.id));
  if (ids.size > 1) campaign.refusals.push(`${write.method} ${write.url} sent ${copies} times made ${[...ids]}`);
  const [response] = responses as [ApiResponse];
  campaign.counts.acknowledged += 1;
  for (const { headers } of responses) campaign.writes.acknowledged(headers.get('x-event-position'));
  if (write.creates) campaign.writes.created(write.creates, response.body?.id ?? null);
  if (write.deletes) campaign.writes.deleted(write.deletes);
  for (const record of write.imports ?? []) campaign.writes.created(record, null);
  write.settled?.(response);
  return 'acknowledged';
}

/** A cut-off write the client does not send again: whatever it did may or may not have happened. */
function giveUp(campaign: Campaign, write: Write) {
  if (write.creates) campaign.writes.unsure(write.creates);
  if (write.deletes) campaign.writes.maybeDeleted(write.deletes);
  for (const record of write.imports ?? []) campaign.writes.unsure(record);
  write.settled?.(null);
}

/**
 * One client of a user: a sequence of writes on things only it touches (its workouts, its meal
 * days, its water days), so the outcome of each acknowledged write is known exactly.
 */
function workoutAndNutritionClient(campaign: Campaign) {
  const { random, tags, days } = campaign;
  let workout: { tag: string; id: string; exercise: { tag: string; id: string } | null } | null = null;
  let sets: { tag: string; url: string }[] = [];
  let meal: { tag: string; id: string } | null = null;
  let entries: { tag: string; url: string }[] = [];
  let water: { date: string; entries: { tag: string; id: string }[]; next: number } | null = null;
  /** The client's own custom exercises and foods, by tag and address. */
  let ownThings: { tag: string; url: string }[] = [];

  const remove = <T>(list: T[], item: T) => list.filter((other) => other !== item);

  function startWorkout(): Write {
    const tag = tags();
    return {
      key: tag,
      method: 'POST',
      url: '/workouts',
      body: { name: tag },
      creates: { kind: 'workout', tag, parent: null },
      settled: (response) => {
        workout = response ? { tag, id: response.body.id, exercise: null } : null;
        sets = [];
      },
    };
  }

  function addExercise(current: NonNullable<typeof workout>): Write {
    const tag = tags();
    return {
      key: tag,
      method: 'POST',
      url: `/workouts/${current.id}/exercises`,
      body: { name: tag },
      creates: { kind: 'workout-exercise', tag, parent: current.tag },
      settled: (response) => {
        if (response) current.exercise = { tag, id: response.body.id };
        else workout = null;
      },
    };
  }

  function logSet(current: NonNullable<typeof workout>, exercise: { tag: string; id: string }): Write {
    const tag = tags();
    const url = `/workouts/${current.id}/exercises/${exercise.id}/sets`;
    return {
      key: tag,
      method: 'POST',
      url,
      body: { reps: random.between(1, 20), weight: random.between(20, 200), notes: tag },
      creates: { kind: 'set', tag, parent: exercise.tag },
      settled: (response) => {
        if (response) sets.push({ tag, url: `${url}/${response.body.id}` });
      },
    };
  }

  function deleteSet(set: { tag: string; url: string }): Write {
    return {
      key: tags(),
      method: 'DELETE',
      url: set.url,
      body: undefined,
      deletes: set.tag,
      settled: () => {
        sets = remove(sets, set);
      },
    };
  }

  function deleteWorkout(current: NonNullable<typeof workout>): Write {
    return {
      key: tags(),
      method: 'DELETE',
      url: `/workouts/${current.id}`,
      body: undefined,
      deletes: current.tag,
      settled: () => {
        workout = null;
        sets = [];
      },
    };
  }

  function openMeal(): Write {
    const tag = tags();
    return {
      key: tag,
      method: 'POST',
      url: '/meals',
      body: { date: days.meals(), type: 'lunch', name: tag },
      creates: { kind: 'meal', tag, parent: null },
      settled: (response) => {
        meal = response ? { tag, id: response.body.id } : null;
        entries = [];
      },
    };
  }

  function addEntry(current: NonNullable<typeof meal>): Write {
    const tag = tags();
    const calories = random.between(10, 900);
    const url = `/meals/${current.id}/entries`;
    return {
      key: tag,
      method: 'POST',
      url,
      body: { name: tag, calories },
      creates: { kind: 'meal-entry', tag, parent: current.tag, value: calories },
      settled: (response) => {
        if (response) entries.push({ tag, url: `${url}/${response.body.id}` });
      },
    };
  }

  function removeEntry(entry: { tag: string; url: string }): Write {
    return {
      key: tags(),
      method: 'DELETE',
      url: entry.url,
      body: undefined,
      deletes: entry.tag,
      settled: () => {
        entries = remove(entries, entry);
      },
    };
  }

  function deleteMeal(current: NonNullable<typeof meal>): Write {
    return {
      key: tags(),
      method: 'DELETE',
      url: `/meals/${current.id}`,
      body: undefined,
      deletes: current.tag,
      settled: () => {
        meal = null;
        entries = [];
      },
    };
  }

  function drinkWater(): Write {
    // A few entries per day, then another day; the amount tells the entries of a day apart.
    if (!water || water.next > 105) water = { date: days.water(), entries: [], next: 100 };
    const day = water;
    const ml = day.next++;
    const tag = `t:water:${day.date}:${ml}`;
    return {
      key: tags(),
      method: 'POST',
      url: `/water/${day.date}`,
      body: { ml },
      creates: { kind: 'water', tag, parent: null, value: ml },
      settled: (response) => {
        if (response) day.entries.push({ tag, id: response.body.id });
      },
    };
  }

  function removeWater(day: NonNullable<typeof water>, entry: { tag: string; id: string }): Write {
    return {
      key: tags(),
      method: 'DELETE',
      url: `/water/${day.date}/${entry.id}`,
      body: undefined,
      deletes: entry.tag,
      settled: () => {
        day.entries = remove(day.entries, entry);
      },
    };
  }

  /** A custom exercise (a name claim, then the exercise) or a custom food, named `x:` or `f:` and a tag. */
  function createOwn(what: 'exercise' | 'food'): Write {
    const key = tags();
    const tag = `${what === 'exercise' ? 'x' : 'f'}:${key}`;
    const [url, body] =
      what === 'exercise'
        ? ['/exercises', { name: tag, category: 'strength', primary_muscle: 'back', equipment: 'barbell' }]
        : ['/foods', { name: tag, category: 'carbs', per_100g: { kcal: 350, protein: 10, carbs: 70, fat: 3 } }];
    return {
      key,
      method: 'POST',
      url,
      body,
      creates: { kind: what, tag, parent: null },
      settled: (response) => {
        if (response) ownThings.push({ tag, url: `${url}/${response.body.id}` });
      },
    };
  }

  function deleteOwn(thing: { tag: string; url: string }): Write {
    return {
      key: tags(),
      method: 'DELETE',
      url: thing.url,
      body: undefined,
      deletes: thing.tag,
      settled: () => {
        ownThings = remove(ownThings, thing);
      },
    };
  }

  function weighIn(): Write {
    const date = days.weights();
    const weight = random.between(600, 1200) / 10;
    return {
      key: tags(),
      method: 'PUT',
      url: `/body-weight/${date}`,
      body: { weight },
      creates: { kind: 'weight', tag: `t:weight:${date}`, parent: null, value: weight },
    };
  }

  /** The client's next write, chosen at random among those its state allows. */
  return function next(): Write {
    const current = workout as typeof workout;
    if (!current) return startWorkout();
    if (!current.exercise) return addExercise(current);
    const exercise = current.exercise;
    const openMeal_ = meal as typeof meal;
    const day = water as typeof water;
    const choices: [number, () => Write][] = [
      [35, () => logSet(current, exercise)],
      [4, startWorkout],
      [4, () => deleteWorkout(current)],
      [15, () => (openMeal_ ? addEntry(openMeal_) : openMeal())],
      [3, () => (openMeal_ ? deleteMeal(openMeal_) : openMeal())],
      [10, drinkWater],
      [6, weighIn],
      [2, () => createOwn('exercise')],
      [2, () => createOwn('food')],
    ];
    const set = sets[random.between(0, sets.length - 1)];
    if (set) choices.push([8, () => deleteSet(set)]);
    const entry = entries[random.between(0, entries.length - 1)];
    if (entry) choices.push([5, () => removeEntry(entry)]);
    const waterEntry = day?.entries[random.between(0, day.entries.length - 1)];
    if (day && waterEntry) choices.push([3, () => removeWater(day, waterEntry)]);
    const thing = ownThings[random.between(0, ownThings.length - 1)];
    if (thing) choices.push([2, () => deleteOwn(thing)]);
    return random.pick(choices)();
  };
}

/** Exercises an export names from the library; each export names two of the user's own besides. */
const LIBRARY_EXERCISES = ['Bench Press (Barbell)', 'Deadlift (Barbell)'];

/**
 * A Strong export of new workouts whose names and set notes are tags, and the records it makes.
 * Its two custom exercises are new names (each a name claim, then the exercise, each a moment a
 * kill can land between), named `x:` so they are told apart from the tags of workout records.
 */
function strongExport(campaign: Campaign): Write {
  const rows = [STRONG_HEADER];
  const custom = [`x:${campaign.tags()}`, `x:${campaign.tags()}`];
  const records: NewRecord[] = custom.map((name) => ({ kind: 'exercise', tag: name, parent: null }));
  const exercises = [...LIBRARY_EXERCISES, ...custom];
  for (let w = 0; w < IMPORT_SHAPE.workouts; w++) {
    const workoutTag = campaign.tags();
    const start = campaign.importStarts().toISOString().replace('T', ' ').slice(0, 19);
    records.push({ kind: 'workout', tag: workoutTag, parent: null, status: 'completed' });
    for (let e = 0; e < IMPORT_SHAPE.exercises; e++) {
      const exercise = exercises[(w + e) % exercises.length];
      for (let s = 1; s <= IMPORT_SHAPE.sets; s++) {
        const setTag = campaign.tags();
        records.push({ kind: 'set', tag: setTag, parent: workoutTag });
        rows.push(`${start},"${workoutTag}",50m,"${exercise}",${s},${40 + s * 5},${12 - s},0,0,"${setTag}","",`);
      }
    }
  }
  const key = campaign.tags();
  return { key, method: 'POST', url: '/imports/workouts', body: { csv: rows.join('\r\n') }, imports: records };
}

/** Everything of a user's that the API reads back, as records, after `position` is projected. */
async function readBack(
  api: ReturnType<typeof apiClient>,
  token: string,
  position: number,
  { mealDays, waterDays }: { mealDays: string[]; waterDays: string[] },
) {
  const headers = { 'x-min-position': String(position) };
  const read = async (url: string) => {
    const response = await api('GET', url, { token, headers });
    assert.equal(response.status, 200, `${url}: ${JSON.stringify(response.body)}`);
    assert.notEqual(response.headers.get('x-read-consistent'), 'false', `${url} waited for position ${position}`);
    return response.body;
  };
  const observed: Observed[] = [];
  const tagged = (text: string | null | undefined) => (text?.startsWith('t:') ? text : null);
  const problems: string[] = [];

  for (let page = 1; ; page++) {
    const { data } = await read(`/workouts?per_page=100&page=${page}`);
    for (const summary of data) {
      // The list carries summaries; each workout's exercises and sets are in its own read.
      const workout = await read(`/workouts/${summary.id}`);
      const workoutTag = tagged(workout.name);
      if (workoutTag)
        observed.push({ kind: 'workout', tag: workoutTag, id: workout.id, parent: null, status: workout.status });
      for (const exercise of workout.exercises) {
        // A client's exercise is tagged; an imported one is named after the exercise, its sets sit in the workout.
        const exerciseTag = tagged(exercise.name);
        if (exerciseTag)
          observed.push({ kind: 'workout-exercise', tag: exerciseTag, id: exercise.id, parent: workoutTag });
        for (const set of exercise.sets) {
          const setTag = tagged(set.notes);
          if (setTag) observed.push({ kind: 'set', tag: setTag, id: set.id, parent: exerciseTag ?? workoutTag });
        }
      }
    }
    if (data.length < 100) break;
  }

  for (let start = 0; start < mealDays.length; start += 90) {
    const range = mealDays.slice(start, start + 90);
    const { data } = await read(`/meals?from=${range[0]}&to=${range.at(-1)}`);
    for (const meal of data) {
      const mealTag = tagged(meal.name);
      if (mealTag) observed.push({ kind: 'meal', tag: mealTag, id: meal.id, parent: null });
      let calories = 0;
      for (const entry of meal.entries) {
        calories += entry.calories;
        const entryTag = tagged(entry.food_name);
        if (entryTag)
          observed.push({ kind: 'meal-entry', tag: entryTag, id: entry.id, parent: mealTag, value: entry.calories });
      }
      if (calories !== meal.calories) problems.push(`meal ${meal.name} sums to ${calories} but says ${meal.calories}`);
    }
  }

  for (const date of waterDays) {
    const day = await read(`/water/${date}`);
    let total = 0;
    for (const entry of day.entries) {
      total += entry.ml;
      observed.push({ kind: 'water', tag: `t:water:${date}:${entry.ml}`, id: entry.id, parent: null, value: entry.ml });
    }
    if (total !== day.total_ml) problems.push(`water on ${date} sums to ${total} but says ${day.total_ml}`);
  }

  for (const { date, weight } of (await read('/body-weight')).data) {
    observed.push({ kind: 'weight', tag: `t:weight:${date}`, id: null, parent: null, value: weight });
  }

  for (let page = 1; ; page++) {
    const { data } = await read(`/exercises?tab=mine&per_page=100&page=${page}`);
    for (const exercise of data) {
      if (exercise.name.startsWith('x:'))
        observed.push({ kind: 'exercise', tag: exercise.name, id: exercise.id, parent: null });
    }
    if (data.length < 100) break;
  }
  for (let page = 1; ; page++) {
    const { data } = await read(`/foods?tab=mine&per_page=50&page=${page}`);
    for (const food of data) {
      if (food.name.startsWith('f:')) observed.push({ kind: 'food', tag: food.name, id: food.id, parent: null });
    }
    if (data.length < 50) break;
  }
  return { observed, problems };
}

/** Starts the server on `dataDir` and kills it -9 after `delayMs`, ready or not. */
async function killWhileStarting(dataDir: string, delayMs: number) {
  const child = runScript('gateway/src/main.ts', [], {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** DELETE /me: true once answered, 'unknown' when the kill cut it off. */
async function deleteAccount(api: ReturnType<typeof apiClient>, user: { token: string; password: string }) {
  try {
    const response = await api('DELETE', '/me', { token: user.token, body: { password: user.password } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return true;
  } catch (error) {
    if (error instanceof assert.AssertionError) throw error;
    return 'unknown' as const;
  }
}

/**
 * The types of the events whose data names a user, once their erasure is recorded (it runs in
 * the background, resumed on start-up): read from the event log's file, as another process.
 */
async function eventsNaming(dataDir: string, userId: string) {
  const db = new Database(path.join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const naming = db.prepare<[string], { type: string }>(
      'SELECT type FROM events WHERE instr(data, ?) > 0 ORDER BY position',
    );
    const deadline = Date.now() + 30_000;
    while (!naming.all(userId).some((event) => event.type === 'UserErased') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return naming.all(userId).map((event) => event.type);
  } finally {
    db.close();
  }
}

describe('crash campaign: kill -9 at random moments under mixed writes', () => {
  it('keeps every acknowledged write exactly once, loses no delete, and ends equal to a rebuild', async () => {
    const random = seeded(SEED);
    console.info(`crash campaign: CRASH_SEED=${SEED} CRASH_ROUNDS=${ROUNDS}`);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-campaign-'));
    let server: ServerProcess | null = null;
    try {
      server = await startServerProcess(dataDir);
      let api = apiClient(server.baseUrl);
      let tagCount = 0;
      const importStart = Date.parse('2020-01-01T06:00:00Z');
      let imported = 0;

      const newUser = async () => {
        const { token, user, password } = await registerUser(api);
        const days = {
          meals: dayCounter('2024-01-01'),
          water: dayCounter('2024-01-01'),
          weights: dayCounter('2024-01-01'),
        };
        const mealDays: string[] = [];
        const waterDays: string[] = [];
        const campaign: Campaign = {
          random,
          writes: new AcknowledgedWrites(),
          refusals: [],
          counts: { acknowledged: 0, cut: 0, retried: 0 },
          tags: () => `t:${++tagCount}`,
          days: {
            meals: () => {
              const day = days.meals();
              mealDays.push(day);
              return day;
            },
            water: () => {
              const day = days.water();
              waterDays.push(day);
              return day;
            },
            weights: days.weights,
          },
          importStarts: () => new Date(importStart + imported++ * 3_600_000),
        };
        return {
          token,
          id: user.id as string,
          password,
          campaign,
          mealDays,
          waterDays,
          clients: Array.from({ length: CLIENTS_PER_USER }, () => workoutAndNutritionClient(campaign)),
        };
      };
      const users = [await newUser(), await newUser()];
      /**
       * Users who delete their account during a round, while their devices keep writing: their
       * writes are not checked, but once deleted nothing of theirs may stay in the event log.
       */
      const leavers: { user: Awaited<ReturnType<typeof newUser>>; deleted: boolean | 'unknown' }[] = [];
      /** Cut-off writes, per user, to send again (or give up on) after the restart. */
      let cutOff: { user: (typeof users)[number]; write: Write }[] = [];

      const verify = async (after: string) => {
        for (const user of users) {
          const { campaign, token } = user;
          // A fence: a write after every other, so reading at its position sees all that was committed.
          const fence = campaign.days.weights();
          await send(campaign, api, token, {
            key: campaign.tags(),
            method: 'PUT',
            url: `/body-weight/${fence}`,
            body: { weight: 70 },
            creates: { kind: 'weight', tag: `t:weight:${fence}`, parent: null, value: 70 },
          });
          const { observed, problems } = await readBack(api, token, campaign.writes.highestPosition, user);
          assert.deepEqual(campaign.refusals, [], `${after}: every write was answered 2xx or cut off`);
          assert.deepEqual(
            [...problems, ...campaign.writes.differences(observed)],
            [],
            `${after} (CRASH_SEED=${SEED})`,
          );
        }
      };

      for (let round = 1; round <= ROUNDS; round++) {
        const before = users.map((user) => user.campaign.counts.acknowledged);
        const leaver = { user: await newUser(), deleted: false as boolean | 'unknown' };
        leavers.push(leaver);
        const loop = async (user: (typeof users)[number], next: () => Write) => {
          for (;;) {
            const write = next();
            const copies = random.next() < DOUBLE_TAP_CHANCE / 6 ? 2 : 1;
            const refusals = user.campaign.refusals.length;
            if ((await send(user.campaign, api, user.token, write, copies)) === 'cut') {
              user.campaign.counts.cut += 1;
              cutOff.push({ user, write });
              return;
            }
            if (user.campaign.refusals.length > refusals) return;
          }
        };
        const running = users.flatMap((user, index) => {
          const clients = user.clients.map((client) => loop(user, client));
          // The first user imports a file at the start of each round, then keeps importing.
          return index === 0 ? [...clients, loop(user, () => strongExport(user.campaign))] : clients;
        });
        const runFor = random.between(300, 2000);
        // No import for a leaver: its deletion waits for the writes under way, and would rarely come before the kill.
        running.push(...leaver.user.clients.map((client) => loop(leaver.user, client)));
        const deleteAt = random.between(100, runFor + 100);
        // Some rounds end a moment after a deletion is answered, while its erasure runs in the background.
        const killDuringErasure = random.next() < KILLED_ERASURE_CHANCE;
        const erasureKillDelay = random.between(0, 20);
        const leaving = (async () => {
          await new Promise((resolve) => setTimeout(resolve, deleteAt));
          leaver.deleted = await deleteAccount(api, leaver.user);
          if (killDuringErasure) await new Promise((resolve) => setTimeout(resolve, erasureKillDelay));
        })();
        const started = Date.now();
        await Promise.race([
          new Promise((resolve) => setTimeout(resolve, runFor)),
          ...(killDuringErasure ? [leaving] : []),
        ]);
        const ranFor = Date.now() - started;
        const erasing = killDuringErasure && leaver.deleted === true;
        const killed: { signal: NodeJS.Signals | null } = await server.kill('SIGKILL');
        assert.equal(killed.signal, 'SIGKILL');
        await Promise.all([...running, leaving]);
        console.info(
          `round ${round}: killed after ${ranFor} ms${erasing ? ' (erasing an account)' : ''}, ${users
            .map((user, index) => user.campaign.counts.acknowledged - (before[index] ?? 0))
            .join(
              ' + ',
            )} writes acknowledged, ${cutOff.length} cut off${cutOff.some(({ write }) => write.imports) ? ' (one an import)' : ''}`,
        );

        if (random.next() < KILLED_START_CHANCE) {
          const delay = random.between(50, 1500);
          await killWhileStarting(dataDir, delay);
          console.info(`round ${round}: the restart killed once, ${delay} ms after it began`);
        }
        server = await startServerProcess(dataDir);
        api = apiClient(server.baseUrl);
        // Some cut-off writes are sent again with their key (concurrently, as clients reconnect); the rest given up.
        // A leaver's devices send theirs again straight away, whether or not the account is gone by now.
        const leaverWrites = cutOff.filter(({ user }) => leavers.some((l) => l.user === user));
        cutOff = cutOff.filter((cut) => !leaverWrites.includes(cut));
        const leaverRetries = Promise.all(
          leaverWrites.map(({ user, write }) => send(user.campaign, api, user.token, write)),
        );
        const retried = cutOff.filter(() => random.next() < RETRY_CHANCE);
        for (const { user, write } of cutOff) if (!retried.some((r) => r.write === write)) giveUp(user.campaign, write);
        await Promise.all(
          retried.map(async ({ user, write }) => {
            user.campaign.counts.retried += 1;
            const copies = random.next() < DOUBLE_TAP_CHANCE ? 2 : 1;
            assert.equal(await send(user.campaign, api, user.token, write, copies), 'acknowledged', write.url);
          }),
        );
        cutOff = [];
        await leaverRetries;
        // A deletion cut off is done, or is asked again; one acknowledged stays done.
        for (const gone of leavers) {
          const me = await api('GET', '/me', { token: gone.user.token });
          if (gone.deleted === true) assert.equal(me.status, 401, 'a deleted account stays deleted');
          else if (me.status === 401) gone.deleted = true;
          else gone.deleted = await deleteAccount(api, gone.user);
          assert.equal(gone.deleted, true, 'the account could be deleted');
        }
        await verify(`after kill ${round}`);
      }
      // Every leaver's erasure finishes (resumed after the kills) and leaves nothing naming them.
      for (const { user } of leavers)
        assert.deepEqual(await eventsNaming(dataDir, user.id), ['UserDeleted', 'UserErased']);

      await server.kill('SIGTERM');
      server = null;
      for (const [index, { campaign }] of users.entries()) {
        console.info(
          `user ${index}: ${campaign.counts.acknowledged} writes acknowledged, ${campaign.counts.cut} cut off, ${campaign.counts.retried} sent again, ${campaign.writes.presentCount} records checked present`,
        );
      }
      await assertReadModelsEqualRebuild(dataDir);
    } finally {
      await server?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
