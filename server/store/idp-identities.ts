import type { Statement } from 'better-sqlite3';
import type { Db } from './db.ts';

/** A person the embedded identity provider signs in, as `idp_identities` keeps them (from the realm). */
export interface IdpIdentityRow {
  /** The sign-in name as the realm wrote it: the subject (`sub`) of the provider's tokens. */
  user_name: string;
  email: string;
  name: string;
  password_hash: string;
}

/** How an identity's name is matched at the provider's sign-in: any letter case, surrounding spaces ignored. */
export function identityNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The queries on `idp_identities`, prepared once: rows keyed by the sign-in name in lower case, trimmed. */
export class IdpIdentities {
  private readonly byKey: Statement<[string], IdpIdentityRow>;
  private readonly upsert: Statement<[Record<string, string>]>;

  constructor(private readonly db: Db) {
    this.byKey = db.prepare(
      'SELECT user_name, email, name, password_hash FROM idp_identities WHERE name_key = ?',
    );
    this.upsert = db.prepare(
      `INSERT INTO idp_identities (name_key, user_name, email, name, password_hash)
       VALUES (@nameKey, @user_name, @email, @name, @password_hash)
       ON CONFLICT (name_key) DO UPDATE SET user_name = excluded.user_name, email = excluded.email,
         name = excluded.name, password_hash = excluded.password_hash`,
    );
  }

  find(nameKey: string): IdpIdentityRow | undefined {
    return this.byKey.get(nameKey);
  }

  save(nameKey: string, row: IdpIdentityRow): void {
    this.upsert.run({ nameKey, ...row });
  }

  deleteAll(): void {
    this.db.prepare('DELETE FROM idp_identities').run();
  }
}
