/**
 * The k6 executors the adapter runs, as pure schedules: given a VU and how long the scenario has
 * run, may it start another iteration, must it wait, or is it done? The runner asks before every
 * iteration, so each executor is the one rule it answers with.
 */

/** k6 durations: "30s", "1m30s", "500ms", "2h"; a bare number is milliseconds. */
export function parseDuration(text: string | number | undefined, fallbackMs: number): number {
  if (text === undefined) return fallbackMs;
  if (typeof text === 'number') return text;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let rest = text.trim();
  if (/^\d+(\.\d+)?$/.test(rest)) return Number(rest);
  while (rest !== '') {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)/.exec(rest);
    if (!match) throw new Error(`duration "${text}": expected e.g. 30s, 1m30s, 500ms`);
    total += Number(match[1]) * (units[match[2] ?? 's'] ?? 1000);
    rest = rest.slice(match[0].length);
  }
  return total;
}

export type ScenarioOptions = {
  executor: string;
  exec?: string;
  startTime?: string;
  gracefulStop?: string;
  env?: Record<string, string>;
  tags?: Record<string, string>;
  vus?: number;
  iterations?: number;
  duration?: string;
  maxDuration?: string;
  startVUs?: number;
  stages?: { duration: string; target: number }[];
  gracefulRampDown?: string;
};

export type Decision = { run: true } | { done: true } | { waitMs: number };

export interface Schedule {
  /** How many VUs the scenario needs at most (k6's vus_max for it). */
  readonly vus: number;
  /** How long after its start the scenario stops handing out iterations. */
  readonly durationMs: number;
  decide(vu: number, elapsedMs: number): Decision;
}

const DONE: Decision = { done: true };
const RUN: Decision = { run: true };

export function scheduleOf(name: string, options: ScenarioOptions): Schedule {
  switch (options.executor) {
    case 'shared-iterations':
      return sharedIterations(options);
    case 'per-vu-iterations':
      return perVuIterations(options);
    case 'constant-vus':
      return constantVus(name, options);
    case 'ramping-vus':
      return rampingVus(name, options);
    default:
      throw new Error(`scenario ${name}: the adapter does not run the ${options.executor} executor`);
  }
}

/** `iterations` shared by `vus`: whoever is free takes the next one. */
function sharedIterations(options: ScenarioOptions): Schedule {
  const iterations = options.iterations ?? 1;
  const durationMs = parseDuration(options.maxDuration, 600_000);
  let handedOut = 0;
  return {
    vus: Math.min(options.vus ?? 1, iterations),
    durationMs,
    decide(_vu, elapsedMs) {
      if (handedOut >= iterations || elapsedMs >= durationMs) return DONE;
      handedOut += 1;
      return RUN;
    },
  };
}

/** `iterations` for each of `vus`. */
function perVuIterations(options: ScenarioOptions): Schedule {
  const iterations = options.iterations ?? 1;
  const durationMs = parseDuration(options.maxDuration, 600_000);
  const done = new Map<number, number>();
  return {
    vus: options.vus ?? 1,
    durationMs,
    decide(vu, elapsedMs) {
      const count = done.get(vu) ?? 0;
      if (count >= iterations || elapsedMs >= durationMs) return DONE;
      done.set(vu, count + 1);
      return RUN;
    },
  };
}

/** `vus` looping for `duration`. */
function constantVus(name: string, options: ScenarioOptions): Schedule {
  if (!options.duration) throw new Error(`scenario ${name}: constant-vus needs a duration`);
  const durationMs = parseDuration(options.duration, 0);
  return {
    vus: options.vus ?? 1,
    durationMs,
    decide: (_vu, elapsedMs) => (elapsedMs >= durationMs ? DONE : RUN),
  };
}

/**
 * VUs following `stages` from `startVUs`, linearly within each stage. Approximation: a VU above
 * the current target finishes its iteration and waits for the target to come back up (k6 stops it
 * within gracefulRampDown instead), and the target is rounded to whole VUs.
 */
function rampingVus(name: string, options: ScenarioOptions): Schedule {
  const stages = (options.stages ?? []).map((stage) => ({
    durationMs: parseDuration(stage.duration, 0),
    target: stage.target,
  }));
  if (stages.length === 0) throw new Error(`scenario ${name}: ramping-vus needs stages`);
  const startVUs = options.startVUs ?? 1;
  const durationMs = stages.reduce((sum, stage) => sum + stage.durationMs, 0);
  return {
    vus: Math.max(startVUs, ...stages.map((stage) => stage.target)),
    durationMs,
    decide(vu, elapsedMs) {
      if (elapsedMs >= durationMs) return DONE;
      if (vu < Math.round(rampingTarget(startVUs, stages, elapsedMs))) return RUN;
      return { waitMs: 100 };
    },
  };
}

/** How many VUs `stages` ask for `elapsedMs` in. */
export function rampingTarget(startVUs: number, stages: { durationMs: number; target: number }[], elapsedMs: number) {
  let from = startVUs;
  let stageStart = 0;
  for (const stage of stages) {
    if (elapsedMs < stageStart + stage.durationMs) {
      return from + ((stage.target - from) * (elapsedMs - stageStart)) / stage.durationMs;
    }
    from = stage.target;
    stageStart += stage.durationMs;
  }
  return from;
}
