import { MAX_EXERCISES_PER_WORKOUT } from '@fitness/contracts';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import autocannon from 'autocannon';
import { type LoadResult, measured } from './measure.ts';

/** Sets logged into one workout before the next begins: a long session, as people train. */
export const SETS_PER_WORKOUT = 25;

const SET_BODY = JSON.stringify({ reps: 5, weight: 100, rest_time: 90 });

/**
 * P1 as people train: each of `clients` connections is its own person, who starts a workout,
 * adds an exercise, logs SETS_PER_WORKOUT sets into it, and starts over. Every request is a
 * command, so commands/s counts all three kinds.
 */
export async function logSetsAsPeopleTrain(baseUrl: string, tokens: string[], seconds: number): Promise<LoadResult> {
  let next = 0;
  type Session = { token?: string; workoutId?: string; exerciseId?: string };
  /** A POST of the session's person to the path it makes, keeping what `remember` takes from the answer. */
  const post = (
    pathOf: (session: Session) => string,
    body: string,
    remember?: (session: Session, created: { id: string }) => void,
  ): autocannon.Request => ({
    method: 'POST',
    setupRequest: (request, context) => {
      const session = context as Session;
      session.token ??= tokens[next++ % tokens.length];
      return {
        ...request,
        path: pathOf(session),
        body,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      };
    },
    ...(remember && {
      onResponse: (_status: number, answer: string, context: object) =>
        remember(context as Session, JSON.parse(answer)),
    }),
  });
  return measured(
    autocannon({
      url: baseUrl,
      connections: tokens.length,
      duration: seconds,
      requests: [
        post(
          () => '/api/v1/workouts',
          JSON.stringify({ name: 'Leg day' }),
          (session, workout) => {
            session.workoutId = workout.id;
          },
        ),
        post(
          (session) => `/api/v1/workouts/${session.workoutId}/exercises`,
          JSON.stringify({ name: 'Squat' }),
          (session, exercise) => {
            session.exerciseId = exercise.id;
          },
        ),
        ...Array.from({ length: SETS_PER_WORKOUT }, () =>
          post((session) => `/api/v1/workouts/${session.workoutId}/exercises/${session.exerciseId}/sets`, SET_BODY),
        ),
      ],
    }),
  );
}

/** People to train in `logSetsAsPeopleTrain`: a signed-in account each. */
export async function trainees(baseUrl: string, clients: number) {
  const api = apiClient(baseUrl);
  const tokens: string[] = [];
  for (let i = 0; i < clients; i++) tokens.push((await registerUser(api, `Trainee ${i}`)).token);
  return tokens;
}

/**
 * One workout per client, each with as many exercises as a workout holds: the long sessions P1's
 * second workload and P2 log into. A set goes to each exercise in turn, since an exercise holds
 * at most MAX_SETS_PER_EXERCISE; together they take 10,000 sets a workout.
 */
export async function longWorkouts(baseUrl: string, clients: number) {
  const api = apiClient(baseUrl);
  const { token } = await registerUser(api, 'Bench');
  const workouts = await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const workout = (await api('POST', '/workouts', { token, body: { name: `Bench ${i}` } })).body;
      const setUrls: string[] = [];
      for (let e = 0; e < MAX_EXERCISES_PER_WORKOUT; e++) {
        const exercise = (
          await api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: `Squat ${e}` } })
        ).body;
        setUrls.push(`/api/v1/workouts/${workout.id}/exercises/${exercise.id}/sets`);
      }
      return setUrls;
    }),
  );
  return { token, workouts };
}

/** The path of a long workout's next set: its exercises in turn. */
export function nextSetOf(setUrls: string[]) {
  let next = 0;
  return () => setUrls[next++ % setUrls.length] ?? '';
}

/** P1 as the first bench measured it: each connection logs sets into one ever-longer workout. */
export async function logSetsIntoLongWorkouts(
  baseUrl: string,
  { token, workouts }: { token: string; workouts: string[][] },
  seconds: number,
): Promise<LoadResult> {
  let next = 0;
  return measured(
    autocannon({
      url: baseUrl,
      connections: workouts.length,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: SET_BODY,
          // Each connection keeps to one workout, as one person logs into their own.
          setupRequest: (request, context) => {
            const state = context as { nextSet?: () => string };
            state.nextSet ??= nextSetOf(workouts[next++ % workouts.length] ?? []);
            return { ...request, path: state.nextSet() };
          },
        },
      ],
    }),
  );
}
