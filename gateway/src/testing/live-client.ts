import assert from 'node:assert/strict';
import type { ChangeNotice } from '@fitness/contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { apiClient } from './api-client.ts';

export type LiveClient = {
  socket: Socket;
  received: { notice: ChangeNotice; at: number }[];
  /** Settles once the server's first message (`joined`) came: from then on the socket can resume. */
  joined: Promise<void>;
};

/**
 * A socket.io client of the live channel at `baseUrl` that records every `change` it receives
 * with its arrival time; resolves once connected, rejects with the server's refusal. It does not
 * reconnect unless `options` say so.
 */
export async function connectLive(
  baseUrl: string,
  token: string | undefined,
  transports: ('websocket' | 'polling')[] = ['websocket'],
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<LiveClient> {
  const socket = io(baseUrl, { auth: token ? { token } : {}, transports, reconnection: false, ...options });
  const received: LiveClient['received'] = [];
  socket.on('change', (notice: ChangeNotice) => received.push({ notice, at: Date.now() }));
  const joined = new Promise<void>((resolve) => socket.once('joined', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  } catch (error) {
    socket.disconnect();
    throw error;
  }
  return { socket, received, joined };
}

/** Polls `condition` (which may ask a server) every 10 ms; resolves whether it became true within `ms`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, ms = 2000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/**
 * `token`'s user writes a workout (named `name`) and waits until `client`, a device of theirs,
 * hears of it. Changes are pushed in the log's order, so from then on whatever the client was
 * going to hear of earlier writes has come: how a test waits out what must not be heard, instead
 * of sleeping.
 */
export async function heardOwnWrite(
  api: ReturnType<typeof apiClient>,
  client: LiveClient,
  token: string,
  name: string,
) {
  const own = await api('POST', '/workouts', { token, body: { name } });
  assert.equal(own.status, 201);
  const position = Number(own.headers.get('x-event-position'));
  assert.ok(
    await waitUntil(() => client.received.some((r) => r.notice.position >= position)),
    `the device hears of its user's own ${name}`,
  );
}
