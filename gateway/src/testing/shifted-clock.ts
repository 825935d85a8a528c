import { readFileSync } from 'node:fs';

/**
 * Preloaded into a server process (`NODE_OPTIONS=--import <this file>`) by tests that move the
 * clock of processes they started, e.g. a session timeout across the distributed deployment:
 * `Date.now()` and `new Date()` run ahead by the milliseconds written in the file named by
 * CLOCK_OFFSET_FILE (0 while it is missing or unreadable). The file is read at most every 20 ms.
 * Timers are not moved; nothing in the product reads this file otherwise.
 */
const file = process.env.CLOCK_OFFSET_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  const currentOffset = () => {
    const now = realNow();
    if (now - readAt > 20) {
      readAt = now;
      try {
        offset = Number(readFileSync(file, 'utf8')) || 0;
      } catch {
        offset = 0;
      }
    }
    return offset;
  };
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(realNow() + currentOffset());
      else super(...(args as [string | number | Date]));
    }
    static override now() {
      return realNow() + currentOffset();
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
