import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';

/**
 * The connections carrying socket.io traffic through the gateway: WebSocket tunnels, which the
 * HTTP server no longer tracks once upgraded, and long-polls, which the query service holds
 * open for up to its ping interval (25 s). Closing the HTTP server would wait for all of them,
 * so the gateway ends them itself when it closes; socket.io clients reconnect on their own.
 */
export class LiveConnections {
  private readonly sockets = new Set<Duplex>();

  /** Tracks `socket` until `done` (the socket itself unless told otherwise) emits `close`. */
  track(socket: Duplex, done: EventEmitter = socket) {
    this.sockets.add(socket);
    done.once('close', () => this.sockets.delete(socket));
  }

  destroyAll() {
    for (const socket of this.sockets) socket.destroy();
  }
}
