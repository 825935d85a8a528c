import { call, emit, type Message, post, receive } from '../vu-bridge.ts';

type Handler = (data?: unknown) => void;
type Timer = { due: number; every?: number; run: () => void };

let nextSocketId = 1;

/**
 * k6/ws's Socket: handlers and timers the script registers in the connect callback, run on this
 * VU's thread between the socket's events, which the runner forwards from a real WebSocket.
 */
class Socket {
  readonly handlers = new Map<string, Handler[]>();
  readonly timers = new Set<Timer>();
  closed = false;

  readonly id: number;

  constructor(id: number) {
    this.id = id;
  }

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }

  send(data: string) {
    if (this.closed) return;
    emit('ws_msgs_sent', 'counter', 1);
    post({ type: 'wsSend', socketId: this.id, data: String(data) });
  }

  close(code?: number) {
    if (this.closed) return;
    post({ type: 'wsClose', socketId: this.id, code });
  }

  setTimeout(run: () => void, ms: number) {
    this.timers.add({ due: performance.now() + ms, run });
  }

  setInterval(run: () => void, ms: number) {
    this.timers.add({ due: performance.now() + ms, every: ms, run });
  }

  ping() {
    post({ type: 'wsPing', socketId: this.id });
  }

  fire(event: string, data?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(data);
  }
}

export type WsResponse = { url: string; status: number; headers: Record<string, string>; body: string; error: string };

/**
 * k6/ws's connect: opens the socket, lets `callback` register its handlers, then serves the
 * socket's events and timers until it closes, and answers how the handshake went. Headers in
 * `params` are not sent (Node's WebSocket, like a browser's, takes none).
 */
export function connect(url: string, paramsOrCallback: unknown, maybeCallback?: (socket: Socket) => void): WsResponse {
  const callback = (typeof paramsOrCallback === 'function' ? paramsOrCallback : maybeCallback) as (
    socket: Socket,
  ) => void;
  const params = (typeof paramsOrCallback === 'object' && paramsOrCallback) || {};
  const tags = { url, ...(params as { tags?: Record<string, string> }).tags };
  const socket = new Socket(nextSocketId++);
  const started = performance.now();
  call('wsOpen', { socketId: socket.id, url });
  callback(socket);
  const isMine = (message: Message) => message.type === 'ws' && message.socketId === socket.id;
  let response: WsResponse = { url, status: 0, headers: {}, body: '', error: '' };
  let opened = false;
  while (!socket.closed) {
    const nextTimer = [...socket.timers].reduce((soonest, timer) => Math.min(soonest, timer.due), Infinity);
    const event = receive(isMine, Math.max(0, nextTimer - performance.now()));
    if (!event) {
      runDueTimers(socket);
      continue;
    }
    switch (event.event) {
      case 'open':
        opened = true;
        response = { ...response, status: 101, headers: event.headers ?? {} };
        emit('ws_connecting', 'trend', performance.now() - started, tags, true);
        socket.fire('open');
        break;
      case 'message':
        emit('ws_msgs_received', 'counter', 1, tags);
        socket.fire('message', event.data);
        break;
      case 'error':
        response = { ...response, error: event.error };
        socket.fire('error', { error: () => event.error });
        break;
      case 'close':
        socket.closed = true;
        socket.fire('close', event.code);
        break;
    }
  }
  if (opened) {
    emit('ws_sessions', 'counter', 1, tags);
    emit('ws_session_duration', 'trend', performance.now() - started, tags, true);
  }
  return response;
}

function runDueTimers(socket: Socket) {
  const now = performance.now();
  for (const timer of [...socket.timers]) {
    if (timer.due > now) continue;
    if (timer.every === undefined) socket.timers.delete(timer);
    else timer.due = now + timer.every;
    timer.run();
  }
}

export default { connect };
