import { performance } from 'node:perf_hooks';
import type { Statement } from 'better-sqlite3';
import type { Db } from './db.ts';
import type { UserRow } from './rows.ts';

/** How soon a change made by another process (a realm import from the command line) is seen. */
const FOREIGN_CHANGE_DELAY_MS = 100;
const MAX_CACHED_USERS = 10_000;

interface Cache {
  rows: Map<string, UserRow>;
  dataVersion: Statement<[], number>;
  version: number;
  checkedAt: number;
}

const caches = new WeakMap<Db, Cache>();

/**
 * User rows by user name, for the bearer check on every authenticated call, one cache per database. Writes
 * through this process drop it at once (`invalidateUserCache`); writes by another process change SQLite's
 * `data_version`, read at most every FOREIGN_CHANGE_DELAY_MS on a monotonic timer (not the injectable clock,
 * which tests hold still), because reading it on every call would cost as much as the query it saves.
 */
function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    const dataVersion = db.prepare('PRAGMA data_version').pluck() as Statement<[], number>;
    cache = { rows: new Map(), dataVersion, version: dataVersion.get()!, checkedAt: performance.now() };
    caches.set(db, cache);
  }
  const now = performance.now();
  if (now - cache.checkedAt >= FOREIGN_CHANGE_DELAY_MS) {
    cache.checkedAt = now;
    const version = cache.dataVersion.get()!;
    if (version !== cache.version) {
      cache.version = version;
      cache.rows.clear();
    }
  }
  return cache;
}

export function cachedUserRow(
  db: Db,
  usernameKey: string,
  load: () => UserRow | undefined,
): UserRow | undefined {
  const { rows } = cacheOf(db);
  const cached = rows.get(usernameKey);
  if (cached) return cached;
  const row = load();
  if (row) {
    if (rows.size >= MAX_CACHED_USERS) rows.clear();
    rows.set(usernameKey, row);
  }
  return row;
}

/** Every write to users through this process calls this. */
export function invalidateUserCache(db: Db) {
  caches.get(db)?.rows.clear();
}
