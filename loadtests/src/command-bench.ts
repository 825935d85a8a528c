import { MAX_EXERCISES_PER_WORKOUT } from '@fitness/contracts';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import autocannon from 'autocannon';
import { type LoadResult, measured } from './measure.ts';

/** Sets logged into one workout before the next begins: a long session, as people train. */
export const SETS_PER_WORKOUT = 25;

const SET_BODY = JSON.stringify({ reps: 5, weight: 100, rest_time: 90 });
const WORKOUT_BODY = JSON.stringify({ name: 'Leg day' });
const EXERCISE_BODY = JSON.stringify({ name: 'Squat' });

/**
 * A POST as autocannon writes one (its request builder's bytes, with a bearer token), built once
 * and sent as often as it is due. The bare baseline's client writes one request built before the
 * run for every request it sends; P1's writes these the same way, so that it costs no more per
 * request than that one beyond the body and the token it must send, and the ratio of the two
 * compares servers rather than clients. Built per request (autocannon's setupRequest), the
 * client had spent about 20 µs more of the two cores per request than the bare one.
 */
function postBytes(host: string, path: string, token: string, body: string) {
  return Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\ncontent-type: application/json\r\n` +
      `authorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * One of a connection's requests, as autocannon's client keeps them (each client has its own
 * copies): the bytes it writes, and what it calls with the answer. Not in its typings.
 */
type ConnectionRequest = {
  requestBuffer?: Buffer;
  onResponse?: (status: number, answer: string) => void;
};

/** The requests `client` goes through in turn, its own copies of the run's `requests`. */
const requestsOf = (client: autocannon.Client) =>
  (client as unknown as { requestIterator: { requests: ConnectionRequest[] } }).requestIterator.requests;

/** The id of a created resource, from the answer to its POST. */
const createdId = (answer: string) => (JSON.parse(answer) as { id: string }).id;

/**
 * P1 as people train: each of `clients` connections is its own person, who starts a workout,
 * adds an exercise, logs SETS_PER_WORKOUT sets into it, and starts over. Every request is a
 * command, so commands/s counts all three kinds. A person's requests are built when what they
 * need is known: the workout once, the exercise once per workout, one set for its 25.
 */
export async function logSetsAsPeopleTrain(baseUrl: string, tokens: string[], seconds: number): Promise<LoadResult> {
  const { host } = new URL(baseUrl);
  let next = 0;
  return measured(
    autocannon({
      url: baseUrl,
      connections: tokens.length,
      duration: seconds,
      requests: Array.from({ length: 2 + SETS_PER_WORKOUT }, () => ({ method: 'POST' as const })),
      setupClient: (client) => {
        const token = tokens[next++ % tokens.length] ?? '';
        const [startWorkout, addExercise, ...sets] = requestsOf(client);
        if (!startWorkout || !addExercise) throw new Error('autocannon did not keep the requests as given');
        let exercises = '';
        startWorkout.requestBuffer = postBytes(host, '/api/v1/workouts', token, WORKOUT_BODY);
        // A refusal keeps the previous workout's requests: it is counted as non-2xx, and the person goes on.
        startWorkout.onResponse = (status, answer) => {
          if (status !== 201) return;
          exercises = `/api/v1/workouts/${createdId(answer)}/exercises`;
          addExercise.requestBuffer = postBytes(host, exercises, token, EXERCISE_BODY);
        };
        addExercise.onResponse = (status, answer) => {
          if (status !== 201) return;
          // One build serves the workout's 25 sets.
          const logSet = postBytes(host, `${exercises}/${createdId(answer)}/sets`, token, SET_BODY);
          for (const set of sets) set.requestBuffer = logSet;
        };
      },
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
  const { host } = new URL(baseUrl);
  let next = 0;
  return measured(
    autocannon({
      url: baseUrl,
      connections: workouts.length,
      duration: seconds,
      // A request per exercise, built once: a set goes to each in turn.
      requests: Array.from({ length: MAX_EXERCISES_PER_WORKOUT }, () => ({ method: 'POST' as const })),
      // Each connection keeps to one workout, as one person logs into their own.
      setupClient: (client) => {
        const setUrls = workouts[next++ % workouts.length] ?? [];
        requestsOf(client).forEach((request, i) => {
          request.requestBuffer = postBytes(host, setUrls[i % setUrls.length] ?? '', token, SET_BODY);
        });
      },
    }),
  );
}
