import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { InsufficientStorageError, isStorageFull, StoreConflictError } from '../shared/errors.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../shared/private-fs.ts';
import type { Collection, ListPageOptions, MetadataStore, Versioned } from './ports.ts';
import { checkRecordId, checkRecordPrefix, toJson } from './keys.ts';

export type SqliteDatabase = Database.Database;

/**
 * Opens (creating its folder) a SQLite database configured for several processes sharing one file:
 * WAL so readers never block the writer, a busy timeout so writers queue instead of failing, foreign keys on.
 * Other embedded adapters (the job queue) open the same `DATA_DIR/docintel.db` through this.
 */
export function openSqlite(file: string): SqliteDatabase {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIR_MODE });
  // SQLite creates the -wal and -shm files with the database file's mode, so setting it first covers all three;
  // files of an older version, created under the umask, are tightened too.
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const own of [file, `${file}-wal`, `${file}-shm`]) tighten(own);
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  return db;
}

/** chmod 0600, skipped for a file that is missing or not this user's to change. */
function tighten(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw err;
  }
}

interface RecordRow {
  id: string;
  value: string;
  revision: number;
}

/**
 * MetadataStore on one SQLite table. Revisions come from one counter shared by all records (like the NATS
 * stream sequence), so a record deleted and created again never reuses a revision a stale writer may hold.
 * Every write runs in an IMMEDIATE transaction: the write lock is taken up front, so concurrent writers in
 * other processes wait (busy_timeout) rather than fail half-way.
 */
export class SqliteMetadataStore implements MetadataStore {
  private readonly db: SqliteDatabase;
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(file: string) {
    this.db = openSqlite(file);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS records (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        value TEXT NOT NULL,
        revision INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (collection, id)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS record_revision (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        last INTEGER NOT NULL
      );
      INSERT OR IGNORE INTO record_revision (singleton, last) VALUES (1, 0);
    `);
    this.statements = prepareStatements(this.db);
  }

  async get<T>(collection: Collection, id: string): Promise<Versioned<T> | undefined> {
    checkRecordId(id);
    const row = this.statements.get.get(collection, id) as RecordRow | undefined;
    return row ? { value: JSON.parse(row.value) as T, revision: row.revision } : undefined;
  }

  async create<T>(collection: Collection, id: string, value: T): Promise<number> {
    checkRecordId(id);
    const json = toJson(value);
    return this.write(() => {
      if (this.statements.get.get(collection, id)) throw new StoreConflictError(collection, id, 'already exists');
      return this.upsert(collection, id, json);
    });
  }

  async update<T>(collection: Collection, id: string, value: T, expectedRevision?: number): Promise<number> {
    checkRecordId(id);
    const json = toJson(value);
    return this.write(() => {
      const row = this.statements.get.get(collection, id) as RecordRow | undefined;
      if (!row) throw new StoreConflictError(collection, id, 'does not exist');
      if (expectedRevision !== undefined && row.revision !== expectedRevision) {
        throw new StoreConflictError(collection, id, `revision is ${row.revision}, expected ${expectedRevision}`);
      }
      return this.upsert(collection, id, json);
    });
  }

  async put<T>(collection: Collection, id: string, value: T): Promise<number> {
    checkRecordId(id);
    const json = toJson(value);
    return this.write(() => this.upsert(collection, id, json));
  }

  async delete(collection: Collection, id: string): Promise<boolean> {
    checkRecordId(id);
    return failingWhenFull(() => this.statements.delete.run(collection, id).changes > 0);
  }

  async list<T>(collection: Collection, prefix = ''): Promise<{ id: string; value: T }[]> {
    checkRecordPrefix(prefix);
    // Ids are ASCII below 0x7f, so [prefix, prefix + '\x7f') is exactly the ids starting with prefix,
    // and the range walks the primary key index.
    const rows = this.statements.list.all(collection, prefix, `${prefix}\x7f`) as RecordRow[];
    return rows.map((row) => ({ id: row.id, value: JSON.parse(row.value) as T }));
  }

  async listPage<T>(collection: Collection, options: ListPageOptions): Promise<{ id: string; value: T }[]> {
    const { prefix = '', after, limit, descending = false } = options;
    checkRecordPrefix(prefix);
    if (!(limit > 0)) return [];
    // The page's range within [prefix, prefix + '\x7f'), cut at `after` on the side the order walks towards.
    const low = !descending && after !== undefined && after >= prefix ? `${after}\x00` : prefix;
    const high = descending && after !== undefined && after < `${prefix}\x7f` ? after : `${prefix}\x7f`;
    const statement = descending ? this.statements.pageDescending : this.statements.pageAscending;
    const rows = statement.all(collection, low, high, Math.floor(limit)) as RecordRow[];
    return rows.map((row) => ({ id: row.id, value: JSON.parse(row.value) as T }));
  }

  async ping(): Promise<void> {
    this.statements.ping.get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private write(fn: () => number): number {
    return failingWhenFull(() => this.db.transaction(fn).immediate());
  }

  /** Only inside a write transaction. */
  private upsert(collection: Collection, id: string, json: string): number {
    const { last } = this.statements.nextRevision.get() as { last: number };
    this.statements.upsert.run(collection, id, json, last, Date.now());
    return last;
  }
}

/** A write that fails for a full disk rolled back (nothing of it stored): a typed 507 says so. */
function failingWhenFull<T>(write: () => T): T {
  try {
    return write();
  } catch (err) {
    throw isStorageFull(err) ? new InsufficientStorageError('metadata') : err;
  }
}

function prepareStatements(db: SqliteDatabase) {
  return {
    get: db.prepare('SELECT id, value, revision FROM records WHERE collection = ? AND id = ?'),
    list: db.prepare('SELECT id, value, revision FROM records WHERE collection = ? AND id >= ? AND id < ? ORDER BY id'),
    pageAscending: db.prepare('SELECT id, value, revision FROM records WHERE collection = ? AND id >= ? AND id < ? ORDER BY id LIMIT ?'),
    pageDescending: db.prepare(
      'SELECT id, value, revision FROM records WHERE collection = ? AND id >= ? AND id < ? ORDER BY id DESC LIMIT ?',
    ),
    upsert: db.prepare(`
      INSERT INTO records (collection, id, value, revision, updated_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (collection, id) DO UPDATE SET
        value = excluded.value, revision = excluded.revision, updated_at = excluded.updated_at`),
    delete: db.prepare('DELETE FROM records WHERE collection = ? AND id = ?'),
    nextRevision: db.prepare('UPDATE record_revision SET last = last + 1 WHERE singleton = 1 RETURNING last'),
    ping: db.prepare('SELECT 1'),
  };
}
