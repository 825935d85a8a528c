import {
  type ChangeStream,
  type ChangeStreamInsertDocument,
  type Collection,
  MongoServerError,
  type ResumeToken,
} from 'mongodb';
import type { ChangeFollowing, FeedEntry } from '../read-store.ts';
import { MONGO_ERRORS } from './server-errors.ts';

/** A change feed entry as MongoDB holds it: the sequence as `_id`. */
export type ChangeDocument = { _id: number; notice: FeedEntry['notice'] };
type InsertEvent = ChangeStreamInsertDocument<ChangeDocument>;

/** Pauses before opening the stream again after a failure: growing, then every few seconds. */
const RETRY_MS = [100, 500, 1000, 2000, 5000];

/**
 * Follows the change feed collection with a change stream (`watch`, inserts only), handing each
 * entry to `listener` as the commit that inserted it becomes visible: pushed by the server, no
 * polling. The stream's resume token is kept after every event (and every empty batch, via the
 * post-batch token), so when the stream fails in a way the driver does not resume by itself,
 * the stream opened again with `resumeAfter` carries on exactly where it was, nothing skipped
 * and nothing repeated. When the token has fallen off the oplog (down for longer than its
 * history), the stream starts afresh from now: the reader sees the gap in the sequences and
 * reads it from the feed collection.
 *
 * Resolves with null when the server has no change streams (a standalone server, error 40573):
 * the caller polls the feed collection instead.
 */
export async function followChangeStream(
  changes: Collection<ChangeDocument>,
  listener: (entry: FeedEntry) => void,
  onError: (error: unknown) => void,
): Promise<ChangeFollowing | null> {
  let token: ResumeToken | undefined;
  let stream: ChangeStream<ChangeDocument, InsertEvent> | null = null;
  let stopped = false;

  const open = () =>
    changes.watch<ChangeDocument, InsertEvent>(
      [{ $match: { operationType: 'insert' } }],
      token === undefined ? {} : { resumeAfter: token },
    );
  const deliver = (event: InsertEvent | null, from: ChangeStream<ChangeDocument, InsertEvent>) => {
    token = from.resumeToken ?? token;
    if (event) listener({ sequence: event.fullDocument._id, notice: event.fullDocument.notice });
  };

  // The first batch opens the cursor on the server: from here on, every insert is seen. A server
  // without change streams says so now.
  const first = open();
  try {
    deliver(await first.tryNext(), first);
  } catch (error) {
    await first.close().catch(() => {});
    if (error instanceof MongoServerError && error.code === MONGO_ERRORS.changeStreamsUnsupported) return null;
    throw error;
  }
  stream = first;

  const follow = async () => {
    let failures = 0;
    while (!stopped) {
      let current: ChangeStream<ChangeDocument, InsertEvent> | null = stream;
      try {
        current ??= open();
        stream = current;
        // Waits for the next insert; after a resumable error (a network blip, a primary stepping
        // down) the driver resumes by itself, for as long as resuming succeeds.
        deliver(await current.next(), current);
        failures = 0;
      } catch (error) {
        if (stopped) return;
        stream = null;
        await current?.close().catch(() => {});
        // Too old to resume from: start from now; the reader reads the gap from the feed collection.
        if (error instanceof MongoServerError && error.code === MONGO_ERRORS.changeStreamHistoryLost) token = undefined;
        onError(error);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]));
      }
    }
  };
  // Runs until closed; every failure inside is caught, reported and retried.
  void follow();

  return {
    async close() {
      stopped = true;
      // A pending next() ends with the stream; the loop sees `stopped` and returns.
      await stream?.close().catch(() => {});
    },
  };
}
