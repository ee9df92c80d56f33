import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { ScryptCost } from '../auth/passwords.ts';
import { getMeta, setMeta, type Db } from '../store/db.ts';
import { deleteAllProviderRecords } from '../store/idp-store.ts';
import { replaceSigningKeys } from '../store/signing-keys.ts';
import { deleteAllSsoSessions } from '../store/sso-sessions.ts';
import type { KeptHashes } from './kept-hashes.ts';
import { importRealm, readRealmFile, type Realm } from './realm.ts';

/** The realm a server starts with when REALM_FILE (the bin's --realm) names none. */
export const DEMO_REALM_PATH = fileURLToPath(new URL('./demo.json', import.meta.url));

export const realmPath = (realmFile: string | null): string => realmFile ?? DEMO_REALM_PATH;

/** The demo realm's passwords and keys are published (README): the start and the provider's page may show them. */
export const isDemoRealm = (path: string): boolean => path === DEMO_REALM_PATH;

/** What a start found in its data directory, and did about the realm. */
type RealmSeeding =
  /** A new data directory: the realm was imported. */
  | { outcome: 'seeded' }
  /** The realm the database was seeded from: the database is used as it is. */
  | { outcome: 'kept' }
  /**
   * Another realm than the database's (`other`), or a database of an earlier version that does not say which
   * (`unknown`): the realm replaced its organizations, users and identities.
   */
  | { outcome: 'replaced'; previous: 'other' | 'unknown' };

export interface SeededRealm {
  path: string;
  realm: Realm;
  seeding: RealmSeeding;
}

const SEEDED = 'seeded';
const DIGEST = 'realm-digest';

/** The realm's content, whatever its file's spacing; `$schema` says where an editor looks, not what is in it. */
function realmDigest(realm: Realm): string {
  const { $schema: _schema, ...content } = realm as Realm & { $schema?: unknown };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/**
 * Imports the realm, then remembers it (and does `alsoThen`) in one transaction: all of it, or none of it. With
 * `kept`, the passwords hashed by the last import are used again, and this import's hashes are kept once it landed.
 */
async function importAndRemember(
  db: Db,
  realm: Realm,
  cost: ScryptCost | undefined,
  replace: boolean,
  kept: KeptHashes | undefined,
  alsoThen?: () => void,
) {
  const hashes = kept?.forImport(cost);
  await importRealm(db, realm, cost, { replace, hash: hashes?.hash });
  db.transaction(() => {
    alsoThen?.();
    if (!getMeta(db, SEEDED)) setMeta(db, SEEDED, new Date().toISOString());
    setMeta(db, DIGEST, realmDigest(realm));
  })();
  hashes?.done();
}

/**
 * Ends every sign-in made before: the tokens (their signing keys replaced), the embedded provider's sessions and
 * grants, and this server's single sign-on sessions. A user of the same name in a new realm is another user,
 * and a password published for the old one (the demo's) must not still sign in as them.
 */
function endEarlierSignIns(db: Db) {
  replaceSigningKeys(db);
  deleteAllProviderRecords(db);
  deleteAllSsoSessions(db);
}

/**
 * Makes the database hold the realm at `path`: a new one is seeded with it; one seeded from the same realm is
 * used as it is (users made through People create stay); one seeded from another realm, or from an unknown one,
 * is re-imported with this realm in its place, and every earlier sign-in ends. A changed realm is never ignored.
 */
export async function seedRealm(
  db: Db,
  path: string,
  cost?: ScryptCost,
  kept?: KeptHashes,
): Promise<SeededRealm> {
  const realm = readRealmFile(path);
  const seeded = getMeta(db, SEEDED) !== undefined;
  const stored = getMeta(db, DIGEST)?.toString();
  if (seeded && stored === realmDigest(realm)) return { path, realm, seeding: { outcome: 'kept' } };
  await importAndRemember(db, realm, cost, seeded, kept, seeded ? () => endEarlierSignIns(db) : undefined);
  const seeding: RealmSeeding = seeded
    ? { outcome: 'replaced', previous: stored === undefined ? 'unknown' : 'other' }
    : { outcome: 'seeded' };
  return { path, realm, seeding };
}

/**
 * Puts the database back to the realm file as it is now (the control API's reset): the realm and nothing else.
 * With `kept`, the hashes its last import made are used again for the same passwords, so an unchanged realm costs
 * no hashing.
 */
export async function reimportRealm(
  db: Db,
  path: string,
  cost?: ScryptCost,
  kept?: KeptHashes,
): Promise<void> {
  await importAndRemember(db, readRealmFile(path), cost, true, kept);
}
