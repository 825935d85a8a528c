import type { Server as HttpServer } from 'node:http';
import { type ClientToServerEvents, type ServerToClientEvents, SYSTEM_SETTINGS_MODEL } from '@fitness/contracts';
import type { Authenticator } from '@fitness/platform/authentication.ts';
import type { ChangeNotices } from '@fitness/platform/change-notices.ts';
import { ServiceUnavailable } from '@fitness/platform/errors.ts';
import type { Logger } from '@fitness/platform/logger.ts';
import { ADMIN_ANALYTICS_MODEL } from '@fitness/projections/admin/admin-analytics-projection.ts';
import { ADMIN_USERS_MODEL } from '@fitness/projections/admin/admin-users-projection.ts';
import { Server } from 'socket.io';
import { type DroppedSession, resumableSessions } from './resumable-sessions.ts';

/** Where change notices come from: the in-process runner, or a feed from another process. */
export type ChangeSource = ChangeNotices;

type SocketData = { userId: string; tokenId: string; token: string };

export const userRoom = (userId: string) => `user:${userId}`;
const tokenRoom = (tokenId: string) => `token:${tokenId}`;
/**
 * Live sockets one token may hold (tabs and devices of one sign-in); the oldest goes when one
 * more joins, as the newest is the one being looked at, and a tab whose network dropped lingers
 * until its pings time out. Counted in this process: each query service instance counts its own.
 */
export const MAX_SOCKETS_PER_TOKEN = 10;
/**
 * How long a connection may stay open without joining the channel: a client that never sends a
 * valid token (socket.io checks it only once the transport is up) is closed after this, rather
 * than after socket.io's 45 s default, so nobody can hold sessions open without signing in.
 */
export const JOIN_TIMEOUT_MS = 5000;
/** The refusal a non-admin's socket gets while maintenance mode is on. */
export const MAINTENANCE = 'Maintenance.';
export const ADMIN_ROOM = 'admins';
/**
 * A connection that drops and comes back within this long is given what it missed, so the app
 * patches its screens instead of reading them again: long enough for a tunnel or a phone
 * switching networks. At most `RESUME_KEPT_PUSHES` pushes are kept for it (a few per set logged,
 * for every user with a device open: about 10 MB at most); one that missed more reads again.
 */
export const RESUME_WITHIN_MS = 2 * 60_000;
export const RESUME_KEPT_PUSHES = 10_000;
/** Read models only admins read (the admin dashboard, users table and analytics). */
const ADMIN_MODELS = new Set([ADMIN_ANALYTICS_MODEL, ADMIN_USERS_MODEL]);

/**
 * The socket.io channel on the API's own origin (/socket.io). A client connects with
 * `auth: { token }`; without a valid token it is refused. Each socket joins its user's room,
 * and admins also join the admin room. Every committed change is pushed as `change` to the
 * owning user's sockets (all their devices); changes to users also go to admins, and the admin
 * read models (analytics, the users table) go to admins only. When a user's
 * account changes, their sockets are re-checked, so a signed-out token loses its live feed too.
 */
export function attachLiveChannel(
  server: HttpServer,
  options: { authenticator: Authenticator; changes: ChangeSource; logger: Logger },
) {
  /**
   * A dropped connection comes back only as what it was: its token still signs the same user in,
   * with the same rights (an admin's rooms hear more), and the site lets them in.
   */
  async function canResume(session: DroppedSession) {
    const { token, userId } = session.data as SocketData;
    const auth = await options.authenticator.authenticate(token).catch(() => null);
    if (!auth || auth.id !== userId) return false;
    const isAdmin = auth.role === 'admin';
    if (isAdmin !== session.rooms.includes(ADMIN_ROOM)) return false;
    return isAdmin || !(await options.authenticator.systemSettings()).maintenance_mode;
  }
  const ResumableSessions = resumableSessions(canResume, {
    withinMs: RESUME_WITHIN_MS,
    keptPackets: RESUME_KEPT_PUSHES,
  });

  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
    path: '/socket.io',
    adapter: ResumableSessions,
    // A connection that comes back is checked as a new one is (the token may be signed out).
    connectionStateRecovery: { maxDisconnectionDuration: RESUME_WITHIN_MS, skipMiddlewares: false },
    serveClient: false,
    connectTimeout: JOIN_TIMEOUT_MS,
    // Clients send nothing but the join (a token); a megabyte (the default) per message is room
    // for nothing but abuse.
    maxHttpBufferSize: 16 * 1024,
  });

  io.use(async (socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      const auth = await options.authenticator.authenticate(token);
      if (!auth) return next(new Error('Unauthenticated.'));
      // In maintenance only admins use the site, live channel included; the client tries again later.
      if (auth.role !== 'admin' && (await options.authenticator.systemSettings()).maintenance_mode) {
        return next(new Error(MAINTENANCE));
      }
      // A connection coming back keeps the session it had: only with the token it joined with.
      if (socket.recovered && (socket.data as SocketData).token !== token) return next(new Error('Unauthenticated.'));
      socket.data = { userId: auth.id, tokenId: auth.tokenId, token: token ?? '' };
      await socket.join([userRoom(auth.id), tokenRoom(auth.tokenId)]);
      if (auth.role === 'admin') await socket.join(ADMIN_ROOM);
      next();
    } catch (error) {
      // A server still catching up cannot tell a new token yet: expected after a start, and the
      // client tries again by itself, so it is not logged as a failure.
      if (error instanceof ServiceUnavailable) options.logger.info({ reason: error.message }, 'socket join deferred');
      else options.logger.error({ err: error }, 'socket authentication failed');
      next(new Error('Authentication is unavailable, try again.'));
    }
  });

  io.on('connection', (socket) => {
    // The first push a new connection hears, so that it holds an offset to come back from
    // even if nothing changes before it drops (a push to its own room is kept, one to the socket is not).
    if (!socket.recovered) io.to(socket.id).emit('joined');
    dropBeyondLimit(socket.data.tokenId).catch((error) =>
      options.logger.error({ err: error }, 'socket limit check failed'),
    );
  });

  /** Counted once connected, so sockets joining at the same moment all see each other. */
  async function dropBeyondLimit(tokenId: string) {
    const sockets = await io.in(tokenRoom(tokenId)).fetchSockets();
    const newestFirst = sockets.sort((a, b) => b.handshake.issued - a.handshake.issued);
    for (const socket of newestFirst.slice(MAX_SOCKETS_PER_TOKEN)) socket.disconnect(true);
  }

  /**
   * Whether a room has a socket in this process. socket.io encodes a packet before it looks for
   * the room's sockets, so an emit to an empty room costs as much as one that reaches someone:
   * most changes (a set logged from the only open device, an admin read model nobody watches)
   * have nobody to reach.
   */
  const adapter = io.of('/').adapter as InstanceType<typeof ResumableSessions>;
  const occupied = (room: string) => (adapter.rooms.get(room)?.size ?? 0) > 0 || adapter.awaits(room);

  const stopListening = options.changes.onChange((notice) => {
    // The system settings are everyone's business: each client follows the site's name and state.
    if (notice.model === SYSTEM_SETTINGS_MODEL) {
      io.emit('change', notice);
      closeForMaintenance().catch((error) => options.logger.error({ err: error }, 'maintenance check failed'));
      return;
    }
    // The admin read models are the admins' alone, whoever's day or row changed.
    if (ADMIN_MODELS.has(notice.model)) {
      if (occupied(ADMIN_ROOM)) io.to(ADMIN_ROOM).emit('change', notice);
      return;
    }
    if (notice.userId && occupied(userRoom(notice.userId))) io.to(userRoom(notice.userId)).emit('change', notice);
    if (notice.model === 'users') {
      if (occupied(ADMIN_ROOM)) {
        io.to(ADMIN_ROOM)
          .except(notice.userId ? userRoom(notice.userId) : [])
          .emit('change', notice);
      }
      if (notice.userId) {
        recheck(notice.userId).catch((error) => options.logger.error({ err: error }, 'socket re-check failed'));
      }
    }
  });

  /** Maintenance switched on: everyone but the admins leaves, once they heard of the change. */
  async function closeForMaintenance() {
    if (!(await options.authenticator.systemSettings()).maintenance_mode) return;
    for (const socket of await io.fetchSockets()) {
      if (!socket.rooms.has(ADMIN_ROOM)) socket.disconnect(true);
    }
  }

  async function recheck(userId: string) {
    for (const socket of await io.in(userRoom(userId)).fetchSockets()) {
      // A token the server cannot tell yet (its read model catching up) is treated as gone:
      // the client reconnects, and joining checks it again.
      const auth = await options.authenticator.authenticate(socket.data.token).catch(() => null);
      if (!auth) {
        socket.disconnect(true);
      } else if (auth.role === 'admin') {
        socket.join(ADMIN_ROOM);
      } else {
        socket.leave(ADMIN_ROOM);
      }
    }
  }

  return {
    io,
    /** Drops every socket; the HTTP server itself is closed by its owner. */
    close() {
      stopListening();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
