/**
 * One VU (or the lifecycle VU that reads options and runs setup and teardown): a worker thread
 * that loads the script, with the k6 modules resolved to the adapter's, and runs what the runner
 * hands out. Everything after the import is synchronous: the thread blocks while the runner works.
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { workerData } from 'node:worker_threads';

register('./loader-hooks.ts', import.meta.url);
const bridge = await import('./vu-bridge.ts');

type VuData = {
  script: string;
  role: 'lifecycle' | 'vu';
  vu: number;
  scenario?: string;
  env: Record<string, string>;
  tags: Record<string, string>;
  port: import('node:worker_threads').MessagePort;
  signal: SharedArrayBuffer;
};
const data = workerData as VuData;
bridge.connect(data.port, data.signal);

const globals = globalThis as unknown as Record<string, unknown>;
globals.__ENV = data.env;
globals.__VU = data.vu;
globals.__ITER = 0;
for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  console[level] = (...args: unknown[]) => bridge.post({ type: 'log', level, text: format(...args) });
}

function describe(error: unknown) {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

// biome-ignore lint/suspicious/noExplicitAny: the script's exports are whatever it exports
let script: Record<string, any>;
try {
  script = await import(pathToFileURL(data.script).href);
} catch (error) {
  bridge.post({ type: 'fatal', error: `the script failed to load: ${describe(error)}` });
  process.exit(1);
}

bridge.context.tags = { ...data.tags };

if (data.role === 'lifecycle') {
  // Options as k6 reads them: JSON, so anything but data (a function) is dropped.
  bridge.post({ type: 'options', options: JSON.parse(JSON.stringify(script.options ?? {})) });
  let setupData: unknown;
  try {
    setupData = typeof script.setup === 'function' ? script.setup() : undefined;
  } catch (error) {
    bridge.call('setupFailed', { error: describe(error) });
    process.exit(0);
  }
  const serialized = setupData === undefined ? undefined : JSON.stringify(setupData);
  bridge.call('setupDone', { data: serialized });
  // The runner answers once every scenario has ended.
  try {
    if (typeof script.teardown === 'function')
      script.teardown(serialized === undefined ? undefined : JSON.parse(serialized));
  } catch (error) {
    bridge.post({ type: 'log', level: 'error', text: `teardown: ${describe(error)}` });
  }
  bridge.call('teardownDone');
} else {
  let iteration = 0;
  let setupData: string | undefined;
  for (;;) {
    const next = bridge.call('next');
    if (next.done) break;
    // The runner sends setup()'s data (as JSON) with the first iteration it hands out.
    if ('setupData' in next) setupData = next.setupData;
    const exec = script[next.exec];
    if (typeof exec !== 'function') {
      bridge.post({ type: 'fatal', error: `the script exports no function ${next.exec}` });
      break;
    }
    globals.__ITER = iteration++;
    bridge.context.group = '';
    const started = performance.now();
    try {
      exec(setupData === undefined ? undefined : JSON.parse(setupData));
      bridge.emit('iterations', 'counter', 1);
      bridge.emit('iteration_duration', 'trend', performance.now() - started, {}, true);
    } catch (error) {
      bridge.post({ type: 'log', level: 'error', text: describe(error) });
      bridge.post({ type: 'interrupted' });
    }
    bridge.flushSamples();
  }
}
bridge.flushSamples();
