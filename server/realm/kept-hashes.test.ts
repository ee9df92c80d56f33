import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.ts';
import { openDb, type Db } from '../store/db.ts';
import { KeptHashes } from './kept-hashes.ts';
import { reimportRealm, seedRealm } from './seed.ts';

const CHEAP = { log2N: 10, r: 8, p: 1 };
const dir = mkdtempSync(join(tmpdir(), 'kept-hashes-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the realm file: users by name and password, and one identity. */
function writeRealm(path: string, users: Record<string, string>, identityPassword: string) {
  writeFileSync(
    path,
    JSON.stringify({
      organizations: [
        {
          Name: 'Kept College',
          BEID: '11111111-2222-4333-8444-555555555555',
          BEIDInt: 7,
          AdminAccount: {
            UserName: 'svc@test.example',
            WebServicesKey: '66666666-7777-4888-9999-000000000000',
            Active: true,
          },
          Users: Object.entries(users).map(([UserName, Password]) => ({ UserName, Password })),
        },
      ],
      identities: [{ UserName: 'sam', Password: identityPassword, Email: 'a@test.example' }],
    }),
  );
}

const hashOf = (db: Db, name: string) =>
  db.prepare('SELECT password_hash FROM users WHERE username_key = ?').pluck().get(name) as string;
const identityHash = (db: Db) =>
  db.prepare("SELECT password_hash FROM idp_identities WHERE name_key = 'sam'").pluck().get() as string;

it('re-imports a realm with the hashes of its last import: only a changed password, or a user back, is hashed', async () => {
  const path = join(dir, 'realm.json');
  writeRealm(path, { 'a@test.example': 'Pass-a', 'b@test.example': 'Pass-b' }, 'Pass-sam');
  const db = openDb(join(dir, 'data'));
  try {
    const kept = new KeptHashes();
    await seedRealm(db, path, CHEAP, kept);
    const [a, b, sam] = [hashOf(db, 'a@test.example'), hashOf(db, 'b@test.example'), identityHash(db)];

    await reimportRealm(db, path, CHEAP, kept);
    expect([hashOf(db, 'a@test.example'), hashOf(db, 'b@test.example'), identityHash(db)]).toEqual([
      a,
      b,
      sam,
    ]);

    // b's password changed, a left the realm, the identity's password changed.
    writeRealm(path, { 'b@test.example': 'Pass-b2' }, 'Pass-sam2');
    await reimportRealm(db, path, CHEAP, kept);
    expect(hashOf(db, 'b@test.example')).not.toBe(b);
    expect(await verifyPassword('Pass-b2', hashOf(db, 'b@test.example'))).toBe(true);
    expect(await verifyPassword('Pass-sam2', identityHash(db))).toBe(true);

    // a comes back with its old password: its old hash was forgotten with the realm that had it.
    writeRealm(path, { 'a@test.example': 'Pass-a', 'b@test.example': 'Pass-b2' }, 'Pass-sam2');
    await reimportRealm(db, path, CHEAP, kept);
    expect(hashOf(db, 'a@test.example')).not.toBe(a);
    expect(await verifyPassword('Pass-a', hashOf(db, 'a@test.example'))).toBe(true);

    // Without kept hashes, every import hashes anew.
    const before = hashOf(db, 'a@test.example');
    await reimportRealm(db, path, CHEAP);
    expect(hashOf(db, 'a@test.example')).not.toBe(before);
  } finally {
    db.close();
  }
});
