import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { apiClient } from '@fitness/gateway/testing/api-client.ts';
import autocannon from 'autocannon';

const execFileAsync = promisify(execFile);

export type LoadResult = {
  requestsPerSecond: number;
  /** Every request answered in the phase, refused ones too: what the server did work for. */
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
};

/** Drives one HTTP request shape at a fixed number of concurrent connections for a while. */
export function load(options: LoadOptions): Promise<LoadResult> {
  return measured(
    autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      connections: options.connections,
      duration: options.seconds,
    }),
  );
}

/**
 * `load` for each phase in turn, from a new Node process (load-process.ts). A client's own
 * garbage collections show in the latencies it measures: the bench process that has just
 * appended a million events collects far more often than a fresh one. The process gets the
 * bench's memory flag by name, not this process's `execArgv`, which may hold an `-e` script.
 */
export async function loadsInFreshProcess(phases: LoadOptions[]): Promise<LoadResult[]> {
  const script = path.join(import.meta.dirname, 'load-process.ts');
  const { stdout } = await execFileAsync(process.execPath, [
    '--no-allocation-site-pretenuring',
    script,
    JSON.stringify(phases),
  ]).catch(({ code, stderr }: { code?: number; stderr?: string }) => {
    throw new Error(`the load process exited with ${code}: ${stderr?.trim()}`);
  });
  return JSON.parse(stdout) as LoadResult[];
}

/**
 * The figures the benchmark prints, from a running autocannon job. The latencies are kept here,
 * each as measured (fractions of a millisecond), because autocannon's own histogram rounds them
 * to whole milliseconds: at 2 ms a p99 could not tell 2.1 from 2.9, nor a ratio 1.0 from 1.4.
 */
export async function measured(started: Promise<autocannon.Result>): Promise<LoadResult> {
  // At run time the promise autocannon returns is also its event emitter; the typings say one or the other.
  const job = started as unknown as autocannon.Instance & Promise<autocannon.Result>;
  const latencies: number[] = [];
  job.on('response', (_client, statusCode, _bytes, responseTime) => {
    // As autocannon's own figures: the latencies of the answers that succeeded.
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await job;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: percentileOfSorted(sorted, 50),
    p99: percentileOfSorted(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function percentile(values: number[], p: number) {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** The nearest-rank percentile of values already in ascending order. */
function percentileOfSorted(sorted: ArrayLike<number>, p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/**
 * Another user's experience meanwhile: GET /workouts one request after another while `going()`,
 * each latency in ms. A refusal ends the measurement: it would not be a latency.
 */
export async function workoutListLatencies(api: ReturnType<typeof apiClient>, token: string, going: () => boolean) {
  const samples: number[] = [];
  while (going()) {
    const sent = performance.now();
    const response = await api('GET', '/workouts', { token });
    if (response.status !== 200) throw new Error(`GET /workouts answered ${response.status}`);
    samples.push(performance.now() - sent);
  }
  return samples;
}

/** Another user's GET /workouts one after another for `forMs`: how many, p50 and p99 (ms). */
export async function workoutListLatenciesFor(api: ReturnType<typeof apiClient>, token: string, forMs: number) {
  const until = performance.now() + forMs;
  const samples = await workoutListLatencies(api, token, () => performance.now() < until);
  return { n: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** CPU time (user + system, ms) a process has used so far, from /proc: every thread counted. */
export function cpuMs(pid: number) {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * The CPU a server process (every thread) uses from now on, per request of the load sent to it
 * meanwhile: call the result with the requests answered.
 */
export function cpuPerRequest(serverPid: number) {
  const before = cpuMs(serverPid);
  return (requests: number) => ({ serverUs: ((cpuMs(serverPid) - before) * 1000) / requests });
}

/** A process's resident memory from /proc (Linux), in MB; NaN where there is no /proc. */
export function residentMegabytes(pid: number | undefined) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kilobytes / 1024;
  } catch {
    return Number.NaN;
  }
}
