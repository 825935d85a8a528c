import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterEach, describe, it } from 'vitest';
import { type DroppedSession, type ResumeLimits, resumableSessions } from './resumable-sessions.ts';

/** socket.io's EVENT packet type. */
const EVENT = 2;

/**
 * A real socket.io server on the resumable sessions, whose sockets join the room their handshake
 * names, and a client of it that records the pushes it gets and every event packet sent to it.
 */
async function start(
  limits: ResumeLimits,
  canResume: (session: DroppedSession) => Promise<boolean> = async () => true,
) {
  const http = createServer();
  const io = new Server(http, {
    adapter: resumableSessions(canResume, limits),
    connectionStateRecovery: { maxDisconnectionDuration: limits.withinMs, skipMiddlewares: false },
  });
  io.use(async (socket, next) => {
    await socket.join(String(socket.handshake.auth.room));
    next();
  });
  io.on('connection', (socket) => {
    if (!socket.recovered) io.to(socket.id).emit('joined');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const opened: Socket[] = [];
  const open = async (room: string) => {
    const socket = connectClient(url, { auth: { room }, transports: ['websocket'], reconnection: false });
    opened.push(socket);
    const pushes: unknown[] = [];
    /** The name of each event sent after the drop, whether or not the socket let it through. */
    const sent: unknown[] = [];
    socket.on('push', (value) => pushes.push(value));
    const joined = new Promise((resolve) => socket.once('joined', resolve));
    await joined;
    return {
      socket,
      pushes,
      sent,
      /** Drops the connection as a lost network would, once the server knows. */
      async drop() {
        const id = socket.id ?? '';
        socket.io.engine.close();
        await until(() => !io.of('/').sockets.has(id));
        socket.io.on('packet', (packet) => {
          if (packet.type === EVENT) sent.push(packet.data[0]);
        });
      },
      async comeBack() {
        const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.connect();
        await back;
      },
    };
  };
  stops.push(async () => {
    for (const socket of opened) socket.disconnect();
    await io.close();
  });
  return { io, open };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('resumable sessions', () => {
  it("hands a connection that comes back what was pushed to its rooms meanwhile, in order, and nobody else's", async () => {
    const { io, open } = await start({ withinMs: 60_000, keptPackets: 100 });
    const device = await open('alice');
    await device.drop();
    for (const value of [1, 2, 3]) io.to('alice').emit('push', value);
    io.to('bob').emit('push', 'not for alice');
    io.emit('push', 'for everyone');
    await device.comeBack();
    assert.equal(device.socket.recovered, true);
    await until(() => device.pushes.length === 4);
    assert.deepEqual(device.pushes, [1, 2, 3, 'for everyone']);
  });

  it('lets a connection that missed more than it keeps read again instead', async () => {
    const { io, open } = await start({ withinMs: 60_000, keptPackets: 8 });
    const device = await open('alice');
    await device.drop();
    for (let value = 0; value < 20; value += 1) io.to('alice').emit('push', value);
    await device.comeBack();
    assert.equal(device.socket.recovered, false);
    assert.deepEqual(device.sent, ['joined'], 'a new connection, sent nothing it missed');
  });

  it('does not hand anything to a connection it may not resume', async () => {
    const asked: DroppedSession[] = [];
    const { io, open } = await start({ withinMs: 60_000, keptPackets: 100 }, async (session) => {
      asked.push(session);
      return false;
    });
    const device = await open('alice');
    await device.drop();
    io.to('alice').emit('push', 'missed');
    await device.comeBack();
    assert.equal(device.socket.recovered, false);
    assert.deepEqual(device.sent, ['joined']);
    assert.deepEqual(asked[0]?.rooms.includes('alice'), true, 'asked with the rooms it had');
  });

  it('lets a connection that comes back too late read again', async () => {
    const { io, open } = await start({ withinMs: 20, keptPackets: 100 });
    const device = await open('alice');
    const droppedAt = Date.now();
    await device.drop();
    io.to('alice').emit('push', 'missed');
    await until(() => Date.now() > droppedAt + 40);
    await device.comeBack();
    assert.equal(device.socket.recovered, false);
  });

  it('tells the channel a room with nobody in it still awaits someone coming back', async () => {
    const { io, open } = await start({ withinMs: 60_000, keptPackets: 100 });
    const adapter = io.of('/').adapter as unknown as { awaits(room: string): boolean };
    const device = await open('alice');
    assert.equal(adapter.awaits('alice'), false, 'someone is in it');
    await device.drop();
    assert.equal(adapter.awaits('alice'), true);
    assert.equal(adapter.awaits('bob'), false);
  });
});
