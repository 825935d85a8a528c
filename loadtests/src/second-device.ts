import type { ChangeNotice } from '@fitness/contracts';
import { io } from 'socket.io-client';

/** How long a device waits for a change before counting it as not heard. */
export const PUSH_WAIT_MS = 2_000;

/**
 * A socket.io client of `token`'s user (another device), and when it heard of each position:
 * the first change at or past it. A notice carries the last position folded into its document,
 * so two sets folded in one batch come as one notice, of the later one's position.
 */
export async function secondDevice(baseUrl: string, token: string) {
  const socket = io(baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The highest position heard so far at each notice, and when: never decreasing.
  const heard: number[] = [];
  const heardAt: number[] = [];
  const awaited = new Set<{ position: number; arrived: () => void }>();
  socket.on('change', (notice: ChangeNotice) => {
    if (notice.position <= (heard.at(-1) ?? 0)) return;
    heard.push(notice.position);
    heardAt.push(performance.now());
    for (const waiter of awaited) if (waiter.position <= notice.position) waiter.arrived();
  });
  const heardOf = (position: number) => {
    let low = 0;
    let high = heard.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((heard[middle] ?? 0) < position) low = middle + 1;
      else high = middle;
    }
    return heardAt[low];
  };
  /** When `position` was heard of, waiting for it up to PUSH_WAIT_MS; undefined if it was not. */
  const arrival = async (position: number) => {
    if (heardOf(position) === undefined) {
      // Waits on the change itself. Polling with setImmediate kept this process's loop
      // spinning, which took a core's share from the server it measures: the 50 clients'
      // commands/s fell from about 3,600 to 2,000 and the push's p99 from the send was 115 ms
      // instead of 40.
      await new Promise<void>((resolve) => {
        const waiter = {
          position,
          arrived: () => {
            clearTimeout(timer);
            awaited.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.arrived, PUSH_WAIT_MS);
        awaited.add(waiter);
      });
    }
    return heardOf(position);
  };
  return { arrival, close: () => socket.disconnect() };
}
