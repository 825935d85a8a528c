import { MessageChannel, Worker } from 'node:worker_threads';
import { parseDuration, type Schedule, scheduleOf } from './executors.ts';
import { perform, type WireRequest } from './http-client.ts';
import { MetricRegistry, type Sample, type ThresholdResult } from './metrics.ts';
import { type ScriptOptions, scenariosOf } from './script-options.ts';
import type { Message } from './vu-bridge.ts';
import { openSocket, send, type Vu } from './vu-thread.ts';

type CheckTally = { group: string; name: string; passes: number; fails: number };

export type RunResult = {
  options: ScriptOptions;
  registry: MetricRegistry;
  thresholds: ThresholdResult[];
  checks: CheckTally[];
  durationMs: number;
  interruptedIterations: number;
  scenarios: { name: string; executor: string; vus: number; exec: string }[];
  /** Why the run could not go on (the script failed to load, setup threw): k6 exits 107 then. */
  aborted?: string;
};

/**
 * Runs a k6 script as k6 would: the lifecycle VU reads the options and runs setup(), each
 * scenario's VUs (worker threads) run its exec function as its executor hands out iterations,
 * then teardown(); every sample lands in one registry, and the thresholds are judged at the end.
 */
export async function runScript(
  script: string,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<RunResult> {
  const started = performance.now();
  let registry = new MetricRegistry();
  const checks = new Map<string, CheckTally>();
  let interruptedIterations = 0;
  let aborted: string | undefined;
  let nextVuId = 1;
  const liveVus = new Set<Vu>();
  /** VUs in an iteration now: k6's `vus` gauge, sampled whenever it changes. */
  const busyVus = new Set<Vu>();
  function markBusy(vu: Vu, busy: boolean) {
    if (busy === busyVus.has(vu)) return;
    if (busy) busyVus.add(vu);
    else busyVus.delete(vu);
    gauge('vus', busyVus.size);
  }

  const stamp = () => String(Math.floor((performance.now() - started) / 1000)).padStart(4, '0');
  const levels: Record<string, string> = { log: 'INFO', info: 'INFO', debug: 'DEBU', warn: 'WARN', error: 'ERRO' };

  function record(samples: Sample[]) {
    for (const sample of samples) {
      registry.add(sample);
      if (sample.metric !== 'checks') continue;
      const key = `${sample.tags.group}\u0000${sample.tags.check}`;
      const tally = checks.get(key) ?? {
        group: sample.tags.group ?? '',
        name: sample.tags.check ?? '',
        passes: 0,
        fails: 0,
      };
      if (sample.value) tally.passes += 1;
      else tally.fails += 1;
      checks.set(key, tally);
    }
  }

  function gauge(metric: string, value: number) {
    record([{ metric, kind: 'gauge', value, tags: {} }]);
  }

  /** Starts a VU thread; `onCall` answers its blocking calls other than I/O. */
  function spawn(
    data: Record<string, unknown>,
    handlers: { onCall?: (vu: Vu, message: Message) => void; onOptions?: (options: ScriptOptions) => void },
  ) {
    const { port1, port2 } = new MessageChannel();
    const signalBuffer = new SharedArrayBuffer(4);
    const worker = new Worker(new URL('./vu-worker.ts', import.meta.url), {
      workerData: { ...data, port: port2, signal: signalBuffer },
      transferList: [port2],
    });
    const vu: Vu = { worker, port: port1, signal: new Int32Array(signalBuffer), sockets: new Map() };
    liveVus.add(vu);
    const reply = (id: number, value: Record<string, unknown>) => send(vu, { type: 'reply', id, ...value });
    port1.on('message', (message: Message) => {
      switch (message.type) {
        case 'samples':
          return record(message.samples);
        case 'log':
          return log(`${levels[message.level] ?? 'INFO'}[${stamp()}] ${message.text}  source=console`);
        case 'interrupted':
          interruptedIterations += 1;
          return;
        case 'fatal':
          aborted ??= message.error;
          log(`ERRO[${stamp()}] ${message.error}`);
          return;
        case 'options':
          return handlers.onOptions?.(message.options);
        case 'wsSend':
          return vu.sockets.get(message.socketId)?.send(message.data);
        case 'wsClose':
          return vu.sockets.get(message.socketId)?.close(message.code ?? 1000);
        case 'wsPing':
          return; // Node's WebSocket sends no ping frames of its own choosing.
        case 'call':
          switch (message.op) {
            case 'http':
              perform(message.request as WireRequest).then((response) => reply(message.id, { response }));
              return;
            case 'httpBatch':
              Promise.all((message.requests as WireRequest[]).map(perform)).then((responses) =>
                reply(message.id, { responses }),
              );
              return;
            case 'wsOpen':
              openSocket(vu, message.socketId, message.url);
              return reply(message.id, {});
            default:
              return handlers.onCall?.(vu, message);
          }
      }
    });
    const exited = new Promise<void>((resolve) => {
      worker.on('error', (error) => {
        aborted ??= `a VU failed: ${error.stack ?? error.message}`;
        log(`ERRO[${stamp()}] ${aborted}`);
      });
      worker.on('exit', () => {
        for (const socket of vu.sockets.values()) socket.close();
        port1.close();
        liveVus.delete(vu);
        markBusy(vu, false);
        resolve();
      });
    });
    return { vu, reply, exited };
  }

  // The lifecycle VU: options, setup(), and once the scenarios are over, teardown().
  let optionsReady: (options: ScriptOptions) => void = () => {};
  const optionsRead = new Promise<ScriptOptions>((resolve) => {
    optionsReady = resolve;
  });
  let setupFinished: (outcome: { data?: string; error?: string }) => void = () => {};
  const setupOutcome = new Promise<{ data?: string; error?: string }>((resolve) => {
    setupFinished = resolve;
  });
  let teardownCall: { id: number } | undefined;
  let teardownFinished: () => void = () => {};
  const teardownDone = new Promise<void>((resolve) => {
    teardownFinished = resolve;
  });
  const lifecycle = spawn(
    { script, role: 'lifecycle', vu: 0, env, tags: {} },
    {
      onOptions: (options) => optionsReady(options),
      onCall: (_vu, message) => {
        if (message.op === 'setupDone') {
          teardownCall = { id: message.id };
          setupFinished({ data: message.data });
        } else if (message.op === 'setupFailed') {
          lifecycle.reply(message.id, {});
          setupFinished({ error: message.error });
        } else if (message.op === 'teardownDone') {
          lifecycle.reply(message.id, {});
          teardownFinished();
        }
      },
    },
  );
  const loadFailed = lifecycle.exited.then(() => undefined);
  const options = await Promise.race([optionsRead, loadFailed]);
  const result = (extra: Partial<RunResult> & { options: ScriptOptions }): RunResult => ({
    registry,
    thresholds: registry.evaluate((performance.now() - started) / 1000),
    checks: [...checks.values()],
    durationMs: performance.now() - started,
    interruptedIterations,
    scenarios: [],
    ...(aborted && { aborted }),
    ...extra,
  });
  if (!options) return result({ options: {}, aborted: aborted ?? 'the script failed to load' });

  const scenarios = scenariosOf(options);
  const schedules = new Map<string, Schedule>();
  try {
    registry = new MetricRegistry(options.thresholds);
    for (const [name, scenario] of Object.entries(scenarios)) schedules.set(name, scheduleOf(name, scenario));
  } catch (error) {
    lifecycle.vu.worker.terminate();
    return result({ options, aborted: (error as Error).message });
  }
  const plan = Object.entries(scenarios).map(([name, scenario]) => ({
    name,
    executor: scenario.executor,
    vus: schedules.get(name)?.vus ?? 0,
    exec: scenario.exec ?? 'default',
  }));
  gauge(
    'vus_max',
    plan.reduce((sum, scenario) => sum + scenario.vus, 0),
  );

  // Every VU is started (its thread up, the script loaded) while setup() runs, as k6 does, so a
  // scenario's clock starts with its VUs ready rather than still loading.
  const running = Object.entries(scenarios).map(([name, scenario]) => {
    const schedule = schedules.get(name) as Schedule;
    const exec = scenario.exec ?? 'default';
    const clock = { start: undefined as number | undefined, held: [] as (() => void)[] };
    const vus = Array.from({ length: schedule.vus }, (_, index) => {
      let ready: () => void = () => {};
      const isReady = new Promise<void>((resolve) => {
        ready = resolve;
      });
      let setupDataSent = false;
      const handle = spawn(
        {
          script,
          role: 'vu',
          vu: nextVuId++,
          scenario: name,
          env: { ...env, ...scenario.env },
          tags: { scenario: name, ...scenario.tags },
        },
        {
          onCall: (vu, message) => {
            if (message.op !== 'next') return;
            ready();
            const answer = () => {
              if (aborted) return send(vu, { type: 'reply', id: message.id, done: true });
              if (clock.start === undefined) return void clock.held.push(answer);
              const decision = schedule.decide(index, performance.now() - clock.start);
              markBusy(vu, 'run' in decision);
              if ('waitMs' in decision) return void setTimeout(answer, decision.waitMs);
              const data = setupDataSent ? {} : { setupData: setupData };
              setupDataSent = true;
              send(vu, { type: 'reply', id: message.id, ...decision, exec, ...data });
            };
            answer();
          },
        },
      );
      handle.exited.then(ready);
      return { handle, isReady };
    });
    return { scenario, schedule, clock, vus };
  });

  const setup = await Promise.race([setupOutcome, loadFailed]);
  const setupData = setup?.data;
  if (!setup || setup.error !== undefined) {
    await Promise.all(
      [lifecycle, ...running.flatMap((s) => s.vus.map((v) => v.handle))].map((h) => h.vu.worker.terminate()),
    );
    const reason = setup?.error ? `setup() failed: ${setup.error}` : (aborted ?? 'the script failed in setup');
    log(`ERRO[${stamp()}] ${reason}`);
    return result({ options, scenarios: plan, aborted: reason });
  }
  await Promise.all(running.flatMap((s) => s.vus.map((v) => v.isReady)));

  await Promise.all(
    running.map(async ({ scenario, schedule, clock, vus }) => {
      await new Promise((resolve) => setTimeout(resolve, parseDuration(scenario.startTime, 0)));
      clock.start = performance.now();
      for (const answer of clock.held.splice(0)) answer();
      // Iterations still running gracefulStop after the scenario's end are cut off, as in k6.
      const cutOff = setTimeout(() => {
        for (const { handle } of vus) handle.vu.worker.terminate();
      }, schedule.durationMs + parseDuration(scenario.gracefulStop, 30_000));
      await Promise.all(vus.map(({ handle }) => handle.exited));
      clearTimeout(cutOff);
    }),
  );
  if (teardownCall) lifecycle.reply(teardownCall.id, {});
  await Promise.race([teardownDone, lifecycle.exited]);
  await lifecycle.exited;
  return result({ options, scenarios: plan });
}
