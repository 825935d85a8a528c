import type { MessagePort, Worker } from 'node:worker_threads';
import type { Message } from './vu-bridge.ts';

/** A VU's thread as the runner holds it: the port it is sent messages on, the signal that wakes it, its sockets. */
export type Vu = { worker: Worker; port: MessagePort; signal: Int32Array; sockets: Map<number, WebSocket> };

/** Sends a VU a message and wakes it: it may be blocked waiting for the answer to a call. */
export function send(vu: Vu, message: Message) {
  vu.port.postMessage(message);
  Atomics.add(vu.signal, 0, 1);
  Atomics.notify(vu.signal, 0);
}

/** A VU's socket: a real WebSocket here, its events forwarded to the VU's thread. */
export function openSocket(vu: Vu, socketId: number, url: string) {
  const forward = (event: string, extra: Record<string, unknown> = {}) =>
    send(vu, { type: 'ws', socketId, event, ...extra });
  let socket: WebSocket;
  try {
    socket = new WebSocket(url);
  } catch (error) {
    forward('error', { error: String((error as Error).message) });
    forward('close', { code: 1006 });
    return;
  }
  vu.sockets.set(socketId, socket);
  socket.addEventListener('open', () => forward('open'));
  socket.addEventListener('message', (event) => forward('message', { data: String(event.data) }));
  socket.addEventListener('error', (event) =>
    forward('error', { error: String((event as Event & { message?: string }).message ?? 'error') }),
  );
  socket.addEventListener('close', (event) => {
    vu.sockets.delete(socketId);
    forward('close', { code: event.code });
  });
}
