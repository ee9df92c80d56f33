import { verifyPassword } from '../auth/passwords.ts';
import { identityNameKey, type IdpIdentities, type IdpIdentityRow } from '../store/idp-identities.ts';

/** A person the embedded provider can sign in, and what it tells relying parties about them. */
export interface Identity {
  /** The subject (`sub`) and sign-in name. */
  id: string;
  email: string;
  name: string;
}

const identityOf = (row: IdpIdentityRow): Identity => ({
  id: row.user_name,
  email: row.email,
  name: row.name,
});

/** The realm's identities (its `identities`, imported into the database with it). */
export class Identities {
  constructor(
    private readonly rows: IdpIdentities,
    /** Verified when no identity has the name, so that the time taken does not tell whether one does. */
    private readonly dummyPasswordHash: string,
  ) {}

  find(id: string): Identity | undefined {
    const row = this.rows.find(identityNameKey(id));
    return row && identityOf(row);
  }

  /** The identity for a sign-in name (any letter case) and password, or undefined. */
  async check(name: string, password: string): Promise<Identity | undefined> {
    const row = this.rows.find(identityNameKey(name));
    const matches = await verifyPassword(password, row?.password_hash ?? this.dummyPasswordHash);
    return row && matches ? identityOf(row) : undefined;
  }
}
