import type { ChangeNotice } from '@fitness/contracts/changes.ts';
import { io, type Socket } from 'socket.io-client';

export type { ChangeNotice };

/**
 * The live channel: socket.io on this origin with the sign-in token. It reconnects on its own
 * after network trouble; a refused token ends it (the API client will meet the same 401 and
 * sign the user out). After a reconnect, `onReconnect` lets stores catch up on what they missed.
 */
export function connectLive(token: string, handlers: { onChange(notice: ChangeNotice): void; onReconnect(): void }) {
  const socket: Socket = io({ auth: { token }, transports: ['websocket', 'polling'] });
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore) handlers.onReconnect();
    connectedBefore = true;
  });
  // A server from before correlation ids sends none: such a notice is nobody's own write.
  socket.on('change', (notice: ChangeNotice) =>
    handlers.onChange({ ...notice, correlationId: notice.correlationId ?? null }),
  );
  socket.on('connect_error', (error) => {
    if (error.message === 'Unauthenticated.') socket.disconnect();
  });
  return () => {
    socket.disconnect();
  };
}

/** What every store that follows pushed changes offers the live channel. */
export type LiveStore = {
  applyChange(notice: ChangeNotice): Promise<void>;
  /** After the channel was down: reload what is on screen. */
  refresh(): Promise<void>;
  /** On sign-out: forget everything, so the next user sees nothing of this one's. */
  clear(): void;
};
