import type { OfflineSync } from './offline-sync.ts';
import type { NewCommand, Outbox, QueuedCommand } from './outbox.ts';

/** The signed-in user's outbox as a store writes to it: what waits, and the offline state's `queue`. */
export type OfflineWrites = {
  userId: string;
  outbox: Pick<Outbox, 'waiting' | 'onChange'>;
  sync: Pick<OfflineSync, 'state' | 'queue'>;
};

/**
 * A store's writes kept in the outbox, and the ones of them still waiting (`mine` picks them out
 * of every store's), which the store shows on top of the server's answers. When some leave the
 * outbox (the server took or refused them), `readAgain` reads what the screens show before their
 * queued copies go, so what was sent shows as the server has it and what was refused goes; then
 * `show` puts what waits now on screen.
 */
export function queuedWrites(options: {
  mine: (command: QueuedCommand) => boolean;
  readAgain: () => Promise<unknown>;
  show: () => void;
}) {
  let to: OfflineWrites | null = null;
  let waiting: QueuedCommand[] = [];
  let stopFollowing: () => void = () => undefined;
  let following = Promise.resolve();

  function followOutbox() {
    following = following
      .then(async () => {
        if (!to) return;
        const now = (await to.outbox.waiting()).filter(options.mine);
        const left = waiting.some((command) => !now.some((still) => still.seq === command.seq));
        if (left) await options.readAgain().catch(() => undefined);
        waiting = now;
        options.show();
      })
      .catch((error) => console.error('Reading the offline changes failed', error));
    return following;
  }

  return {
    /** This store's commands waiting in the outbox, oldest first. */
    get waiting(): readonly QueuedCommand[] {
      return waiting;
    },
    /** Writes go to `writes`' outbox from now on when there is no connection (null: none, on sign-out); answers once what waits is shown. */
    follow(writes: OfflineWrites | null) {
      stopFollowing();
      to = writes;
      waiting = [];
      stopFollowing = writes ? writes.outbox.onChange(() => void followOutbox()) : () => undefined;
      if (!writes) options.show();
      return followOutbox();
    },
    /**
     * Where a write goes now: the outbox when there is no connection, or while earlier writes
     * wait there (they are sent in order); null when the API is to be called as before.
     */
    target(): OfflineWrites | null {
      if (!to) return null;
      return !to.sync.state.online || to.sync.state.waiting > 0 || waiting.length > 0 ? to : null;
    },
    /** Keeps a write in `writes`' outbox (its key chosen by the caller) and shows it at once. */
    async queue(writes: OfflineWrites, command: NewCommand) {
      const stored = await writes.sync.queue(command);
      if (!waiting.some((queued) => queued.seq === stored.seq)) waiting = [...waiting, stored];
      options.show();
      return stored;
    },
    clear() {
      waiting = [];
    },
  };
}

export type QueuedWrites = ReturnType<typeof queuedWrites>;
