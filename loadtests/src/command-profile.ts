import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { logSetsAsPeopleTrain, trainees } from './command-bench.ts';

/**
 * Where a command's time goes on the server's main thread: P1's realistic workload (50 people
 * logging sets) against a server started with `--cpu-prof`, and the samples taken while the
 * load ran summed by what they were doing. Run alone (about a minute):
 * `node --no-allocation-site-pretenuring loadtests/src/command-profile.ts [seconds]`
 * The profile is wall-clock time on the main thread: a commit's wait for the disk counts as its
 * own, and the time the thread waited for requests is left out.
 */

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/**
 * What a sample was doing, from its stack: the innermost frame whose script one of these
 * matches decides, so that SQLite's native work counts for the store that called it, and the
 * framework's reply for HTTP even when a command's route called it.
 */
const SHARES: [share: string, matches: (url: string) => boolean][] = [
  [
    'the event store: the durable append, its group commit, reads',
    (url) => url.includes('/stores/src/sqlite/sqlite-event-store'),
  ],
  ['the read models: reads in the fold, writes, commit', (url) => url.includes('/stores/src/sqlite/sqlite-read-store')],
  ['folding the projections', (url) => url.includes('/projections/src/')],
  ['the push (socket.io)', (url) => /\/(socket\.io[^/]*|engine\.io[^/]*|ws)\//.test(url) || url.includes('/live-')],
  ['authentication', (url) => url.includes('/authentication.ts') || url.includes('node:internal/crypto')],
  ['the command: validation and decision', (url) => url.includes('/command-service/src/')],
  [
    'the HTTP framework, headers and body',
    (url) =>
      /node_modules\/(fastify|@fastify|avvio|find-my-way|light-my-request|ajv|fast-json-stringify|secure-json-parse|helmet)/.test(
        url,
      ) || /^node:(_http|net|internal\/streams|internal\/http)/.test(url),
  ],
];

/**
 * The thread's busy share of the samples between `fromUs` and `toUs` (the profile's clock, µs),
 * and the share of its busy samples by what they did.
 */
export function sharesOf(profile: CpuProfile, fromUs: number, toUs: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const totals = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    if (at < fromUs || at > toUs || delta === 0) return;
    const leaf = byId.get(id);
    if (!leaf) return;
    if (leaf.callFrame.functionName === '(idle)') {
      idle += delta;
      return;
    }
    let share = leaf.callFrame.functionName === '(garbage collector)' ? 'garbage collection' : undefined;
    for (let node: ProfileNode | undefined = leaf; node && !share; node = byId.get(parentOf.get(node.id) ?? -1)) {
      const url = node.callFrame.url;
      share = SHARES.find(([, matches]) => matches(url))?.[0];
    }
    share ??= 'the rest';
    totals.set(share, (totals.get(share) ?? 0) + delta);
    busy += delta;
  });
  if (busy === 0) throw new Error('no busy sample in the window: was the profile taken while the load ran?');
  const shares = [...totals].map(([share, us]) => ({ share, fraction: us / busy }));
  return { busy: busy / (busy + idle), shares: shares.sort((a, b) => b.fraction - a.fraction) };
}

/**
 * The thread a profile is of, from the name Node gives it
 * (`CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile`): 0 is the main thread.
 */
export function threadOfProfile(file: string) {
  const match = /^CPU\.\d+\.\d+\.\d+\.(\d+)\.\d+\.cpuprofile$/.exec(file);
  return match ? Number(match[1]) : null;
}

/** The monotonic clock V8's profiles use, in µs (the same CLOCK_MONOTONIC in every process). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export async function profileCommands(seconds: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const profileDir = path.join(dataDir, 'profile');
  const server = await startServerProcess(dataDir, {
    AUTH_RATE_LIMIT: '100000',
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
  });
  try {
    const people = await trainees(server.baseUrl, 50);
    await logSetsAsPeopleTrain(server.baseUrl, people, 3);
    const from = monotonicUs();
    const result = await logSetsAsPeopleTrain(server.baseUrl, people, seconds);
    const to = monotonicUs();
    await server.kill('SIGTERM');
    const threads = readdirSync(profileDir)
      .map((file) => ({ file, thread: threadOfProfile(file) }))
      .filter(({ thread }) => thread !== null)
      .sort((a, b) => (a.thread ?? 0) - (b.thread ?? 0));
    if (threads[0]?.thread !== 0) throw new Error('the server wrote no profile of its main thread');
    return {
      commandsPerSecond: result.requestsPerSecond,
      threads: threads.map(({ file, thread }) => {
        const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
        return {
          thread: thread === 0 ? 'the request thread' : `worker thread ${thread}`,
          ...sharesOf(profile, from, to),
        };
      }),
    };
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { commandsPerSecond, threads } = await profileCommands(Number(process.argv[2] ?? 15));
  console.log(`${commandsPerSecond.toFixed(0)} commands/s`);
  for (const { thread, busy, shares } of threads) {
    console.log(`${thread}: busy ${(busy * 100).toFixed(1)}% of the time; its busy time went to`);
    for (const { share, fraction } of shares) console.log(`${(fraction * 100).toFixed(1).padStart(5)}%  ${share}`);
  }
}
