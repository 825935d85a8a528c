import { type MessagePort, receiveMessageOnPort } from 'node:worker_threads';
import type { Sample } from './metrics.ts';
import type { MetricKind } from './thresholds.ts';

/**
 * The VU side of the line to the runner. A k6 script is synchronous (`http.get` returns the
 * response), so a VU runs in a worker thread that blocks on Atomics.wait while the runner, on
 * the main thread, does the I/O; the runner posts the answer on the VU's port and bumps a shared
 * counter, which wakes the VU to read it with receiveMessageOnPort. Messages the VU is not
 * waiting for yet (a socket's events while an HTTP answer is awaited) wait in `stash`.
 */

// biome-ignore lint/suspicious/noExplicitAny: messages are whatever the runner posts
export type Message = { type: string; [key: string]: any };

type Line = { port: MessagePort; signal: Int32Array };

let line: Line | undefined;
const stash: Message[] = [];
let pendingSamples: Sample[] = [];
let nextCallId = 1;

/** The tags every sample of the current moment carries: scenario, group, plus the scenario's own. */
export const context = { tags: {} as Record<string, string>, group: '' };

export function connect(port: MessagePort, signal: SharedArrayBuffer) {
  line = { port, signal: new Int32Array(signal) };
}

function current(): Line {
  if (!line) throw new Error('k6 modules work only inside a VU of the k6 adapter');
  return line;
}

/** Posts without waiting for an answer (samples, logs, a socket's sends). */
export function post(message: Message) {
  current().port.postMessage(message);
}

/** Waits for the first message `match` accepts, up to `timeoutMs`; undefined if none came. */
export function receive(match: (message: Message) => boolean, timeoutMs = Number.POSITIVE_INFINITY) {
  const { port, signal } = current();
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const index = stash.findIndex(match);
    if (index >= 0) return stash.splice(index, 1)[0];
    const seen = Atomics.load(signal, 0);
    const received = receiveMessageOnPort(port);
    if (received) {
      stash.push(received.message as Message);
      continue;
    }
    const left = deadline - performance.now();
    if (left <= 0) return undefined;
    Atomics.wait(signal, 0, seen, Number.isFinite(left) ? left : undefined);
  }
}

/** Asks the runner to do `op` and blocks until it answers; throws what the runner threw. */
export function call(op: string, payload: Record<string, unknown> = {}): Message {
  flushSamples();
  const id = nextCallId++;
  post({ type: 'call', id, op, ...payload });
  const reply = receive((message) => message.type === 'reply' && message.id === id) as Message;
  if (reply.error) throw new Error(reply.error);
  return reply;
}

/** Blocks the VU for `ms`, as k6's sleep does. */
export function block(ms: number) {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Records a sample under the current tags (plus `extra`); sent in batches. */
export function emit(
  metric: string,
  kind: MetricKind,
  value: number,
  extra: Record<string, string> = {},
  isTime = false,
) {
  pendingSamples.push({
    metric,
    kind,
    value,
    tags: { ...context.tags, group: context.group, ...extra },
    ...(isTime && { isTime }),
  });
  if (pendingSamples.length >= 200) flushSamples();
}

export function flushSamples() {
  if (pendingSamples.length === 0 || !line) return;
  line.port.postMessage({ type: 'samples', samples: pendingSamples });
  pendingSamples = [];
}
