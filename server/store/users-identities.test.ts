import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRealm } from '../realm/realm.ts';
import { openDb, type Db } from './db.ts';
import { Users } from './users.ts';

const NAMES = ['ann', 'bill', 'carla', 'dmitri', 'eve'].map((name) => `${name}@example.org`);

describe("every user's identity, read a page at a time", () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'identities-'));
    db = openDb(dir);
    await importRealm(db, {
      organizations: [
        {
          Name: 'Example',
          BEID: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d',
          BEIDInt: 4001,
          AdminAccount: {
            WebServicesKey: '5e6f7081-92a3-4b4c-9d5e-6f708192a3b4',
            Active: true,
            UserName: 'api-admin@example.org',
          },
          Users: NAMES.map((UserName) => ({ UserName, PrimaryEmail: `mail.${UserName}` })),
        },
      ],
    });
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('yields every user once, whatever the page size, the last page full or not', () => {
    const users = new Users(db);
    const everyone = [
      { user_name: 'api-admin@example.org', email: '' },
      ...NAMES.map((name) => ({ user_name: name, email: `mail.${name}` })),
    ];
    // Six users: pages of 2 and 3 end full (one more, empty read), pages of 4 and 500 end short.
    for (const page of [1, 2, 3, 4, 500]) {
      expect([...users.identities(page)], `pages of ${page}`).toEqual(everyone);
    }
    expect([...users.identities()]).toEqual(everyone);
  });

  it('reads the next page only when the caller asks for more (run last: it deletes every user)', () => {
    const identities = new Users(db).identities(2);
    expect(identities.next().value).toEqual({ user_name: 'api-admin@example.org', email: '' });
    db.exec('DELETE FROM users');
    // The first page was read before the delete, the second is read after it: nothing.
    expect([...identities]).toEqual([{ user_name: NAMES[0], email: `mail.${NAMES[0]}` }]);
  });
});
