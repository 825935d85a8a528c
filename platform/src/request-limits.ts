import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

/** The slowest upload the body deadline allows for beyond its base: a weak phone uplink. */
const SLOWEST_BYTES_PER_SECOND = 32 * 1024;

export type BodyDeadline = {
  /** What any body gets, however small (config.bodyTimeoutMs). */
  baseMs: number;
  /** What a whole request may never exceed (config.requestTimeoutMs). */
  ceilingMs: number;
};

/**
 * Bounds the time a request body may take to arrive by its size: the base for any body, plus
 * a second per 32 KB announced (or per 32 KB of the route's limit, for a chunked body), never
 * past the request timeout. A small JSON body trickled in a byte every two seconds is cut off
 * after seconds rather than holding its connection for the two minutes an import may need.
 * Requests without a body are not timed.
 */
export function boundBodyTime(app: FastifyInstance, deadline: BodyDeadline) {
  // The callback form: every request passes here, and an async hook costs each a promise.
  app.addHook('preParsing', (request, reply, payload, next) => {
    const length = Number(request.headers['content-length']);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (length > 0 || chunked) {
      const bytes = length > 0 ? length : request.routeOptions.bodyLimit;
      const ms = Math.min(deadline.ceilingMs, deadline.baseMs + (bytes / SLOWEST_BYTES_PER_SECOND) * 1000);
      const timer = setTimeout(() => {
        if (!reply.sent) answerAndClose(request.raw.socket, 408, 'The request took too long to arrive.');
      }, ms);
      const arrived = () => clearTimeout(timer);
      payload.once('end', arrived);
      payload.once('close', arrived);
    }
    next(null, payload);
  });
}

/**
 * Caps the connections one address holds open (config.connectionsPerAddress); one more is
 * answered 429 and closed before anything of it is read. The trusted proxies' addresses are not
 * capped: every client behind them shares them.
 */
export function capConnectionsPerAddress(app: FastifyInstance, options: { max: number; trustProxy: string[] }) {
  const trusted = proxyAddr.compile(options.trustProxy);
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.max) {
      answerAndClose(socket, 429, 'Too many connections from your address. Close some and try again.');
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * Answers on the raw connection, in the API's error shape, and closes it: for what is refused
 * before, or in the middle of, reading a request (Fastify's reply is not there yet, or is
 * waiting for a body that will not come).
 */
export function answerAndClose(socket: Socket, status: number, message: string) {
  const body = JSON.stringify({ message });
  // A request refused after its answer began cannot be given another one.
  const answer = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answer?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
