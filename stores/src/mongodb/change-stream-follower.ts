import type {
  ChangeStream,
  ChangeStreamInsertDocument,
  ChangeStreamInvalidateDocument,
  Collection,
  ResumeToken,
} from 'mongodb';
import { MongoServerError } from 'mongodb';
import type { ChangeFollowing, FeedEntry } from '../read-store.ts';
import { reopening, StreamInvalidated } from './change-stream-reopening.ts';
import { MONGO_ERRORS } from './server-errors.ts';

/** A change feed entry as MongoDB holds it: the sequence as `_id`. */
export type ChangeDocument = { _id: number; notice: FeedEntry['notice'] };
type FeedEvent = ChangeStreamInsertDocument<ChangeDocument> | ChangeStreamInvalidateDocument;
type FeedStream = ChangeStream<ChangeDocument, FeedEvent>;

/** Pauses before opening the stream again after a failure: growing, then every few seconds. */
const RETRY_MS = [100, 500, 1000, 2000, 5000];

/**
 * Inserts, and the `invalidate` that ends a stream when the collection is dropped or renamed
 * (named, so that no filter of ours could hide it).
 */
const PIPELINE = [{ $match: { operationType: { $in: ['insert', 'invalidate'] } } }];

/**
 * Follows the change feed collection with a change stream (`watch`, inserts only), handing each
 * entry to `listener` as the commit that inserted it becomes visible: pushed by the server, no
 * polling. The stream's resume token is kept after every event (and every empty batch, via the
 * post-batch token), so when the stream fails in a way the driver does not resume by itself,
 * the stream opened again with `resumeAfter` carries on exactly where it was, nothing skipped
 * and nothing repeated. Where that token can never be resumed from (an invalidate: the
 * collection dropped or renamed, as a restore does; or history fallen off the oplog), the
 * stream starts from now and the entries after the last one handed over are read from the
 * collection, so none is missed while the feed still holds it (the reader takes an entry that
 * comes twice once).
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
  let stream: FeedStream | null = null;
  let stopped = false;
  /** The newest sequence handed over, or in the feed when following began. */
  let handedOver = 0;
  /** The next stream starts from now: the gap since `handedOver` is read from the collection. */
  let readGap = false;

  const open = () =>
    changes.watch<ChangeDocument, FeedEvent>(PIPELINE, token === undefined ? {} : { resumeAfter: token });
  const hand = (entry: ChangeDocument) => {
    handedOver = Math.max(handedOver, entry._id);
    listener({ sequence: entry._id, notice: entry.notice });
  };
  /** Hands an insert over, keeping the token; throws on an invalidate, which ends the stream. */
  const deliver = (event: FeedEvent | null, from: FeedStream) => {
    if (event?.operationType === 'invalidate') throw new StreamInvalidated();
    token = from.resumeToken ?? token;
    if (event) hand(event.fullDocument);
  };
  /**
   * A stream from now, and what the collection holds after the last entry handed over: the
   * stream is opened (its first batch) before the collection is read, so an entry committed
   * meanwhile is in one or the other, or both.
   */
  const openFromNow = async () => {
    token = undefined;
    const opened = open();
    try {
      const first = await opened.tryNext();
      const gap = await changes.find({ _id: { $gt: handedOver } }, { sort: { _id: 1 } }).toArray();
      for (const entry of gap) hand(entry);
      deliver(first, opened);
    } catch (error) {
      await opened.close().catch(() => {});
      throw error;
    }
    readGap = false;
    return opened;
  };

  // The first batch opens the cursor on the server: from here on, every insert is seen. A server
  // without change streams says so now.
  const first = open();
  try {
    const event = await first.tryNext();
    // Where the feed stood, should a gap ever have to be read before anything was handed over.
    handedOver = (await changes.findOne({}, { sort: { _id: -1 }, projection: { _id: 1 } }))?._id ?? 0;
    deliver(event, first);
  } catch (error) {
    await first.close().catch(() => {});
    if (error instanceof MongoServerError && error.code === MONGO_ERRORS.changeStreamsUnsupported) return null;
    if (!(error instanceof StreamInvalidated)) throw error;
    readGap = true;
  }
  if (!readGap) stream = first;

  const follow = async () => {
    let failures = 0;
    while (!stopped) {
      let current: FeedStream | null = stream;
      try {
        current ??= readGap ? await openFromNow() : open();
        stream = current;
        // Closed while the gap was read: close() found no stream to end.
        if (stopped) {
          await current.close().catch(() => {});
          return;
        }
        // Waits for the next insert; after a resumable error (a network blip, a primary stepping
        // down) the driver resumes by itself, for as long as resuming succeeds.
        deliver(await current.next(), current);
        failures = 0;
      } catch (error) {
        if (stopped) return;
        stream = null;
        await current?.close().catch(() => {});
        if (reopening(error) === 'from-now') readGap = true;
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
