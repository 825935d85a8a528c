import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { logSetsAsPeopleTrain, trainees } from './command-bench.ts';
import { LOAD_SERVER_ENV } from './load-server-env.ts';

/**
 * Where a command's time goes on each thread of the server: P1's realistic workload (50 people
 * logging sets) against a server started with `--cpu-prof`, and the samples taken while the
 * load ran summed by what they were doing. Run alone (about a minute):
 * `node --no-allocation-site-pretenuring loadtests/src/command-profile.ts [seconds]`
 * A profile is wall-clock time: a commit's wait for the disk counts as its own, and so does a
 * wait for a core while other threads have both; the time a thread waited for work is left out.
 * Beside it, Linux's own count of each thread's time on a core and time ready but waiting for
 * one tells those apart.
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

/** What Linux says of one thread: its name, and the ns it has run and waited, runnable, for a core. */
export type ThreadSchedule = { name: string; ranNs: number; waitedNs: number };

/**
 * A process's threads as the scheduler counts them (`/proc/<pid>/task/<tid>/schedstat`: time
 * run, time waited on a run queue), by thread id. Empty where there is no /proc. What a profile
 * calls busy is wall-clock time, which counts a thread that was ready but had no core; this
 * tells the two apart.
 */
export function threadSchedules(pid: number): Map<string, ThreadSchedule> {
  const schedules = new Map<string, ThreadSchedule>();
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return schedules;
  for (const tid of readdirSync(tasks)) {
    try {
      const name = readFileSync(`${tasks}/${tid}/comm`, 'utf8').trim();
      schedules.set(tid, { name, ...parseSchedstat(readFileSync(`${tasks}/${tid}/schedstat`, 'utf8')) });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return schedules;
}

/** `schedstat`'s first two fields: ns on a core, ns waiting on a run queue. */
export function parseSchedstat(text: string) {
  const [ran, waited] = text.trim().split(/\s+/).map(Number);
  if (!Number.isFinite(ran) || !Number.isFinite(waited)) throw new Error(`not a schedstat line: ${text}`);
  return { ranNs: ran as number, waitedNs: waited as number };
}

/**
 * The share of `seconds` each thread that ran at least 1% of it spent on a core and waiting for
 * one, between two `threadSchedules` of the same process.
 */
export function scheduleShares(
  before: Map<string, ThreadSchedule>,
  after: Map<string, ThreadSchedule>,
  seconds: number,
) {
  const shares: { thread: string; ran: number; waited: number }[] = [];
  for (const [tid, end] of after) {
    const start = before.get(tid) ?? { ranNs: 0, waitedNs: 0 };
    const ran = (end.ranNs - start.ranNs) / 1e9 / seconds;
    if (ran < 0.01) continue;
    shares.push({ thread: `${end.name} (${tid})`, ran, waited: (end.waitedNs - start.waitedNs) / 1e9 / seconds });
  }
  return shares.sort((a, b) => b.ran - a.ran);
}

/** The monotonic clock V8's profiles use, in µs (the same CLOCK_MONOTONIC in every process). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export async function profileCommands(seconds: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const profileDir = path.join(dataDir, 'profile');
  const server = await startServerProcess(dataDir, {
    ...LOAD_SERVER_ENV,
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
  });
  try {
    const people = await trainees(server.baseUrl, 50);
    await logSetsAsPeopleTrain(server.baseUrl, people, 3);
    const pid = server.child.pid ?? 0;
    const scheduledBefore = threadSchedules(pid);
    const from = monotonicUs();
    const result = await logSetsAsPeopleTrain(server.baseUrl, people, seconds);
    const to = monotonicUs();
    const scheduled = scheduleShares(scheduledBefore, threadSchedules(pid), (to - from) / 1e6);
    await server.kill('SIGTERM');
    const threads = readdirSync(profileDir)
      .map((file) => ({ file, thread: threadOfProfile(file) }))
      .filter(({ thread }) => thread !== null)
      .sort((a, b) => (a.thread ?? 0) - (b.thread ?? 0));
    if (threads[0]?.thread !== 0) throw new Error('the server wrote no profile of its main thread');
    return {
      commandsPerSecond: result.requestsPerSecond,
      scheduled,
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
  const { commandsPerSecond, threads, scheduled } = await profileCommands(Number(process.argv[2] ?? 15));
  console.log(`${commandsPerSecond.toFixed(0)} commands/s`);
  for (const { thread, ran, waited } of scheduled) {
    console.log(
      `${thread}: on a core ${(ran * 100).toFixed(1)}%, ready but waiting for one ${(waited * 100).toFixed(1)}%`,
    );
  }
  for (const { thread, busy, shares } of threads) {
    console.log(`${thread}: busy ${(busy * 100).toFixed(1)}% of the time; its busy time went to`);
    for (const { share, fraction } of shares) console.log(`${(fraction * 100).toFixed(1).padStart(5)}%  ${share}`);
  }
}
