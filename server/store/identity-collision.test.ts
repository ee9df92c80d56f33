import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../contract/wire.ts';
import { expectApiError } from '../testing/api-error.ts';
import { createPerson, lookupPeople, personBody, records } from '../testing/people.ts';
import { DEMO, login, loginAdmin } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { DB_FILE_NAME, openDb, type Db } from './db.ts';
import { openSqlite } from './open-sqlite.ts';
import { migrations } from './migrations.ts';
import { importRealm, RealmError, type Realm } from '../realm/realm.ts';
import { Users } from './users.ts';

const CHEAP = { log2N: 10, r: 8, p: 1 };

function org(beidInt: number, beid: string, users: Realm['organizations'][number]['Users']): Realm {
  return {
    organizations: [
      {
        Name: `Organization ${beidInt}`,
        BEID: beid,
        BEIDInt: beidInt,
        AdminAccount: {
          WebServicesKey: '5e6f7081-92a3-4b4c-9d5e-6f708192a3b4',
          Active: true,
          UserName: `api-admin-${beidInt}@example.org`,
        },
        Users: users,
      },
    ],
  };
}

describe('no two users may be the same identity under the fold rule', () => {
  const server = useTestServer();
  let db: Db;
  const userCount = () => db.prepare('SELECT count(*) FROM users').pluck().get() as number;
  beforeAll(() => {
    db = openDb(server.dataDir);
  });
  afterAll(() => db.close());

  it.each<[string, Realm['organizations'][number]['Users']]>([
    [
      'two user names that differ only by ß and SS',
      [{ UserName: 'straße@example.org' }, { UserName: 'STRASSE@example.org' }],
    ],
    [
      'a primary e-mail that is another user name in another letter case and form',
      [{ UserName: 'élodie@example.org' }, { UserName: 'elodie2', PrimaryEmail: 'ÉLODIE@example.org' }],
    ],
    [
      'two primary e-mail addresses that fold alike',
      [
        { UserName: 'kate1', PrimaryEmail: 'kate@example.org' },
        { UserName: 'kate2', PrimaryEmail: '\u212Aate@example.org' },
      ],
    ],
  ])('a realm import with %s is refused whole', async (_, users) => {
    const before = userCount();
    await expect(
      importRealm(db, org(4001, '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', users), CHEAP),
    ).rejects.toThrow(RealmError);
    await expect(
      importRealm(db, org(4001, '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', users), CHEAP),
    ).rejects.toThrow(/same identity/);
    expect(userCount()).toBe(before);
  });

  it('a realm import whose user is an existing user of another organization by e-mail is refused', async () => {
    const users = [{ UserName: 'jd', PrimaryEmail: 'JDOE@example.edu' }];
    await expect(
      importRealm(db, org(4002, '7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e', users), CHEAP),
    ).rejects.toThrow(/"jd".*"jdoe@example.edu"/);
  });

  it('re-importing a user with its own name and e-mail is no collision', async () => {
    const realm = org(4003, '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f', [
      { UserName: 'self@example.org', PrimaryEmail: 'SELF@example.org' },
    ]);
    await importRealm(db, realm, CHEAP);
    await expect(importRealm(db, realm, CHEAP)).resolves.toMatchObject({ users: 2 });
  });

  it('People create refuses a person who is an existing user under the rule (409), and stores nothing', async () => {
    const admin = await loginAdmin(server.api);
    const created = await createPerson(
      server.api,
      admin,
      personBody('fold1', { UserName: 'fold-one', PrimaryEmail: 'Straße@example.edu' }),
    );
    expect(created.status, created.text).toBe(200);
    const clash = await createPerson(
      server.api,
      admin,
      personBody('fold2', { UserName: 'fold-two', PrimaryEmail: 'STRASSE@example.edu' }),
    );
    const body = expectApiError(clash, 409, 'conflict');
    expect(body.message).toContain('fold-one');
    const byName = await createPerson(
      server.api,
      admin,
      personBody('fold3', { UserName: 'ＪＤＯＥ@example.edu', PrimaryEmail: 'other@example.edu' }),
    );
    expectApiError(byName, 409, 'conflict');
    const jdoe = await login(server.api, DEMO.jdoe);
    const found = records(await lookupPeople(server.api, jdoe, { searchText: 'Person fold' }));
    expect(found.map((person: UserRecord) => person.UserName)).toEqual(['fold-one']);
  });
});

describe('a database from before the identity rule', () => {
  it('has the names it holds folded when it is opened, so single sign-on matches them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-fold-'));
    try {
      const old = openSqlite(join(dir, DB_FILE_NAME));
      for (const migration of migrations.slice(0, 2)) old.exec(migration);
      old.pragma('user_version = 2');
      old
        .prepare(
          `INSERT INTO organizations (id, beid, name, admin_key_hash, admin_active, admin_uid)
         VALUES (1, 'b', 'Old', x'00', 1, 'admin')`,
        )
        .run();
      const insert = old.prepare(
        `INSERT INTO users (uid, reference_id, org_id, username_key, password_hash, is_active, type_id, search_text, record)
         VALUES (?, ?, 1, ?, NULL, 1, 1, '', ?)`,
      );
      insert.run(
        'u1',
        1,
        'elodie',
        JSON.stringify({ UserName: 'elodie', PrimaryEmail: 'ÉLODIE@example.org' }),
      );
      insert.run('u2', 2, 'straße', JSON.stringify({ UserName: 'Straße', PrimaryEmail: '' }));
      old.close();

      const db = openDb(dir);
      const users = new Users(db);
      expect(users.findByIdentity('élodie@example.org').map((row) => row.uid)).toEqual(['u1']);
      expect(users.findByIdentity('STRASSE').map((row) => row.uid)).toEqual(['u2']);
      expect(users.findByIdentity('')).toEqual([]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
