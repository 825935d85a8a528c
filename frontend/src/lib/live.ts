import type { ChangeNotice } from '@fitness/contracts/changes.ts';
import { io, type Socket } from 'socket.io-client';

export type { ChangeNotice };

/** How long a channel the server closed waits before it knocks again. */
const RETRY_AFTER_SERVER_CLOSED_MS = 30_000;

/**
 * The live channel: socket.io on this origin with the sign-in token. It reconnects on its own
 * after network trouble; a refused token ends it (the API client will meet the same 401 and
 * sign the user out). On each connect that could not resume where the last one left off,
 * `onConnect` lets stores catch up on what they missed.
 */
export function connectLive(
  token: string,
  handlers: { onChange(notice: ChangeNotice): void; onConnect(): void; onServerClosed(): void },
) {
  // WebSocket first: one connection, held by one query service replica, so nothing has to keep
  // a session's requests together when the gateway spreads sessions over several. Long-polling
  // only where WebSockets are blocked: its requests carry the cookie the gateway sets on the
  // handshake (the browser sends it by itself), which keeps them on the replica holding the session.
  const socket: Socket = io({ auth: { token }, transports: ['websocket', 'polling'] });
  let retry: ReturnType<typeof setTimeout> | null = null;
  // The server closed the channel (maintenance, or this token was signed out): learn why from the
  // site's state, and knock again later; a signed-out token is refused then, and that ends it.
  const closedByServer = () => {
    handlers.onServerClosed();
    retry ??= setTimeout(() => {
      retry = null;
      socket.connect();
    }, RETRY_AFTER_SERVER_CLOSED_MS);
  };
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') closedByServer();
  });
  // Whatever changed before the channel opened (the page loaded its data a moment earlier) went
  // unheard: what is on screen is loaded again. A connection that dropped and came back soon
  // enough is handed what it missed as changes (socket.io's connection state recovery, before
  // `connect`), and reads nothing again.
  socket.on('connect', () => {
    if (!socket.recovered) handlers.onConnect();
  });
  // A server from before correlation ids sends none: such a notice is nobody's own write.
  socket.on('change', (notice: ChangeNotice) =>
    handlers.onChange({ ...notice, correlationId: notice.correlationId ?? null }),
  );
  socket.on('connect_error', (error) => {
    if (error.message === 'Unauthenticated.') socket.disconnect();
    else if (error.message === 'Maintenance.') closedByServer();
  });
  return () => {
    if (retry) clearTimeout(retry);
    socket.disconnect();
  };
}

/** What every store that follows pushed changes offers the live channel. */
export type LiveStore = {
  applyChange(notice: ChangeNotice): Promise<void>;
  /** The channel opened, or came back too late to be given what it missed: reload what is on screen. */
  refresh(): Promise<void>;
  /** On sign-out: forget everything, so the next user sees nothing of this one's. */
  clear(): void;
};
