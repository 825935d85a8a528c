import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { READS_AT_ONCE, READS_WAITING } from '@fitness/query-service/read-turns.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ApiResponse, apiClient, registerUser } from '../testing/api-client.ts';
import { type ServerProcess, startServerProcess } from '../testing/server-process.ts';
import { STRONG_HEADER } from '../testing/strong-export.ts';

const DAY = '2026-11-02';
/** Enough that an export takes long while the burst arrives, on a busy machine too (600 were not always). */
const WORKOUTS = 3000;

/**
 * One account's reads take turns (query-service/src/read-turns.ts): 3,000 imported workouts make
 * the account's export long enough (its history is read a page at a time) that a burst of them
 * from one account piles up, and what piles past the queue is refused, while another account's
 * reads go on being answered. (The metrics no longer grow with a day's workouts: they are one
 * small document a month.)
 */
describe('reads take turns per account', () => {
  let server: ServerProcess;
  let dataDir: string;
  let api: ReturnType<typeof apiClient>;
  let heavy: string;
  let other: string;
  let position = '0';
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'read-turns-'));
    // The burst below opens 150 connections from this one address, past the cap on connections
    // per address that a real client meets first; this is about the turns an account's reads take.
    server = await startServerProcess(dataDir, { AUTH_RATE_LIMIT: '10000', CONNECTIONS_PER_ADDRESS: '1000' });
    api = apiClient(server.baseUrl);
    heavy = (await registerUser(api, 'Heavy')).token;
    other = (await registerUser(api, 'Other')).token;
    const rows = Array.from({ length: WORKOUTS }, (_, i) => `${DAY} 07:00:00,Session ${i},30m,Squat,1,100,5,0,0,,,`);
    const imported = await api('POST', '/imports/workouts', {
      token: heavy,
      body: { csv: [STRONG_HEADER, ...rows].join('\n') },
    });
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    assert.equal(imported.body.workouts_imported, WORKOUTS);
    position = imported.headers.get('x-event-position') ?? '0';
  }, 120_000);
  // Folding 3,000 workouts in can take longer than one read waits for its position (3 s), and a
  // minute and more on a busy machine: the read is asked again for as long as it answers that it
  // has not caught up, and the test looks only at an answer that has.
  let caughtUp: ApiResponse;
  beforeAll(async () => {
    const read = () =>
      api('GET', `/metrics/today?date=${DAY}`, { token: heavy, headers: { 'x-min-position': position } });
    caughtUp = await read();
    while (caughtUp.headers.get('x-read-consistent') === 'false') caughtUp = await read();
  }, 300_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses one account’s reads past the queue with 429 and Retry-After, answering the rest and other accounts', async () => {
    assert.equal(caughtUp.status, 200);
    assert.equal(caughtUp.body.workouts.completed, WORKOUTS);

    const burst = READS_AT_ONCE + READS_WAITING + 100;
    const othersReads = Array.from({ length: 5 }, () => get('/workouts', other));
    const answers = await Promise.all(
      await sendAtOnce(Array.from({ length: burst }, () => request('/me/export', heavy))),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    const answered = answers.filter((answer) => answer.status === 200);
    assert.equal(
      refused.length + answered.length,
      burst,
      `every read is answered or refused, nothing else: ${JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 429))}`,
    );
    assert.ok(refused.length > 0, `a burst past the queue is refused: ${answered.length} answered`);
    assert.ok(answered.length >= READS_AT_ONCE + READS_WAITING, `${answered.length} answered: the queue was served`);
    for (const answer of refused) {
      assert.equal(answer.headers['retry-after'], '1');
      assert.match(answer.body.message, /Too many requests at once/);
    }
    for (const answer of await Promise.all(othersReads)) assert.equal(answer.status, 200);

    // Once the burst is over the account reads as before: its turns were all given back.
    const after = await get('/me/export', heavy);
    assert.equal(after.status, 200);
  }, 120_000);

  it('answers another account while one account streams its exports, not after them', async () => {
    const finished: string[] = [];
    let streaming: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      streaming = resolve;
    });
    const exports = Array.from(
      { length: 10 },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const headers = { authorization: `Bearer ${heavy}` };
          http
            .get(`${server.baseUrl}/api/v1/me/export`, { agent: false, headers }, (response) => {
              assert.equal(response.statusCode, 200);
              streaming();
              response.resume();
              response.on('end', () => {
                finished.push(`export ${i}`);
                resolve();
              });
            })
            .on('error', reject);
        }),
    );
    // Once the first export is on its way, another account reads.
    await started;
    const others = await get('/workouts', other);
    assert.equal(others.status, 200);
    finished.push('other');
    await Promise.all(exports);
    assert.ok(finished.indexOf('other') < 5, `answered only after: ${finished.join(', ')}`);
  }, 120_000);

  type Answer = { status: number; headers: http.IncomingHttpHeaders; body: { message: string } };
  type Pending = { connected: Promise<void>; send: () => void; answer: Promise<Answer> };

  /** A GET on a connection of its own, sent and answered at once. */
  function get(url: string, token: string) {
    const pending = request(url, token);
    pending.send();
    return pending.answer;
  }

  /**
   * Sends the requests in one tick once every connection is open, so the burst reaches the
   * server together rather than spread over the time connecting takes (on a busy machine the
   * first exports used to finish before the last requests arrived, and nothing queued up).
   */
  async function sendAtOnce(requests: Pending[]) {
    await Promise.all(requests.map((pending) => pending.connected));
    for (const pending of requests) pending.send();
    return requests.map((pending) => pending.answer);
  }

  /** A GET on a connection of its own, connected now and sent by `send`. */
  function request(url: string, token: string): Pending {
    let connected: () => void = () => {};
    const connecting = new Promise<void>((resolve) => {
      connected = resolve;
    });
    let outgoing: http.ClientRequest | undefined;
    const answer = new Promise<Answer>((resolve, reject) => {
      outgoing = http.request(
        `${server.baseUrl}/api/v1${url}`,
        { agent: false, headers: { authorization: `Bearer ${token}` } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.on('socket', (socket) => socket.on('connect', connected));
    });
    return { connected: connecting, send: () => outgoing?.end(), answer };
  }
});
