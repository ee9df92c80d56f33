import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/browser.ts';
import { createPerson, personBody } from '../testing/people.ts';
import { getUser } from '../testing/requests.ts';
import { last, openLoginSso, submitSignIn } from '../testing/sso.ts';
import { testCollegeRealm } from '../testing/test-college.ts';
import { DEMO, login, loginAdmin, startTestServer } from '../testing/start-server.ts';
import { SESSION_COOKIE } from '../sso/cookie-names.ts';
import { getMeta, openDb, setMeta } from '../store/db.ts';
import { DEMO_REALM_PATH, seedRealm } from './seed.ts';
import { realmLines } from './sign-in-lines.ts';

const CHEAP = { log2N: 10, r: 8, p: 1 };
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-seed-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A realm file of one organization with one user, `user`, whose password is `Pass-<user>`. */
function realmFile(user: string, beid = '11111111-2222-4333-8444-555555555555'): string {
  const file = join(tempDir(), `${user}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      $schema: '../node_modules/auth-console/server/realm/realm.schema.json',
      organizations: [
        {
          Name: `${user} College`,
          BEID: beid,
          BEIDInt: 7,
          AdminAccount: {
            UserName: `svc-${user}@test.example`,
            WebServicesKey: '66666666-7777-4888-9999-000000000000',
            Active: true,
          },
          Users: [
            {
              UserName: `${user}@test.example`,
              Password: `Pass-${user}`,
              Applications: ['TDPeople'],
              AdministeredApplications: ['TDPeople'],
            },
          ],
        },
      ],
    }),
  );
  return file;
}

const signInStatus = async (api: string, username: string, password: string) =>
  (
    await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  ).status;

describe('a data directory and the realm it was seeded from', () => {
  it('uses the same realm as it was left, People-created users included', async () => {
    const dataDir = tempDir();
    const realm = realmFile('first');
    const first = await startTestServer({ dataDir, config: { realmFile: realm } });
    expect(first.app.realm?.seeding).toEqual({ outcome: 'seeded' });
    const token = await loginAdmin(
      first.api,
      '11111111-2222-4333-8444-555555555555',
      '66666666-7777-4888-9999-000000000000',
    );
    expect((await createPerson(first.api, token, personBody('kept'))).status).toBe(200);
    await first.stop();

    // The same content, written otherwise: spacing and $schema are not the realm.
    const rewritten = JSON.parse(readFileSync(realm, 'utf8')) as Record<string, unknown>;
    delete rewritten.$schema;
    writeFileSync(realm, JSON.stringify(rewritten, null, 4));
    const second = await startTestServer({ dataDir, config: { realmFile: realm } });
    try {
      expect(second.app.realm?.seeding).toEqual({ outcome: 'kept' });
      expect(await signInStatus(second.api, 'first@test.example', 'Pass-first')).toBe(200);
      const count = second.app.db.prepare('SELECT count(*) FROM users').pluck().get();
      expect(count).toBe(3);
    } finally {
      await second.stop();
    }
    // Two servers started in turn: 1.4 s alone, past the 5 s default on a busy two-core machine.
  }, 30_000);

  it('replaces what it holds with another realm, and says so, rather than keep the old users', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ dataDir, config: { realmFile: realmFile('first') } });
    const token = await loginAdmin(
      first.api,
      '11111111-2222-4333-8444-555555555555',
      '66666666-7777-4888-9999-000000000000',
    );
    expect((await createPerson(first.api, token, personBody('gone'))).status).toBe(200);
    await first.stop();

    const second = await startTestServer({ dataDir, config: { realmFile: realmFile('second') } });
    try {
      expect(second.app.realm?.seeding).toEqual({ outcome: 'replaced', previous: 'other' });
      expect(realmLines(second.app.realm!)[0]).toMatch(
        /seeded from another realm: re-imported, replacing its organizations, users and identities/,
      );
      expect(await signInStatus(second.api, 'second@test.example', 'Pass-second')).toBe(200);
      expect(await signInStatus(second.api, 'first@test.example', 'Pass-first')).toBe(401);
      const names = second.app.db
        .prepare('SELECT username_key FROM users ORDER BY username_key')
        .pluck()
        .all();
      expect(names).toEqual(['second@test.example', 'svc-second@test.example']);
    } finally {
      await second.stop();
    }

    // Back to the demo realm (no realm file named): the demo's users, not the second realm's.
    const third = await startTestServer({ dataDir });
    try {
      expect(third.app.realm).toMatchObject({ path: DEMO_REALM_PATH, seeding: { outcome: 'replaced' } });
      expect(await login(third.api, DEMO.jdoe)).toContain('.');
      expect(await signInStatus(third.api, 'second@test.example', 'Pass-second')).toBe(401);
    } finally {
      await third.stop();
    }
  });

  it('re-imports a data directory made before realms were remembered, saying it could not tell which it held', async () => {
    const db = openDb(tempDir());
    try {
      const realm = realmFile('legacy');
      await seedRealm(db, realm, CHEAP);
      // What an earlier version left: seeded, with no record of the realm.
      db.prepare("DELETE FROM meta WHERE key = 'realm-digest'").run();
      setMeta(db, 'seeded', '2026-01-01T00:00:00.000Z');
      const again = await seedRealm(db, realm, CHEAP);
      expect(again.seeding).toEqual({ outcome: 'replaced', previous: 'unknown' });
      expect(realmLines(again)[0]).toMatch(/does not say which realm it was seeded from/);
      expect((await seedRealm(db, realm, CHEAP)).seeding).toEqual({ outcome: 'kept' });
      expect(getMeta(db, 'seeded')?.toString()).toBe('2026-01-01T00:00:00.000Z');
    } finally {
      db.close();
    }
  });

  it('changes nothing when the new realm is refused: the old one stays whole', async () => {
    const db = openDb(tempDir());
    try {
      await seedRealm(db, realmFile('kept'), CHEAP);
      const before = db.prepare('SELECT username_key FROM users ORDER BY username_key').pluck().all();
      const broken = join(tempDir(), 'broken.json');
      writeFileSync(broken, '{"organizations": [}');
      await expect(seedRealm(db, broken, CHEAP)).rejects.toThrow(/line 1, column 20/);
      expect(db.prepare('SELECT username_key FROM users ORDER BY username_key').pluck().all()).toEqual(
        before,
      );
      expect((await seedRealm(db, realmFile('kept'), CHEAP)).seeding).toEqual({ outcome: 'kept' });
    } finally {
      db.close();
    }
  });

  it('ends every sign-in of the realm it replaces: tokens and provider sessions of the same names sign in no more', async () => {
    const dataDir = tempDir();
    /** The same user and identity names, another realm: their passwords were changed. */
    const realm = (version: number) => {
      const file = join(tempDir(), `realm-${version}.json`);
      const users = [{ UserName: 'ci@test.example', Password: `Ci-password-${version}` }];
      const identities = [
        { UserName: 'olive', Password: `Idp-password-${version}`, Email: 'ci@test.example' },
      ];
      writeFileSync(file, JSON.stringify(testCollegeRealm(users, identities)));
      return file;
    };
    const first = await startTestServer({ dataDir, config: { realmFile: realm(1) } });
    const port = Number(new URL(first.origin).port);
    const browser = new TestBrowser();
    let token: string;
    try {
      token = await login(first.api, 'ci@test.example', 'Ci-password-1');
      const page = last(await openLoginSso(browser, first.api));
      const signedIn = last(await submitSignIn(browser, page, 'olive', 'Idp-password-1'));
      expect(signedIn.status).toBe(200);
    } finally {
      await first.stop();
    }

    // The same port, so that the browser's provider cookie reaches the provider again.
    const second = await startTestServer({ dataDir, config: { realmFile: realm(2), port } });
    try {
      expect(second.app.realm?.seeding).toEqual({ outcome: 'replaced', previous: 'other' });
      expect(realmLines(second.app.realm!)[0]).toMatch(/every earlier sign-in ended/);
      expect((await getUser(second.api, token)).status).toBe(401);
      browser.forget(SESSION_COOKIE);
      const hops = await openLoginSso(browser, second.api);
      expect(last(hops).url).toContain('/idp/interaction/');
      expect(await login(second.api, 'ci@test.example', 'Ci-password-2')).toContain('.');
    } finally {
      await second.stop();
    }
  });
});
