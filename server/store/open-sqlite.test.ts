import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from './open-sqlite.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const dir = mkdtempSync(join(tmpdir(), 'open-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Weak references to a database and to statements of each kind it hands out, the database closed or not. */
function handOut(name: string, close: boolean): WeakRef<object>[] {
  const db = openSqlite(join(dir, name));
  db.exec('CREATE TABLE t (n INTEGER)');
  const statements = [
    db.prepare('INSERT INTO t VALUES (?)'),
    db.prepare('SELECT n FROM t'),
    db.prepare('PRAGMA data_version').pluck(),
  ];
  statements[0]!.run(1);
  db.pragma('user_version = 3');
  db.pragma('user_version', { simple: true });
  db.transaction(() => statements[0]!.run(2))();
  if (close) db.close();
  return [db, ...statements].map((each) => new WeakRef(each));
}

describe('a database from openSqlite', () => {
  // A collected better-sqlite3 object can abort Node 24 when the collection runs outside a JavaScript
  // context (see open-sqlite.ts): what it hands out must outlive every reference the caller drops.
  it('is never collected, nor any statement it handed out, open or closed', async () => {
    const refs = [...handOut('open.sqlite', false), ...handOut('closed.sqlite', true)];
    // A WeakRef holds its target until the job that made it ends.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(refs.map((ref) => ref.deref() !== undefined)).toEqual(refs.map(() => true));
  });

  it('hands out one statement per SQL text, each time in its default mode', () => {
    const db = openSqlite(join(dir, 'modes.sqlite'));
    db.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (7)');
    const plucked = db.prepare('SELECT n FROM t').pluck();
    expect(plucked.get()).toBe(7);
    const again = db.prepare('SELECT n FROM t');
    expect(again).toBe(plucked);
    expect(again.get()).toEqual({ n: 7 });
    expect(db.prepare('SELECT n FROM t').raw().get()).toEqual([7]);
    expect(db.prepare('SELECT n FROM t').all()).toEqual([{ n: 7 }]);
    db.close();
  });

  it('answers pragmas as better-sqlite3 does: rows, a simple value, or nothing for a setting', () => {
    const db = openSqlite(join(dir, 'pragmas.sqlite'));
    expect(db.pragma('journal_mode = WAL')).toEqual([{ journal_mode: 'wal' }]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous = FULL')).toEqual([]);
    expect(db.pragma('synchronous = FULL', { simple: true })).toBeUndefined();
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('synchronous')).toEqual([{ synchronous: 2 }]);
    db.close();
  });

  it('refuses iterate, whose iterator would be collected, with an error that says what to do', () => {
    const db = openSqlite(join(dir, 'iterate.sqlite'));
    expect(() => db.prepare('SELECT 1').iterate()).toThrow(/page with all\(\)/);
    db.close();
  });
});
