import {
  Adapter,
  type BroadcastOptions,
  type PrivateSessionId,
  type Room,
  type Session,
  type SocketId,
} from 'socket.io-adapter';

/** A dropped connection that may come back, as socket.io hands it over (rooms and `socket.data`). */
export type DroppedSession = { sid: SocketId; pid: PrivateSessionId; rooms: Room[]; data: unknown };

type KeptPacket = { opts: BroadcastOptions; data: unknown[]; emittedAt: number };

export type ResumeLimits = {
  /** How long after it dropped a connection may come back and be given what it missed. */
  withinMs: number;
  /** How many pushes are kept for it at most; one that missed more reads again instead. */
  keptPackets: number;
};

/**
 * The store behind socket.io's connection state recovery: a connection that drops (a train's
 * tunnel, a phone's radio switching) and comes back within `withinMs` gets the pushes it missed
 * and keeps its rooms, so the app patches its screens instead of reading them all again.
 *
 * socket.io's own `SessionAwareAdapter` does the same, but it would hand a session back to
 * anyone holding its private id, even once the token it joined with is signed out, and it keeps
 * every push for two minutes whatever the traffic. Here a session comes back only while
 * `canResume` says yes (its token still signs its user in, with the same rights), the pushes kept
 * are bounded in number as well as in age, and `awaits(room)` tells the channel that a room with
 * nobody in it still has someone coming back, so the pushes they will miss are sent (kept) at all.
 *
 * A push's offset, which the client sends back on reconnecting, is its number in this process:
 * the kept pushes are consecutive, so the ones after an offset are found by subtraction.
 */
export function resumableSessions(canResume: (session: DroppedSession) => Promise<boolean>, limits: ResumeLimits) {
  return class ResumableSessions extends Adapter {
    private readonly dropped = new Map<PrivateSessionId, { session: DroppedSession; at: number }>();
    /** Until when each room of a dropped session may see it come back. */
    private readonly awaited = new Map<Room, number>();
    private kept: KeptPacket[] = [];
    /** The number of `kept[0]`. */
    private firstNumber = 0;
    private readonly sweeper = setInterval(() => this.sweep(), limits.withinMs);

    constructor(nsp: unknown) {
      super(nsp);
      // Nothing to sweep keeps a process alive.
      this.sweeper.unref();
    }

    override persistSession(session: DroppedSession) {
      const at = Date.now();
      this.dropped.set(session.pid, { session, at });
      for (const room of session.rooms) this.awaited.set(room, at + limits.withinMs);
    }

    /** Whether a dropped session holding `room` may still come back for what is pushed to it. */
    awaits(room: Room) {
      const until = this.awaited.get(room);
      if (until === undefined) return false;
      if (until >= Date.now()) return true;
      this.awaited.delete(room);
      return false;
    }

    override async restoreSession(pid: PrivateSessionId, offset: string): Promise<Session> {
      const found = this.dropped.get(pid);
      // Whatever happens next, a session comes back once at most.
      this.dropped.delete(pid);
      if (!found || found.at + limits.withinMs < Date.now()) return NO_SESSION;
      if (!(await canResume(found.session))) return NO_SESSION;
      // Counted after the check, which may have waited while more was pushed and the oldest let go.
      const from = Number(offset) - this.firstNumber + 1;
      if (!/^\d+$/.test(offset) || from < 1 || from > this.kept.length) return NO_SESSION;
      const missedPackets = this.kept
        .slice(from)
        .filter((packet) => reaches(found.session.rooms, packet.opts))
        .map((packet) => packet.data);
      return { ...found.session, missedPackets };
    }

    override broadcast(packet: { type: number; id?: number; data: unknown[] }, opts: BroadcastOptions) {
      // Only events without an acknowledgement or a volatile flag can be sent again later, as
      // socket.io's own adapter decides.
      if (packet.type === EVENT_PACKET && packet.id === undefined && opts.flags?.volatile === undefined) {
        const now = Date.now();
        this.letGo(now);
        packet.data.push(String(this.firstNumber + this.kept.length));
        this.kept.push({ opts, data: packet.data, emittedAt: now });
      }
      super.broadcast(packet, opts);
    }

    override close() {
      clearInterval(this.sweeper);
      this.dropped.clear();
      this.awaited.clear();
      this.kept = [];
    }

    /** Drops the pushes too old or too many to be asked for again. */
    private letGo(now: number) {
      let oldest = 0;
      while (oldest < this.kept.length && (this.kept[oldest]?.emittedAt ?? now) + limits.withinMs < now) oldest += 1;
      // Let go in chunks, not one at a time: a copy of the array per push would cost more.
      oldest = Math.max(oldest, this.kept.length - limits.keptPackets);
      if (oldest > 0 && (oldest >= limits.keptPackets / 8 || oldest === this.kept.length)) {
        this.kept = this.kept.slice(oldest);
        this.firstNumber += oldest;
      }
    }

    private sweep() {
      const now = Date.now();
      for (const [pid, { at }] of this.dropped) if (at + limits.withinMs < now) this.dropped.delete(pid);
      for (const [room, until] of this.awaited) if (until < now) this.awaited.delete(room);
      this.letGo(now);
    }
  };
}

/** What `restoreSession` answers for none: socket.io's type says a session, its code takes null. */
const NO_SESSION = null as unknown as Session;
/** socket.io-parser's EVENT packet type. */
const EVENT_PACKET = 2;

/** Whether a push sent to `opts.rooms` (all, when none) except `opts.except` reached a socket in `rooms`. */
function reaches(rooms: Room[], opts: BroadcastOptions) {
  const included = opts.rooms.size === 0 || rooms.some((room) => opts.rooms.has(room));
  return included && rooms.every((room) => !opts.except?.has(room));
}
