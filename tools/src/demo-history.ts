import { shiftDay } from '@fitness/contracts';
import { seededRandom } from '@fitness/contracts/testing/seeded-random.ts';

/**
 * A year of believable history for one user, written through the public API (the normal command
 * path), so every event is real and the read models can be rebuilt from it. Deterministic: the
 * same seed and end date give the same history.
 */

type Api = (
  method: string,
  url: string,
  options?: { token?: string; body?: unknown },
) => Promise<{ status: number; body: unknown }>;

type Plan = { name: string; exercises: { name: string; kind: 'lift' | 'bodyweight' | 'cardio'; start: number }[] };

/** Four sessions a week, rotating; start weights in kg that grow over the year. */
const PLANS: Plan[] = [
  {
    name: 'Push',
    exercises: [
      { name: 'Barbell Bench Press', kind: 'lift', start: 60 },
      { name: 'Overhead Press', kind: 'lift', start: 35 },
      { name: 'Push-Up', kind: 'bodyweight', start: 0 },
    ],
  },
  {
    name: 'Pull',
    exercises: [
      { name: 'Deadlift', kind: 'lift', start: 90 },
      { name: 'Barbell Row', kind: 'lift', start: 50 },
      { name: 'Pull-Up', kind: 'bodyweight', start: 0 },
    ],
  },
  {
    name: 'Legs',
    exercises: [
      { name: 'Barbell Back Squat', kind: 'lift', start: 80 },
      { name: 'Dumbbell Lunge', kind: 'lift', start: 20 },
    ],
  },
  { name: 'Run', exercises: [{ name: 'Running', kind: 'cardio', start: 0 }] },
];
/** Training days by weekday (0 is Sunday): Monday, Tuesday, Thursday and Saturday. */
const TRAINING_DAYS = new Set([1, 2, 4, 6]);

const MEALS = [
  { type: 'breakfast', names: ['Oatmeal with berries', 'Eggs on toast', 'Greek yoghurt and granola'], kcal: 480 },
  { type: 'lunch', names: ['Chicken rice bowl', 'Lentil soup and bread', 'Tuna salad wrap'], kcal: 680 },
  { type: 'dinner', names: ['Salmon with potatoes', 'Pasta bolognese', 'Tofu stir-fry'], kcal: 760 },
  { type: 'snacks', names: ['Apple and peanut butter', 'Protein shake', 'Banana'], kcal: 220 },
] as const;

export type SeedOptions = {
  api: Api;
  token: string;
  /** The last day of history (usually today), as YYYY-MM-DD. */
  until: string;
  days?: number;
  seed?: number;
  /** Days written at once; the server commits concurrent commands together. */
  concurrency?: number;
  onDay?: (done: number, total: number) => void;
};

export async function seedHistory(options: SeedOptions) {
  const { api, token, until, days = 365, seed = 42, concurrency = 6 } = options;
  let commands = 0;
  async function call(method: string, url: string, body?: unknown) {
    commands += 1;
    const response = await api(method, url, { token, body });
    if (response.status >= 300) {
      throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
    return response.body as { id: string };
  }

  // Library exercises where the library has them, so calories burned use their category.
  const library = new Map<string, string | null>();
  for (const exercise of PLANS.flatMap((plan) => plan.exercises)) {
    const found = (await api('GET', `/exercises?search=${encodeURIComponent(exercise.name)}&limit=5`, { token }))
      .body as { data?: { id: string; name: string }[] };
    const match = found.data?.find((candidate) => candidate.name.toLowerCase() === exercise.name.toLowerCase());
    library.set(exercise.name, match?.id ?? null);
  }

  await call('PATCH', '/me', {
    age: 32,
    gender: 'female',
    height: 170,
    weight: 74,
    activity_level: 'moderate',
    goals: ['lose_weight', 'build_muscle'],
  });

  const first = shiftDay(until, -(days - 1));
  let session = 0;
  const plans: { date: string; plan: Plan | null; progress: number }[] = [];
  for (let day = 0; day < days; day += 1) {
    const date = shiftDay(first, day);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const plan = TRAINING_DAYS.has(weekday) ? (PLANS[session++ % PLANS.length] ?? null) : null;
    plans.push({ date, plan, progress: day / days });
  }

  // One seed per day from a single generator: neighbouring days are not alike.
  const seeds = seededRandom(seed);
  const daySeeds = plans.map(() => Math.floor(seeds.next() * 2 ** 32));

  async function writeDay(index: number) {
    const { date, plan, progress } = plans[index] as (typeof plans)[number];
    const { next } = seededRandom(daySeeds[index] ?? seed);
    const between = (low: number, high: number) => low + next() * (high - low);
    const round = (value: number, step: number) => Math.round(value / step) * step;

    // A missed session now and then, as in real life.
    if (plan && next() > 0.08) {
      const workout = await call('POST', '/workouts', { name: plan.name, date });
      for (const exercise of plan.exercises) {
        const added = await call('POST', `/workouts/${workout.id}/exercises`, {
          name: exercise.name,
          exercise_id: library.get(exercise.name) ?? null,
        });
        const sets = `/workouts/${workout.id}/exercises/${added.id}/sets`;
        if (exercise.kind === 'cardio') {
          const km = round(between(4, 6) + progress * 3, 0.1);
          // Distance in metres, duration in seconds: about 5:50 per km, getting quicker.
          const secondsPerKm = between(330, 370) - progress * 30;
          await call('POST', sets, {
            reps: 1,
            distance: Math.round(km * 1000),
            duration: Math.round(km * secondsPerKm),
          });
          continue;
        }
        const working =
          exercise.kind === 'lift' ? round(exercise.start * (1 + 0.3 * progress) + between(-2.5, 2.5), 2.5) : 0;
        if (exercise.kind === 'lift')
          await call('POST', sets, { reps: 10, weight: round(working * 0.5, 2.5), type: 'warmup' });
        for (let set = 0; set < 3; set += 1) {
          const reps = Math.max(1, Math.round(between(5, 10) + (exercise.kind === 'bodyweight' ? progress * 5 : 0)));
          await call('POST', sets, { reps, ...(working > 0 && { weight: working }), rest_time: 90 });
        }
      }
      await call('PATCH', `/workouts/${workout.id}`, { status: 'completed', duration: Math.round(between(40, 75)) });
    }

    for (const meal of MEALS) {
      if (meal.type === 'snacks' && next() < 0.5) continue;
      const created = await call('POST', '/meals', { date, type: meal.type });
      const calories = Math.round(meal.kcal * between(0.8, 1.2));
      await call('POST', `/meals/${created.id}/entries`, {
        name: meal.names[Math.floor(next() * meal.names.length)],
        calories,
        protein: Math.round((calories * 0.3) / 4),
        carbs: Math.round((calories * 0.45) / 4),
        fat: Math.round((calories * 0.25) / 9),
      });
    }
    const glasses = Math.round(between(4, 9));
    for (let glass = 0; glass < glasses; glass += 1) await call('POST', `/water/${date}`, { ml: 250 });
    await call('PUT', `/steps/${date}`, { count: Math.round(between(3500, 14000)) });
    // Weighed every Monday morning: 74 kg drifting down to about 69.5 over the year.
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) {
      await call('PUT', `/body-weight/${date}`, {
        weight: Math.round((74 - 4.5 * progress + between(-0.6, 0.6)) * 10) / 10,
      });
    }
  }

  let nextDay = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nextDay < plans.length) {
        const index = nextDay++;
        await writeDay(index);
        done += 1;
        options.onDay?.(done, plans.length);
      }
    }),
  );

  // The profile keeps today's weight, where the weigh-ins ended.
  await call('PATCH', '/me', { weight: 69.5 });
  return { commands, from: first, until };
}
