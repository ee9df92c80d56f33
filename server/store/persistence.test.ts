import type Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../contract/wire.ts';
import { spawnServer, type ChildServer } from '../testing/child-server.ts';
import { createPerson, getPerson, lookupPeople, personBody, records } from '../testing/people.ts';
import { DEMO, login, loginAdmin, startTestServer } from '../testing/start-server.ts';
import { DB_FILE_NAME } from './db.ts';
import { openSqlite } from './open-sqlite.ts';

const dirs: string[] = [];
const children: ChildServer[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-persist-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function created(res: { status: number; text: string }): UserRecord {
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text) as UserRecord;
}

/** Opens the database file directly, as nothing but SQLite sees it. */
function inspect<T>(dataDir: string, look: (db: Database.Database) => T): T {
  const db = openSqlite(join(dataDir, DB_FILE_NAME));
  try {
    return look(db);
  } finally {
    db.close();
  }
}

const countUsers = (db: Database.Database) =>
  (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;

describe('what the server acknowledged is kept', () => {
  it('a created person is there after a clean restart, and old tokens still work', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ dataDir });
    const admin = await loginAdmin(first.api);
    const person = created(await createPerson(first.api, admin, personBody('restart')));
    await first.stop();

    const second = await startTestServer({ dataDir });
    try {
      expect(created(await getPerson(second.api, admin, person.UID))).toEqual(person);
      expect(records(await lookupPeople(second.api, admin, { searchText: 'person restart' }))).toEqual([
        person,
      ]);
    } finally {
      await second.stop();
    }
    expect(inspect(dataDir, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
  });

  it('seeds the demo realm on first start only: a restart neither duplicates nor resets it', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ dataDir });
    const seededAt = first.app.db
      .prepare("SELECT value FROM meta WHERE key = 'seeded'")
      .pluck()
      .get() as Buffer;
    const seededUsers = countUsers(first.app.db);
    const admin = await loginAdmin(first.api);
    const person = created(await createPerson(first.api, admin, personBody('seed')));
    await first.stop();

    const second = await startTestServer({ dataDir });
    try {
      expect(countUsers(second.app.db)).toBe(seededUsers + 1);
      expect(second.app.db.prepare("SELECT value FROM meta WHERE key = 'seeded'").pluck().get()).toEqual(
        seededAt,
      );
      expect(created(await getPerson(second.api, admin, person.UID))).toEqual(person);
      const jdoe = await login(second.api, DEMO.jdoe);
      expect(
        records(await lookupPeople(second.api, jdoe, { searchText: 'doe' })).map((p) => p.UserName),
      ).toEqual([DEMO.jdoe]);
    } finally {
      await second.stop();
    }
  });

  it('every acknowledged person survives kill -9 of the real server process, and the database stays intact', async () => {
    const dataDir = tempDir();
    const first = await spawnServer(dataDir, { RATE_LIMIT: '1000' });
    children.push(first);
    const admin = await loginAdmin(first.api);
    const acknowledged: UserRecord[] = [];
    for (let i = 0; i < 5; i++)
      acknowledged.push(created(await createPerson(first.api, admin, personBody(`kill${i}`))));

    // Workers keep creating people until the process dies under them: whatever was answered 200 must be on disk.
    let enoughAnswered!: () => void;
    const answered = new Promise<void>((done) => (enoughAnswered = done));
    let interrupted = 0;
    const worker = async (w: number) => {
      for (let i = 0; ; i++) {
        let res;
        try {
          res = await createPerson(first.api, admin, personBody(`kill${w}x${i}`));
        } catch {
          interrupted++;
          return;
        }
        acknowledged.push(created(res));
        if (acknowledged.length >= 30) enoughAnswered();
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    await Promise.race([answered, Promise.all(workers)]);
    first.process.kill('SIGKILL');
    await first.exited;
    await Promise.all(workers);
    expect(first.process.signalCode).toBe('SIGKILL');
    expect(interrupted).toBeGreaterThan(0);

    inspect(dataDir, (db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = db.prepare('SELECT uid FROM users').pluck().all() as string[];
      expect(stored).toEqual(expect.arrayContaining(acknowledged.map((p) => p.UID)));
    });

    const second = await spawnServer(dataDir, { RATE_LIMIT: '1000' });
    children.push(second);
    for (const person of acknowledged) {
      expect(created(await getPerson(second.api, admin, person.UID))).toEqual(person);
    }
    const found = records(
      await lookupPeople(second.api, admin, { searchText: 'person kill', maxResults: 100 }),
    );
    expect(found.map((p) => p.UID)).toEqual(expect.arrayContaining(acknowledged.map((p) => p.UID)));
    expect(await login(second.api, DEMO.jdoe)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  }, 60_000);
});
