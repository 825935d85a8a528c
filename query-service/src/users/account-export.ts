import {
  type AccountExport,
  DAILY_METRICS_MODEL,
  LOGGED_FOODS_MODEL,
  PUSH_SUBSCRIPTIONS_MODEL,
  SYSTEM_SETTINGS_MODEL,
  type UserDocument,
  WORKOUT_SUMMARIES_MODEL,
} from '@fitness/contracts';
import { allProjections } from '@fitness/projections';
import { type Document, POSITION_FIELD, type ReadStore } from '@fitness/stores';

/**
 * Read models worked out from others that the export holds already: personal records and the
 * workout summaries come from the workouts (and records are mostly the projection's own working
 * documents), the foods logged from the meals, and the admin analytics and users table from the
 * account and what it logged, so they stay behind.
 */
const DERIVED = new Set([
  'personal_records',
  LOGGED_FOODS_MODEL,
  WORKOUT_SUMMARIES_MODEL,
  DAILY_METRICS_MODEL,
  'admin_analytics',
  'admin_users',
]);

/** Read models of the whole system, which no user owns. */
const SYSTEM_WIDE = new Set([SYSTEM_SETTINGS_MODEL]);

/**
 * A browser's push subscription is an address and keys its push service issued to that
 * browser, not something the user logged, and useless anywhere else: it stays behind, as the
 * token hashes do.
 */
const DEVICE_CREDENTIALS = new Set([PUSH_SUBSCRIPTIONS_MODEL]);

/**
 * Documents read at a time. The largest, a workout of 100 exercises of 100 sets, is about 1.5 MB
 * of text: a page then stays within a few tens of MB, however long the account's history.
 */
export const EXPORT_PAGE_DOCUMENTS = 32;

/** The account as the export shows it, written out as the API shows a user (no token hashes). */
export type AccountSerializer = (account: AccountExport['user']) => string;

/**
 * A user's data to take away (an AccountExport), as JSON text in pieces: every document of every
 * read model that names them as its owner, found by the same owner fields that account deletion
 * removes by. Internal fields (the projection position, the user's token hashes) and derived
 * read models stay behind.
 *
 * Written as it is read, a page of documents at a time: what the server holds at once is one
 * page, not the account's history (a whole export built as one
 * object had reached 27 MB of JSON and more of memory for one heavy account).
 */
export async function* exportAccount(
  readStore: ReadStore,
  user: UserDocument,
  now: Date,
  serializeAccount: AccountSerializer,
): AsyncGenerator<string> {
  const { tokens: _tokens, [POSITION_FIELD]: _position, ...account } = user as UserDocument & Record<string, unknown>;
  const head: Omit<AccountExport, 'user' | 'data'> = { format: 'stride-export/1', exported_at: now.toISOString() };
  yield `${JSON.stringify(head).slice(0, -1)},"user":${serializeAccount(account as AccountExport['user'])},"data":{`;
  let firstModel = true;
  for (const projection of allProjections) {
    const { name } = projection.collection;
    if (name === 'users' || DERIVED.has(name) || SYSTEM_WIDE.has(name) || DEVICE_CREDENTIALS.has(name)) continue;
    yield `${firstModel ? '' : ','}${JSON.stringify(name)}:[`;
    firstModel = false;
    let afterId: string | undefined;
    for (;;) {
      // The stored text as it is, less the projection's position: neither parsed nor written again.
      const page = await readStore.findJson(name, {
        where: { [projection.ownerField]: user.id },
        orderBy: [{ field: 'id', direction: 'asc' }],
        limit: EXPORT_PAGE_DOCUMENTS,
        omit: [POSITION_FIELD],
        ...(afterId !== undefined && { afterId }),
      });
      const last = page.at(-1);
      if (last === undefined) break;
      yield `${afterId === undefined ? '' : ','}${page.join(',')}`;
      afterId = (JSON.parse(last) as Document).id;
      if (page.length < EXPORT_PAGE_DOCUMENTS) break;
      // A turn of the event loop between pages, as the store's long reads take: the reads and
      // the writes to a fast socket all finish at once, so without it an export ran start to end
      // before any other request was read (another user's GET waited out ten exports, 2.5 s).
      await new Promise((resolve) => setImmediate(resolve));
    }
    yield ']';
  }
  yield '}}';
}
