import { check, group, sleep } from 'k6';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';
import ws from 'k6/ws';
import { userOf } from './auth.js';
import { API, jsonParams, LIVE_URL, today } from './config.js';

export const setsLogged = new Counter('sets_logged');
export const liveChangeReceived = new Rate('live_change_received');
export const liveChangeLatency = new Trend('live_change_latency', true);

const SETS_PER_WORKOUT = Number(__ENV.SETS_PER_WORKOUT || 5);

/** Starts a workout and adds an exercise to it; null (after failed checks) if either failed. */
function startWorkoutWithExercise(token) {
  const started = http.post(
    `${API}/workouts`,
    JSON.stringify({ name: 'k6 leg day' }),
    jsonParams(token, { name: 'POST /workouts' }),
  );
  if (!check(started, { 'workout started (201)': (r) => r.status === 201 })) return null;
  const workoutId = started.json().id;
  const added = http.post(
    `${API}/workouts/${workoutId}/exercises`,
    JSON.stringify({ name: 'Squat' }),
    jsonParams(token, { name: 'POST /workouts/{id}/exercises' }),
  );
  if (!check(added, { 'exercise added (201)': (r) => r.status === 201 })) return null;
  return { workoutId, exerciseId: added.json().id };
}

function logSet(token, workout, reps, extraHeaders = {}) {
  const params = jsonParams(token, { name: 'POST /workouts/{id}/exercises/{exerciseId}/sets' });
  params.headers = { ...params.headers, ...extraHeaders };
  const response = http.post(
    `${API}/workouts/${workout.workoutId}/exercises/${workout.exerciseId}/sets`,
    JSON.stringify({ reps, weight: 100, rest_time: 90 }),
    params,
  );
  const ok = check(response, {
    'set logged (201)': (r) => r.status === 201,
    'set has the reps sent': (r) => r.status === 201 && r.json().reps === reps,
  });
  if (ok) setsLogged.add(1);
  return ok;
}

/** (a) A training session: start a workout, add an exercise, log its sets, end the workout. */
export function logSets(user) {
  group('log a set', () => {
    const workout = startWorkoutWithExercise(user.token);
    if (!workout) return;
    for (let i = 0; i < SETS_PER_WORKOUT; i++) {
      if (!logSet(user.token, workout, 5 + i)) return;
    }
    const ended = http.patch(
      `${API}/workouts/${workout.workoutId}`,
      JSON.stringify({ status: 'completed' }),
      jsonParams(user.token, { name: 'PATCH /workouts/{id}' }),
    );
    check(ended, { 'workout completed': (r) => r.status === 200 && r.json().status === 'completed' });
  });
}

/** (b) The dashboard's reads, in parallel as the screen makes them. */
export function readDashboard(user) {
  group('dashboard', () => {
    const date = today();
    const get = (path, name) => ({ method: 'GET', url: `${API}${path}`, params: jsonParams(user.token, { name }) });
    const responses = http.batch([
      get(`/metrics/today?date=${date}`, 'GET /metrics/today'),
      get(`/metrics/weekly?date=${date}&start_of_week=monday`, 'GET /metrics/weekly'),
      get('/workouts?page=1&per_page=20', 'GET /workouts'),
      get(`/metrics/achievements?date=${date}`, 'GET /metrics/achievements'),
      get('/metrics/prs', 'GET /metrics/prs'),
      get('/weather', 'GET /weather'),
    ]);
    const [todays, weekly, workouts] = responses;
    check(todays, { "today's metrics (200)": (r) => r.status === 200 && r.json().date === date });
    check(weekly, { 'weekly metrics (200)': (r) => r.status === 200 });
    check(workouts, { 'workouts page (200)': (r) => r.status === 200 && Array.isArray(r.json().data) });
    check(responses.slice(3), { 'achievements, records, weather (200)': (rs) => rs.every((r) => r.status === 200) });
  });
}

/**
 * (c) The live channel: join it with the user's token as socket.io's `auth`, log a set over HTTP,
 * and wait for the change of that workout, told apart by the request id the write carried.
 */
export function liveChange(user) {
  group('live', () => {
    const workout = startWorkoutWithExercise(user.token);
    if (!workout) return;
    const requestId = `k6-${__VU}-${__ITER}-${Date.now()}`;
    let joined = false;
    let received = false;
    let sentAt = 0;
    const response = ws.connect(LIVE_URL, {}, (socket) => {
      socket.on('message', (message) => {
        if (message === '2') return socket.send('3'); // engine.io ping: answer, or the server hangs up
        if (message.startsWith('0')) return socket.send(`40${JSON.stringify({ token: user.token })}`);
        if (message.startsWith('44')) return socket.close(); // the join was refused
        if (message.startsWith('40')) {
          joined = true;
          sentAt = Date.now();
          logSet(user.token, workout, 8, { 'X-Request-Id': requestId });
          return;
        }
        if (message.startsWith('42')) {
          const [event, notice] = JSON.parse(message.slice(2));
          if (event === 'change' && notice.model === 'workouts' && notice.correlationId === requestId) {
            received = true;
            liveChangeLatency.add(Date.now() - sentAt);
            socket.close();
          }
        }
      });
      socket.setTimeout(() => socket.close(), Number(__ENV.LIVE_TIMEOUT_MS || 5000));
    });
    check(response, { 'live channel upgraded (101)': (r) => r && r.status === 101 });
    check(joined, { 'live channel joined': (j) => j });
    check(received, { 'logged set arrived as a change': (r) => r });
    liveChangeReceived.add(received);
  });
}

/** What a mixed run of the three flows holds to, whatever its shape (load.js, soak.js). */
export const mixedThresholds = {
  http_req_failed: ['rate<0.01'],
  http_req_duration: ['p(95)<500', 'p(99)<1500'],
  checks: ['rate>0.99'],
  sets_logged: ['count>0'],
  live_change_received: ['rate>0.99'],
  live_change_latency: ['p(95)<1000'],
};

/**
 * The three flows as scenario functions for a script to export, each followed by its pause in
 * seconds: `export const { training, dashboard, live } = pacedFlows({ training: 1, ... })`.
 */
export function pacedFlows(pauses) {
  return {
    training(data) {
      logSets(userOf(data));
      sleep(pauses.training);
    },
    dashboard(data) {
      readDashboard(userOf(data));
      sleep(pauses.dashboard);
    },
    live(data) {
      liveChange(userOf(data));
      sleep(pauses.live);
    },
  };
}
