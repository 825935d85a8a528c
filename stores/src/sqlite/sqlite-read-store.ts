import type { ChangeNotice } from '@fitness/contracts';
import type Database from 'better-sqlite3';
import { type LeaseFence, LeaseLostError } from '../lease.ts';
import {
  CHANGE_FEED_RETENTION,
  type CollectionDefinition,
  type CommitBatch,
  type Document,
  type FeedEntry,
  type FindOptions,
  POSITION_FIELD,
  type ReadStore,
  type Where,
} from '../read-store.ts';
import { omitMembers } from './omit-members.ts';
import { assertIdentifier, isInMemory, openDatabase, truncateWal } from './open-database.ts';
import {
  type CollectionTable,
  columnOf,
  columnValue,
  fieldColumn,
  tableOf,
  toDocument,
  whereClause,
} from './sqlite-collection-table.ts';
import { SQLITE_FENCE_QUERY } from './sqlite-lease.ts';
import { watchWriteAheadLog } from './watch-write-ahead-log.ts';

type Statement = Database.Statement<unknown[], unknown>;

/**
 * `checkpoints`: one row per projection, with the version that built its documents. `changes`: the change feed; AUTOINCREMENT never reuses
 * a sequence, even after the oldest rows are pruned, and SQLite's single writer commits them in
 * order, so a reader in another process tails it with `sequence > last seen`.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS changes (sequence INTEGER PRIMARY KEY AUTOINCREMENT, notice TEXT NOT NULL);
`;

/**
 * The embedded read store: each collection is a table of JSON documents, with expression
 * indexes on the fields its queries use. Read models can always be rebuilt from the event log,
 * so the file is synced less eagerly than the event store.
 */
export class SqliteReadStore implements ReadStore {
  /** See the commit: a document is written whole. */
  readonly changesInPlace = false;
  /** Commits, resets, the feed, the checkpoints, and the reads a projection folds with. */
  private readonly writer: Connection;
  /**
   * The reads that answer requests (`get`, `find`, `findJson`, `count`), on a connection of
   * their own: WAL lets it read while the writer commits, and its larger cache keeps the pages
   * users read warm. Sharing one small cache, a long log's catch-up and every commit evicted
   * them, and a read of one account's year went to the file page by page: with 1M events in
   * the log its p99 was twice that with 10k. A bigger shared cache would have held the
   * catch-up's pages too, which is memory a server keeps for nothing. An in-memory database is
   * private to its connection, so there the one connection does both.
   */
  private readonly reader: Connection;
  /** Each collection ensured: its table and the fields it keeps in columns of their own. */
  private readonly known = new Map<string, CollectionTable>();
  private readonly file: string;

  constructor(file: string) {
    this.file = file;
    // 8 KB pages: a busy workout's document (a few KB, rewritten with every set) spans fewer
    // pages, which made each write about a fifth cheaper than with the default 4 KB.
    const db = openDatabase(file, 'NORMAL', { pageSize: 8192, cacheKb: WRITER_CACHE_KB });
    try {
      // Replaced and deleted documents are zeroed rather than left in free space, so a deleted
      // account's earlier versions do not linger in the file either.
      db.pragma('secure_delete = ON');
      db.exec(SCHEMA);
      // Files written before projections had versions: theirs count as 0, so they are rebuilt.
      const columns = db.prepare('PRAGMA table_info(checkpoints)').all() as { name: string }[];
      if (!columns.some((column) => column.name === 'version')) {
        db.exec('ALTER TABLE checkpoints ADD COLUMN version INTEGER NOT NULL DEFAULT 0');
      }
      this.writer = new Connection(db);
      this.reader = isInMemory(file) ? this.writer : new Connection(openReader(file));
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** The writer's reads, for the projections runner's folds (see `reader`). */
  writerReads(): Pick<ReadStore, 'get' | 'find'> {
    return {
      get: async (collection, id) => this.getVia(this.writer, collection, id),
      find: <T extends Document>(collection: string, options: FindOptions = {}) =>
        this.findRows(this.writer, collection, options, toDocument<T>),
    };
  }

  /**
   * Each collection is a table of JSON documents; every field its indexes name is also kept in
   * a column of its own, written from the document with it, and indexed there. (Indexes on
   * `json_extract` had SQLite parse a document's whole text for each of them on every write,
   * the old and the new version: for a long workout's document that doubled the write.) A
   * table from before gets the columns, filled from its documents, and loses its old indexes.
   */
  async ensureCollections(definitions: CollectionDefinition[]) {
    const db = this.writer.db;
    const ensured: [string, CollectionTable][] = [];
    // IMMEDIATE: processes starting together on one file queue for the write lock, instead of
    // one failing (SQLITE_BUSY) when it writes after reading what another then changed.
    db.transaction(() => {
      for (const definition of definitions) {
        const table = tableOf(definition.name);
        const fields = [...new Set(definition.indexes.flat())].filter((field) => field !== 'id');
        const columns = fields.map(fieldColumn);
        const extra = columns.map((column) => `, ${column}`).join('');
        db.exec(
          `CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, data TEXT NOT NULL, position INTEGER NOT NULL${extra})`,
        );
        const existing = new Set(
          (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name),
        );
        for (const field of fields) {
          const column = fieldColumn(field);
          if (existing.has(column)) continue;
          db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
          db.exec(`UPDATE ${table} SET ${column} = json_extract(data, '$.${field}')`);
        }
        // The indexes on json_extract from before the columns, found by what they index (their
        // names could match a new index's): dropped once, when the table is migrated.
        const old = db
          .prepare(
            `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql LIKE '%json_extract(%'`,
          )
          .all(table) as { name: string }[];
        for (const { name } of old) db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
        for (const indexFields of definition.indexes) {
          const names = indexFields.map((field) => assertIdentifier('field', field)).join('__');
          const indexed = indexFields.map((field) => (field === 'id' ? 'id' : fieldColumn(field))).join(', ');
          db.exec(`CREATE INDEX IF NOT EXISTS ${table}__c__${names} ON ${table} (${indexed})`);
        }
        const assignments = ['data', 'position', ...columns].map((column) => `${column} = excluded.${column}`);
        ensured.push([
          definition.name,
          {
            table,
            fields,
            upsert: `INSERT INTO ${table} (id, data, position${extra}) VALUES (?, ?, ?${columns.map(() => ', ?').join('')})
            ON CONFLICT (id) DO UPDATE SET ${assignments.join(', ')} WHERE ${table}.position < excluded.position`,
            select: `SELECT data, position FROM ${table} WHERE id = ?`,
            remove: `DELETE FROM ${table} WHERE id = ? AND position < ?`,
          },
        ]);
      }
    }).immediate();
    // Known once committed: a transaction rolled back leaves the tables as they were.
    for (const [name, table] of ensured) this.known.set(name, table);
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    return this.getVia<T>(this.reader, collection, id);
  }

  private getVia<T extends Document>(connection: Connection, collection: string, id: string): T | null {
    const row = connection.statement(this.table(collection).select).get(id) as
      | { data: string; position: number }
      | undefined;
    return row ? toDocument<T>(row) : null;
  }

  async find<T extends Document>(collection: string, options: FindOptions = {}): Promise<T[]> {
    return this.findRows(this.reader, collection, options, toDocument<T>);
  }

  async findJson(collection: string, options: FindOptions & { omit?: string[] } = {}): Promise<string[]> {
    // The fields are cut out of the stored text, which is neither parsed nor written again (in
    // SQL, json_remove would do both).
    const omitted = options.omit ?? [];
    return this.findRows(this.reader, collection, options, (row) => omitMembers(row.data, omitted));
  }

  /**
   * Documents in pages of PAGE_ROWS, with a turn of the event loop between pages: the store is
   * synchronous, and a find over one account's whole history (a day with thousands of imported
   * workouts, an export) must not hold the server's only thread for everyone while it reads.
   * Pages in id order continue after the last id seen; pages in another order by offset, with
   * an id seen twice (a document moved by a write between pages) kept once.
   */
  private async findRows<R>(
    connection: Connection,
    collection: string,
    options: FindOptions,
    toResult: (row: { data: string; position: number }) => R,
  ): Promise<R[]> {
    const known = this.table(collection);
    const orderBy = options.orderBy ?? [];
    const inIdOrder = orderBy.every(({ field, direction }) => field === 'id' && direction === 'asc');
    // Equal keys come back by id, in the last key's direction: an index ending in `id` then
    // serves the whole order, read backwards for a descending one.
    const tieBreak = { field: 'id', direction: orderBy.at(-1)?.direction ?? ('asc' as const) };
    const order = [...orderBy, tieBreak]
      .map(({ field, direction }) => `${columnOf(known, field)} ${direction === 'desc' ? 'DESC' : 'ASC'}`)
      .join(', ');
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const results: R[] = [];
    const seen = new Set<string>();
    let offset = options.offset ?? 0;
    let afterId = options.afterId;
    for (;;) {
      const pageRows = Math.min(PAGE_ROWS, limit - results.length);
      const { clause, values } = whereClause(known, options.where, afterId);
      const sql = `SELECT id, data, position FROM ${known.table} ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`;
      const rows = connection.statement(sql).all(...values, pageRows, offset) as {
        id: string;
        data: string;
        position: number;
      }[];
      for (const row of rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        results.push(toResult(row));
      }
      if (rows.length < pageRows || results.length >= limit) return results;
      if (inIdOrder) {
        afterId = rows.at(-1)?.id;
        offset = 0;
      } else {
        offset += rows.length;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async count(collection: string, where?: Where) {
    const known = this.table(collection);
    const { clause, values } = whereClause(known, where);
    const row = this.reader.statement(`SELECT count(*) AS n FROM ${known.table} ${clause}`).get(...values) as {
      n: number;
    };
    return row.n;
  }

  async commit(batch: CommitBatch) {
    this.applyCommit(batch);
    if (!batch.erasing) return;
    // The checkpoint writes the zeroed pages into the main file and truncates the write-ahead
    // log, which still held the earlier versions of those pages.
    await truncateWal(this.writer.db);
  }

  private applyCommit({ checkpoints, writes, notices, fence }: CommitBatch) {
    const commit = this.writer.db.transaction(() => {
      this.checkFence(fence);
      for (const write of writes) {
        const known = this.table(write.collection);
        if (write.op === 'delete') {
          this.writer.statement(known.remove).run(write.id, write.position);
          continue;
        }
        // A patch is written whole too: SQLite rewrites a document's row whatever changed in it,
        // and its JSON functions (json_set, json_insert, json_remove) parse and render the text
        // again in the statement, which measured twice the cost of JSON.stringify and the write
        // (a set logged: 195 against 122 µs of commit CPU per event, one batch's writes). What
        // makes a set cheaper here is fewer and smaller documents, not a patch.
        const { [POSITION_FIELD]: documentPosition, ...document } = write.document;
        if (typeof documentPosition !== 'number') throw new Error(`Document ${write.document.id} has no position`);
        const columns = known.fields.map((field) => columnValue(document[field]));
        this.writer.statement(known.upsert).run(document.id, JSON.stringify(document), documentPosition, ...columns);
      }
      for (const [projection, position] of Object.entries(checkpoints)) {
        this.writer
          .statement(
            `INSERT INTO checkpoints (projection, position) VALUES (?, ?)
           ON CONFLICT (projection) DO UPDATE SET position = max(position, excluded.position)`,
          )
          .run(projection, position);
      }
      this.appendChanges(notices);
    });
    runFenced(commit, fence);
  }

  /** Inside the commit's transaction: the notices, then pruning down to the retention. */
  private appendChanges(notices: ChangeNotice[]) {
    if (notices.length === 0) return;
    let sequence = 0;
    for (const notice of notices) {
      sequence = Number(
        this.writer.statement('INSERT INTO changes (notice) VALUES (?)').run(JSON.stringify(notice)).lastInsertRowid,
      );
    }
    this.writer.statement('DELETE FROM changes WHERE sequence <= ?').run(sequence - CHANGE_FEED_RETENTION);
  }

  async changesAfter(sequence: number, limit: number): Promise<FeedEntry[]> {
    const rows = this.writer
      .statement('SELECT sequence, notice FROM changes WHERE sequence > ? ORDER BY sequence LIMIT ?')
      .all(sequence, limit) as { sequence: number; notice: string }[];
    return rows.map((row) => ({ sequence: row.sequence, notice: JSON.parse(row.notice) }));
  }

  async latestChangeSequence() {
    // Pruning always keeps the newest rows, so the maximum is the last sequence ever committed.
    const row = this.writer.statement('SELECT max(sequence) AS sequence FROM changes').get() as {
      sequence: number | null;
    };
    return row.sequence ?? 0;
  }

  async checkpoint(projection: string) {
    const row = this.writer.statement('SELECT position FROM checkpoints WHERE projection = ?').get(projection) as
      | { position: number }
      | undefined;
    return row?.position ?? 0;
  }

  async checkpoints() {
    const rows = this.writer.statement('SELECT projection, position FROM checkpoints').all() as {
      projection: string;
      position: number;
    }[];
    return Object.fromEntries(rows.map((row) => [row.projection, row.position]));
  }

  async reset(projection: string, collections: string[], version: number, fence?: LeaseFence) {
    const reset = this.writer.db.transaction(() => {
      this.checkFence(fence);
      for (const collection of collections) this.writer.statement(`DELETE FROM ${this.table(collection).table}`).run();
      this.writer
        .statement(
          `INSERT INTO checkpoints (projection, position, version) VALUES (?, 0, ?)
         ON CONFLICT (projection) DO UPDATE SET position = 0, version = excluded.version`,
        )
        .run(projection, version);
    });
    runFenced(reset, fence);
  }

  /**
   * Inside a transaction that took the write lock first (IMMEDIATE), so no takeover can commit
   * between this check and the transaction's writes.
   */
  private checkFence(fence: LeaseFence | undefined) {
    if (fence && !this.writer.statement(SQLITE_FENCE_QUERY).get(fence.lease, fence.holder, fence.term)) {
      throw new LeaseLostError(fence);
    }
  }

  async projectionVersion(projection: string) {
    const row = this.writer.statement('SELECT version FROM checkpoints WHERE projection = ?').get(projection) as
      | { version: number }
      | undefined;
    return row?.version ?? 0;
  }

  /** Another process's commit shows as a write to the write-ahead log (an in-memory database has none). */
  watchCommits(listener: () => void) {
    if (isInMemory(this.file)) return () => {};
    return watchWriteAheadLog(this.file, listener);
  }

  async close() {
    if (this.reader !== this.writer) this.reader.db.close();
    this.writer.db.close();
  }

  private table(collection: string): CollectionTable {
    const known = this.known.get(collection);
    if (!known) throw new Error(`Unknown collection: ${collection}`);
    return known;
  }
}

/** A connection and the statements prepared on it (a statement belongs to its connection). */
class Connection {
  private readonly statements = new Map<string, Statement>();
  readonly db: Database.Database;

  constructor(db: Database.Database) {
    this.db = db;
  }

  statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** The writer's page cache: what a batch's commit and its reads touch. */
const WRITER_CACHE_KB = 4096;
/**
 * The request reads' page cache: one account's year of documents and the indexes that find
 * them fit with room for many accounts (4 MB left P4's 1M-event tail at twice its 10k one,
 * 16 MB made it flat).
 */
const READER_CACHE_KB = 16384;

/** A second connection on the file, for reads only (the writer has created the schema). */
function openReader(file: string) {
  const db = openDatabase(file, 'NORMAL', { cacheKb: READER_CACHE_KB });
  db.pragma('query_only = ON');
  return db;
}

/**
 * Runs a transaction; under a fence it takes the write lock first (IMMEDIATE), so no takeover
 * can commit between the fence's check and the writes.
 */
function runFenced(transaction: Database.Transaction<() => void>, fence: LeaseFence | undefined) {
  if (fence) transaction.immediate();
  else transaction();
}

/** Rows a find reads at once before it lets other work run (see `find`). */
const PAGE_ROWS = 500;
