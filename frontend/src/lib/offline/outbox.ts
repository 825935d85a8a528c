import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { newRequestId } from '../api-client.ts';

/**
 * A write waiting to be sent, as the user made it: the request, the Idempotency-Key it goes with
 * every time it is sent (so a repeat lands once), when the user acted, and what it changes in
 * plain words (`label`, e.g. 'Set 3 of Bench press') for a refusal to name.
 */
export type QueuedCommand = {
  /** Its place in the queue: commands are sent in this order. */
  seq: number;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /api/v1, e.g. `/workouts/<id>/exercises/<id>/sets`. */
  path: string;
  body?: unknown;
  key: string;
  /** When the user acted: RFC 3339 with their offset, as `X-Client-Time` wants it. */
  actedAt: string;
  label: string;
  /** The things it changes or needs to exist, e.g. `workout:<id>` and `workout-exercise:<id>`. */
  touches: string[];
  /** The thing it creates, named as in `touches` (`workout:<predicted id>`), when it creates one. */
  creates?: string;
  /**
   * What it creates as the client expects the server to make it, where the request's body does not
   * say it all (a workout started from a template, with the template's exercises): shown until the
   * server has it, after a reload too.
   */
  predicted?: unknown;
};

/** A command to queue: its time of action defaults to now, its Idempotency-Key to a new one (pass one to predict what it creates). */
export type NewCommand = Omit<QueuedCommand, 'seq' | 'actedAt' | 'key'> & { actedAt?: Date; key?: string };

/** A command the server refused for good, kept to tell the user until they dismiss it. */
export type NotKept = {
  seq: number;
  label: string;
  /** The server's answer: its status and message. */
  status: number;
  message: string;
  /** The label of the earlier command whose refusal took this one with it (it needed what that created). */
  because: string | null;
  command: QueuedCommand;
};

interface OutboxSchema extends DBSchema {
  commands: { key: number; value: QueuedCommand };
  'not-kept': { key: number; value: NotKept };
}

/** One database per user, so one user's queue is never sent under another's token. */
export function outboxName(userId: string) {
  return `fitness-outbox-${userId}`;
}

/**
 * A user's outbox in IndexedDB: their writes in the order they made them, kept across reloads and
 * closed tabs until the server has answered them, and the ones it refused. Every tab of the user
 * opens the same database; each change is announced on a BroadcastChannel of the same name, so
 * every tab's `onChange` hears of every tab's changes.
 */
export async function openOutbox(userId: string) {
  const name = outboxName(userId);
  const db: IDBPDatabase<OutboxSchema> = await openDB<OutboxSchema>(name, 1, {
    upgrade(database) {
      database.createObjectStore('commands', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('not-kept', { keyPath: 'seq' });
    },
  });
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
  const listeners = new Set<() => void>();
  const hear = () => {
    for (const listener of listeners) listener();
  };
  channel?.addEventListener('message', hear);
  const changed = () => {
    hear();
    channel?.postMessage('changed');
  };

  return {
    userId,
    /** Queues a command after every other; resolves once it is stored. */
    async append(command: NewCommand): Promise<QueuedCommand> {
      const { actedAt, key, ...rest } = command;
      // The key path fills `seq` in; the type wants it named.
      const value = {
        ...rest,
        key: key ?? newRequestId(),
        actedAt: withOffset(actedAt ?? new Date()),
      } as QueuedCommand;
      const seq = await db.add('commands', value);
      changed();
      return { ...value, seq };
    },
    /** The commands waiting, oldest first. */
    waiting: () => db.getAll('commands'),
    /** The oldest command waiting, if any. */
    async next(): Promise<QueuedCommand | undefined> {
      const cursor = await db.transaction('commands').store.openCursor();
      return cursor?.value;
    },
    count: () => db.count('commands'),
    /** Takes a command the server accepted out of the queue (again is harmless: another tab may have). */
    async sent(seq: number) {
      await db.delete('commands', seq);
      changed();
    },
    /**
     * Moves a command the server refused for good to the not-kept list, and with it every later
     * command that needs what it would have created (the sets of a workout whose start was refused,
     * and theirs in turn), in one transaction: none of them is sent. Answers what it moved; nothing
     * when another tab already did.
     */
    async refuse(seq: number, status: number, message: string): Promise<NotKept[]> {
      const tx = db.transaction(['commands', 'not-kept'], 'readwrite');
      const commands = tx.objectStore('commands');
      const queued = await commands.getAll();
      const refused = queued.find((command) => command.seq === seq);
      if (!refused) {
        await tx.done;
        return [];
      }
      const lost = new Set(refused.creates ? [refused.creates] : []);
      const moved: NotKept[] = [{ seq, label: refused.label, status, message, because: null, command: refused }];
      for (const command of queued) {
        if (command.seq <= seq || !command.touches.some((thing) => lost.has(thing))) continue;
        moved.push({ seq: command.seq, label: command.label, status, message, because: refused.label, command });
        if (command.creates) lost.add(command.creates);
      }
      await Promise.all([
        ...moved.map((notKept) => tx.objectStore('not-kept').put(notKept)),
        ...moved.map((notKept) => commands.delete(notKept.seq)),
        tx.done,
      ]);
      changed();
      return moved;
    },
    /** The refused commands not dismissed yet, oldest first. */
    notKept: () => db.getAll('not-kept'),
    async dismiss(seq: number) {
      await db.delete('not-kept', seq);
      changed();
    },
    /** Calls `listener` after every change to the outbox, this tab's or another's; answers how to stop. */
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      channel?.close();
      listeners.clear();
      db.close();
    },
  };
}

export type Outbox = Awaited<ReturnType<typeof openOutbox>>;

/** `date` as the user's wall clock saw it: RFC 3339 with their UTC offset, e.g. `2026-11-26T23:50:00.000+01:00`. */
export function withOffset(date: Date) {
  const offset = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, -1);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}
