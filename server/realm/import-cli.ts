import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config/config-error.ts';
import { loadConfig } from '../config/config.ts';
import { openDb } from '../store/db.ts';
import { RealmError, importRealm, readRealmFile } from './realm.ts';
import { realmPath, seedRealm } from './seed.ts';
import { seedingLine } from './sign-in-lines.ts';

/**
 * `npm run realm:import -- path/to/realm.json`: adds or updates a realm in DATA_DIR's database. The database first
 * holds the realm the server starts with (REALM_FILE, else the demo realm), as a start would make it, so that the
 * next start keeps what was imported.
 */
async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) {
    console.error('Usage: npm run realm:import -- <realm.json>   (imports into DATA_DIR, default .data/)');
    process.exit(2);
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const config = loadConfig(process.env, [], root);
  const realm = readRealmFile(resolve(file));
  const db = openDb(config.dataDir);
  try {
    const seeded = await seedRealm(db, realmPath(config.realmFile));
    if (seeded.seeding.outcome !== 'kept') console.log(seedingLine(seeded).trim());
    const summary = await importRealm(db, realm);
    console.log(
      `Imported ${summary.organizations} organizations, ${summary.users} users and ${summary.identities} identities into ${config.dataDir}.`,
    );
  } finally {
    db.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof RealmError || error instanceof ConfigError;
  console.error(`Import failed: ${known ? error.message : String(error)}`);
  process.exit(1);
});
