/**
 * The store room: the emulator's SQLite database and every line of SQL. It owns opening the file (private, WAL,
 * synchronous; through open-sqlite.ts, which keeps every better-sqlite3 object alive), the schema and its migrations
 * (migrations.ts), the meta values (among them the token signing keys, signing-keys.ts), and the queries on each
 * table, beside it: users and organizations (users.ts, with the identity rule and the user cache), SSO sessions
 * (sso-sessions.ts) and the embedded provider's store (idp-store.ts). Rooms call these; none writes SQL.
 */
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { keepPrivate, preparePrivateDir, privateFile } from '../config/data-dir.ts';
import { foldIdentity } from './identity-fold.ts';
import { migrations } from './migrations.ts';
import { openSqlite } from './open-sqlite.ts';

export type Db = Database.Database;

export const DB_FILE_NAME = 'emulator.sqlite';
const INCREMENTAL = 2;
const WAL_KEPT_BYTES = 4 * 1024 * 1024;

/**
 * Opens (creating if needed) the database in the data directory and brings its schema up to date.
 * WAL with synchronous=FULL: an answered write has reached the disk, so neither kill -9 nor a power cut loses it.
 * The directory is 0700 and the files 0600: they hold every secret of the server.
 */
export function openDb(dataDir: string): Db {
  preparePrivateDir(dataDir);
  const file = join(dataDir, DB_FILE_NAME);
  // SQLite makes its -wal and -shm files with the database file's mode.
  privateFile(file);
  for (const suffix of ['-wal', '-shm']) keepPrivate(`${file}${suffix}`);
  const db = openSqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // For the migration that folds the names already stored; the schema itself never depends on it.
  db.function('identity_fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldIdentity(text) : '',
  );
  reclaimFreedSpace(db);
  migrate(db);
  return db;
}

/**
 * Incremental auto-vacuum, so that the space of expired sign-ins can be handed back to the file system a few pages
 * at a time (see idp-store.ts). A new file takes the setting as it is; an older one is rewritten once.
 */
function reclaimFreedSpace(db: Db) {
  db.pragma('auto_vacuum = INCREMENTAL');
  if (db.pragma('auto_vacuum', { simple: true }) !== INCREMENTAL) db.exec('VACUUM');
  // A flood's worth of write-ahead log is not kept once it has been checkpointed.
  db.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
}

function migrate(db: Db) {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `The database schema (version ${current}) is newer than this emulator (version ${migrations.length}).`,
    );
  }
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

export function getMeta(db: Db, key: string): Buffer | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: Buffer } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: Buffer | string) {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, typeof value === 'string' ? Buffer.from(value) : value);
}
