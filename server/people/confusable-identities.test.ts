import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRealm } from '../realm/realm.ts';
import { openDb, type Db } from '../store/db.ts';
import { ConfusableIdentities } from './confusable-identities.ts';

const NAMES = ['ann', 'bill', 'carla', 'dmitri', 'eve'].map((name) => `${name}@example.org`);

describe('finding an identity that looks like one already taken, a page of users at a time', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'confusable-'));
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

  // Six users (the admin account and five), read two at a time: the last one is on the third page.
  it.each([
    ['a user name on the first page', 'api-adm\u0456n@example.org'],
    ['a user name on the last page', '\u0435ve@example.org'],
    ['a primary e-mail on the last page', 'mail.\u0435ve@example.org'],
  ])('finds %s', (_, candidate) => {
    expect(new ConfusableIdentities(db, 2).findTaken(['someone-new@example.org', candidate])).toBe(candidate);
  });

  it('finds nothing when no page holds a lookalike, whether the last page is full or not', () => {
    for (const page of [2, 3, 4, 500]) {
      expect(new ConfusableIdentities(db, page).findTaken(['someone-new@example.org'])).toBeUndefined();
    }
  });
});
