import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../contract/wire.ts';
import { runScript } from '../testing/child-server.ts';
import { DEMO, login, loginAdmin, startTestServer } from '../testing/start-server.ts';
import { openDb, type Db } from '../store/db.ts';
import { RealmError, importRealm, parseRealm, readRealmFile } from './realm.ts';

const CHEAP = { log2N: 10, r: 8, p: 1 };
const NEW_ORG = { beid: '7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a090', key: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f' };

/** A valid realm with one new organization, its admin account, and two users. */
function sampleRealm() {
  return {
    organizations: [
      {
        Name: 'Test Institute',
        BEID: NEW_ORG.beid,
        BEIDInt: 2001,
        AdminAccount: {
          WebServicesKey: NEW_ORG.key,
          Active: true,
          UserName: 'api-admin@test.example',
          FirstName: 'API',
        },
        Users: [
          {
            UserName: 'tester@test.example',
            Password: 'Test-pass-2026',
            FirstName: 'Terry',
            LastName: 'Tester',
            PrimaryEmail: 'tester@test.example',
            Applications: ['TDPeople', 'TDTickets'],
          },
          { UserName: 'second@test.example', Password: 'Test-pass-2026', Active: false },
        ],
      },
    ],
  };
}

type SampleRealm = ReturnType<typeof sampleRealm>;

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-realm-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function snapshot(db: Db) {
  return {
    organizations: db.prepare('SELECT beid, name, admin_active FROM organizations ORDER BY id').all(),
    users: db.prepare('SELECT uid, username_key, record FROM users ORDER BY uid').all(),
  };
}

/** A data directory a server has already started on, so it holds the demo realm. */
async function seededDataDir(): Promise<string> {
  const server = await startTestServer({ dataDir: tempDir() });
  await server.stop();
  return server.dataDir;
}

/** The database of a fresh seeded data directory, open for `use` and closed after. */
async function withSeededDb(use: (db: Db) => Promise<void>) {
  const db = openDb(await seededDataDir());
  try {
    await use(db);
  } finally {
    db.close();
  }
}

/** Importing `realm` is refused with a RealmError saying `message`, and the database is as it was. */
async function expectRefusedWhole(db: Db, realm: SampleRealm, message: RegExp) {
  const before = snapshot(db);
  const error: unknown = await importRealm(db, parseRealm(realm), CHEAP).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RealmError);
  expect((error as Error).message).toMatch(message);
  expect(snapshot(db)).toEqual(before);
}

const invalid: [string, (realm: SampleRealm) => unknown, RegExp][] = [
  ['not an object', () => [], /JSON object with an "organizations" array/],
  ['no organizations', () => ({ orgs: [] }), /JSON object with an "organizations" array/],
  ['organizations not an array', () => ({ organizations: {} }), /"organizations" array/],
  [
    'an organization without a name',
    (r) => ((r.organizations[0]!.Name = ' '), r),
    /organizations\[0\]\.Name is required/,
  ],
  [
    'a bad BEID',
    (r) => ((r.organizations[0]!.BEID = 'not-a-guid'), r),
    /organizations\[0\]\.BEID must be a GUID/,
  ],
  ['a BEIDInt of 0', (r) => ((r.organizations[0]!.BEIDInt = 0), r), /BEIDInt must be a positive integer/],
  [
    'a bad WebServicesKey',
    (r) => ((r.organizations[0]!.AdminAccount.WebServicesKey = '123'), r),
    /AdminAccount\.WebServicesKey must be a GUID/,
  ],
  [
    'an admin account without Active',
    (r) => (Reflect.deleteProperty(r.organizations[0]!.AdminAccount, 'Active'), r),
    /AdminAccount\.Active must be/,
  ],
  [
    'an unknown user field',
    (r) => (Object.assign(r.organizations[0]!.Users[0]!, { Nickame: 'T' }), r),
    /Users\[0\]\.Nickame is not a User field/,
  ],
  [
    'an unknown admin field',
    (r) => (Object.assign(r.organizations[0]!.AdminAccount, { Colour: 'red' }), r),
    /AdminAccount\.Colour is not a User field/,
  ],
  [
    'a field of the wrong type',
    (r) => (Object.assign(r.organizations[0]!.Users[0]!, { FirstName: 7 }), r),
    /Users\[0\]\.FirstName has the wrong type/,
  ],
  [
    'a derived field',
    (r) => (Object.assign(r.organizations[0]!.Users[0]!, { BEID: NEW_ORG.beid }), r),
    /Users\[0\]\.BEID is derived/,
  ],
  [
    'a user without UserName',
    (r) => (Reflect.deleteProperty(r.organizations[0]!.Users[1]!, 'UserName'), r),
    /Users\[1\]\.UserName is required/,
  ],
  [
    'a duplicate user, in another letter case',
    (r) => ((r.organizations[0]!.Users[1]!.UserName = 'TESTER@test.example'), r),
    /Users\[1\]\.UserName "TESTER@test.example" appears twice/,
  ],
  [
    'a user named like the admin account',
    (r) => ((r.organizations[0]!.Users[1]!.UserName = 'api-admin@test.example'), r),
    /appears twice/,
  ],
  [
    'an application that is not a system class',
    (r) => ((r.organizations[0]!.Users[0]!.Applications = ['TDPeople', 'TD Nope']), r),
    /Users\[0\]\.Applications: "TD Nope" is not an application's system class/,
  ],
  [
    'an administered application that is not a system class',
    (r) => (Object.assign(r.organizations[0]!.Users[0]!, { AdministeredApplications: [''] }), r),
    /Users\[0\]\.AdministeredApplications: "" is not an application's system class/,
  ],
  [
    'identities that are not an array',
    (r) => Object.assign(r, { identities: {} }),
    /"identities" must be an array/,
  ],
  [
    'an identity without a password',
    (r) => Object.assign(r, { identities: [{ UserName: 'sam', Email: 'sam@test.example' }] }),
    /identities\[0\]\.Password is required/,
  ],
  [
    'an identity with an unknown property',
    (r) =>
      Object.assign(r, {
        identities: [{ UserName: 'sam', Password: 'p', Email: 'sam@test.example', Sub: 'x' }],
      }),
    /identities\[0\]\.Sub is not an identity property/,
  ],
  [
    'an identity twice, in another letter case',
    (r) =>
      Object.assign(r, {
        identities: [
          { UserName: 'sam', Password: 'p', Email: 'sam@test.example' },
          { UserName: ' SAM', Password: 'q', Email: 'other@test.example' },
        ],
      }),
    /identities\[1\]\.UserName " SAM" appears twice/,
  ],
  [
    'a Password that is not text',
    (r) => (Object.assign(r.organizations[0]!.Users[0]!, { Password: 1234 }), r),
    /Users\[0\]\.Password must be string/,
  ],
  [
    'a PasswordHash the emulator did not make',
    (r) => (Object.assign(r.organizations[0]!.Users[1]!, { PasswordHash: 'md5$abc' }), r),
    /PasswordHash is not a hash/,
  ],
  [
    'a UID that is not a GUID',
    (r) => (Object.assign(r.organizations[0]!.Users[0]!, { UID: '42' }), r),
    /Users\[0\]\.UID must be a GUID/,
  ],
  [
    'Users not an array',
    (r) => (Object.assign(r.organizations[0]!, { Users: {} }), r),
    /Users must be an array/,
  ],
  [
    'a TdxEntity given as a number',
    (r) => (Object.assign(r.organizations[0]!, { TdxEntity: 2 }), r),
    /organizations\[0\]\.TdxEntity must be a string of 1 to 10 digits/,
  ],
  [
    'a TdxPartition that is not digits',
    (r) => (Object.assign(r.organizations[0]!, { TdxPartition: '18a' }), r),
    /organizations\[0\]\.TdxPartition must be a string of 1 to 10 digits/,
  ],
  [
    'an organization twice',
    (r) => (r.organizations.push({ ...r.organizations[0]!, Users: [] }), r),
    /organizations\[1\]\.BEID appears twice/,
  ],
  [
    'OrgApplications not an array',
    (r) => (Object.assign(r.organizations[0]!, { OrgApplications: {} }), r),
    /organizations\[0\]\.OrgApplications must be an array/,
  ],
  [
    'an application whose class is not a system class',
    (r) => (
      Object.assign(r.organizations[0]!, {
        OrgApplications: [{ ID: 31, Name: 'X', SystemClass: 'TD Nope' }],
      }),
      r
    ),
    /OrgApplications\[0\]\.SystemClass: "TD Nope" is not an application's system class/,
  ],
  [
    'an application with ID 0',
    (r) => (
      Object.assign(r.organizations[0]!, {
        OrgApplications: [{ ID: 0, Name: 'X', SystemClass: 'TDTickets' }],
      }),
      r
    ),
    /OrgApplications\[0\]\.ID must be a positive integer/,
  ],
  [
    'an application without a name',
    (r) => (
      Object.assign(r.organizations[0]!, {
        OrgApplications: [{ ID: 31, Name: ' ', SystemClass: 'TDTickets' }],
      }),
      r
    ),
    /OrgApplications\[0\]\.Name is required/,
  ],
  [
    'an application without a SystemClass',
    (r) => (Object.assign(r.organizations[0]!, { OrgApplications: [{ ID: 31, Name: 'X' }] }), r),
    /OrgApplications\[0\]\.SystemClass is required/,
  ],
  [
    'an unknown application property',
    (r) => (
      Object.assign(r.organizations[0]!, {
        OrgApplications: [{ ID: 31, Name: 'X', SystemClass: 'TDTickets', Colour: 'red' }],
      }),
      r
    ),
    /OrgApplications\[0\]\.Colour is not an application property/,
  ],
  [
    'two applications with one ID',
    (r) => (
      Object.assign(r.organizations[0]!, {
        OrgApplications: [
          { ID: 31, Name: 'IT Service Desk', SystemClass: 'TDTickets' },
          { ID: 31, Name: 'HR Requests', SystemClass: 'TDTickets' },
        ],
      }),
      r
    ),
    /OrgApplications: ID 31 is given to both "IT Service Desk" and "HR Requests"/,
  ],
  [
    "an application with the ID of the emulator's default for a class it names none of",
    (r) => (
      Object.assign(r.organizations[0]!, {
        OrgApplications: [{ ID: 1, Name: 'IT Service Desk', SystemClass: 'TDTickets' }],
      }),
      r
    ),
    /ID 1 is given to both "IT Service Desk" and the emulator's default TDPeople application/,
  ],
  [
    'a user name that is another but for surrounding spaces and letter case',
    (r) => ((r.organizations[0]!.Users[1]!.UserName = ' TESTER@test.example '), r),
    /Users\[1\]\.UserName " TESTER@test\.example " appears twice/,
  ],
];

describe('parseRealm', () => {
  it('accepts a valid realm', () => {
    expect(() => parseRealm(sampleRealm())).not.toThrow();
  });

  it.each(invalid)('refuses %s with a RealmError that says what is wrong', (_name, spoil, message) => {
    let error: unknown;
    try {
      parseRealm(spoil(sampleRealm()));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RealmError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('readRealmFile', () => {
  it('says where a broken file stops being JSON, however deeply it nests, with a RealmError', () => {
    const dir = mkdtempSync(join(tmpdir(), 'realm-file-'));
    try {
      const file = join(dir, 'realm.json');
      writeFileSync(file, `\uFEFF{"organizations":\n  ${'['.repeat(200_000)}`);
      expect(() => readRealmFile(file)).toThrow(
        new RealmError(
          `The realm file ${file} is not valid JSON: line 2, column 66: nested more than 64 levels deep.`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('importRealm', () => {
  it('adds an organization whose users and admin account can then sign in, beside the demo realm', async () => {
    const dataDir = await seededDataDir();
    const db = openDb(dataDir);
    expect(await importRealm(db, parseRealm(sampleRealm()), CHEAP)).toEqual({
      organizations: 1,
      users: 3,
      identities: 0,
    });
    db.close();

    const server = await startTestServer({ dataDir });
    try {
      const token = await login(server.api, 'Tester@Test.example', 'Test-pass-2026');
      const me = (await (
        await fetch(`${server.api}/auth/getuser`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as UserRecord;
      expect(me).toMatchObject({
        UserName: 'tester@test.example',
        BEID: NEW_ORG.beid,
        FullName: 'Terry Tester',
        TypeID: 1,
      });
      expect(me.Applications).toEqual(['TDPeople', 'TDTickets']);
      const admin = await loginAdmin(server.api, NEW_ORG.beid, NEW_ORG.key);
      const service = (await (
        await fetch(`${server.api}/auth/getuser`, { headers: { Authorization: `Bearer ${admin}` } })
      ).json()) as UserRecord;
      expect(service).toMatchObject({ UserName: 'api-admin@test.example', BEID: NEW_ORG.beid, TypeID: 9 });
      const inactive = await fetch(`${server.api}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'second@test.example', password: 'Test-pass-2026' }),
      });
      expect(inactive.status).toBe(403);
      expect(await login(server.api, DEMO.jdoe)).toContain('.');
    } finally {
      await server.stop();
    }
  });

  it("gives each user the organization's own applications of its classes, and the default for the others", async () => {
    await withSeededDb(async (db) => {
      const realm = sampleRealm();
      Object.assign(realm.organizations[0]!, {
        OrgApplications: [
          { ID: 40, Name: 'IT Service Desk', SystemClass: 'TDTickets', Description: 'Campus IT' },
          { ID: 41, Name: 'HR Requests', SystemClass: 'TDTickets' },
          { ID: 60, Name: 'Lab Equipment', SystemClass: 'TDAssets' },
        ],
      });
      realm.organizations[0]!.Users[0]!.Applications = ['TDTickets', 'TDPeople'];
      await importRealm(db, parseRealm(realm), CHEAP);
      const stored = db
        .prepare<[string], string>('SELECT record FROM users WHERE username_key = ?')
        .pluck()
        .get('tester@test.example')!;
      const apps = (JSON.parse(stored) as UserRecord).OrgApplications;
      expect(
        apps.map(({ ID, Name, SystemClass, Description, IsDefault }) => ({
          ID,
          Name,
          SystemClass,
          Description,
          IsDefault,
        })),
      ).toEqual([
        {
          ID: 40,
          Name: 'IT Service Desk',
          SystemClass: 'TDTickets',
          Description: 'Campus IT',
          IsDefault: true,
        },
        { ID: 41, Name: 'HR Requests', SystemClass: 'TDTickets', Description: '', IsDefault: false },
        {
          ID: 1,
          Name: 'People',
          SystemClass: 'TDPeople',
          Description: 'People and group directory',
          IsDefault: false,
        },
      ]);
    });
  });

  it('finds a user by its name however it is spelled in case and surrounding spaces, at sign-in and in tokens', async () => {
    const realm = sampleRealm();
    realm.organizations[0]!.Users[0]!.UserName = '  Tester@Test.example ';
    const dataDir = await seededDataDir();
    const db = openDb(dataDir);
    await importRealm(db, parseRealm(realm), CHEAP);
    db.close();

    const server = await startTestServer({ dataDir });
    try {
      const token = await login(server.api, 'TESTER@test.example', 'Test-pass-2026');
      const me = await fetch(`${server.api}/auth/getuser`, { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as UserRecord).BEID).toBe(NEW_ORG.beid);
    } finally {
      await server.stop();
    }
  });

  it('importing the same realm again updates in place: no duplicates, same UIDs', async () => {
    await withSeededDb(async (db) => {
      await importRealm(db, parseRealm(sampleRealm()), CHEAP);
      const once = snapshot(db);
      await importRealm(db, parseRealm(sampleRealm()), CHEAP);
      expect(snapshot(db)).toEqual(once);
    });
  });

  it('lets a re-import rename an organization admin account, which keeps its UID', async () => {
    await withSeededDb(async (db) => {
      await importRealm(db, parseRealm(sampleRealm()), CHEAP);
      const adminUid = () =>
        db.prepare('SELECT admin_uid FROM organizations WHERE beid = ?').pluck().get(NEW_ORG.beid);
      const uid = adminUid();
      const renamed = sampleRealm();
      renamed.organizations[0]!.AdminAccount.UserName = 'web-services@test.example';
      await importRealm(db, parseRealm(renamed), CHEAP);
      expect(adminUid()).toBe(uid);
      expect(db.prepare('SELECT username_key FROM users WHERE uid = ?').pluck().get(uid)).toBe(
        'web-services@test.example',
      );
    });
  });

  it('writes nothing when the realm fails part-way: the import is one transaction', async () => {
    await withSeededDb(async (db) => {
      const realm = sampleRealm();
      // The second organization's BEIDInt is Example University's: valid on paper, refused once the first is written.
      realm.organizations.push({
        ...realm.organizations[0]!,
        Name: 'Clashing College',
        BEID: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
        BEIDInt: 1001,
        AdminAccount: { ...realm.organizations[0]!.AdminAccount, UserName: 'api-admin@clash.example' },
        Users: [],
      });
      await expectRefusedWhole(db, realm, /BEIDInt 1001/);
    });
  });

  it('refuses a UID that belongs to another user instead of overwriting that user', async () => {
    await withSeededDb(async (db) => {
      const realm = sampleRealm();
      Object.assign(realm.organizations[0]!.Users[0]!, { UID: 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8' });
      await expectRefusedWhole(db, realm, /UID .* already belongs to/);
    });
  });
});

describe('the import command (npm run realm:import)', () => {
  it('imports a realm file into DATA_DIR; the server then signs its user in', async () => {
    const dataDir = await seededDataDir();
    const file = join(dataDir, 'realm.json');
    writeFileSync(file, JSON.stringify(sampleRealm()));
    const run = await runScript('server/realm/import-cli.ts', [file], { DATA_DIR: dataDir });
    expect(run.output).toContain('Imported 1 organizations, 3 users and 0 identities');
    expect(run.code).toBe(0);

    const server = await startTestServer({ dataDir });
    try {
      expect(await login(server.api, 'tester@test.example', 'Test-pass-2026')).toContain('.');
      expect(await loginAdmin(server.api, NEW_ORG.beid, NEW_ORG.key)).toContain('.');
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('reports an invalid realm file clearly, exits 1, and imports nothing', async () => {
    const dataDir = await seededDataDir();
    const db = openDb(dataDir);
    const before = snapshot(db);
    db.close();
    const bad = sampleRealm();
    bad.organizations[0]!.Users[0]!.Applications = ['TD Nope'];
    const files = { bad: join(dataDir, 'bad.json'), broken: join(dataDir, 'broken.json') };
    writeFileSync(files.bad, JSON.stringify(bad));
    writeFileSync(files.broken, '{"organizations": [');

    const refused = await runScript('server/realm/import-cli.ts', [files.bad], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      'Import failed: organizations[0].Users[0].Applications: "TD Nope" is not an application\'s system class',
    );
    const broken = await runScript('server/realm/import-cli.ts', [files.broken], { DATA_DIR: dataDir });
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(
      /Import failed: The realm file .*broken\.json is not valid JSON: line 1, column 20: expected a value, the text ends too early\./,
    );
    const usage = await runScript('server/realm/import-cli.ts', [], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage:');

    const after = openDb(dataDir);
    expect(snapshot(after)).toEqual(before);
    after.close();
  }, 30_000);
});
