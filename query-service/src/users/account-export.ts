import {
  type AccountExport,
  DAILY_METRICS_MODEL,
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
 * documents), and the admin analytics and users table from the account and what it logged, so
 * they stay behind.
 */
const DERIVED = new Set([
  'personal_records',
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
 * A user's data to take away: every document of every read model that names them as its owner,
 * found by the same owner fields that account deletion removes by. Internal fields (the
 * projection position, the user's token hashes) and derived read models stay behind.
 */
export async function exportAccount(readStore: ReadStore, user: UserDocument, now: Date): Promise<AccountExport> {
  const data: Record<string, unknown[]> = {};
  for (const projection of allProjections) {
    const { name } = projection.collection;
    if (name === 'users' || DERIVED.has(name) || SYSTEM_WIDE.has(name) || DEVICE_CREDENTIALS.has(name)) continue;
    const documents = await readStore.find<Document>(name, {
      where: { [projection.ownerField]: user.id },
      orderBy: [{ field: 'id', direction: 'asc' }],
    });
    data[name] = documents.map(({ [POSITION_FIELD]: _position, ...document }) => document);
  }
  const { tokens: _tokens, [POSITION_FIELD]: _position, ...account } = user as UserDocument & Record<string, unknown>;
  return { format: 'stride-export/1', exported_at: now.toISOString(), user: account as AccountExport['user'], data };
}
