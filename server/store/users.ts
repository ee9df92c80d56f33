import type { Statement } from 'better-sqlite3';
import type { UserRecord } from '../../src/lib/wire.ts';
import type { Db } from './db.ts';
import { cachedUserRow, invalidateUserCache } from './user-cache.ts';

export interface UserRow {
  uid: string;
  reference_id: number;
  org_id: number;
  username_key: string;
  password_hash: string | null;
  is_active: number;
  type_id: number;
  record: string;
}

export interface OrgRow {
  id: number;
  beid: string;
  name: string;
  admin_key_hash: Buffer;
  admin_active: number;
  admin_uid: string;
}

export function searchTextOf(record: UserRecord): string {
  return [record.UserName, record.FullName, record.PrimaryEmail, record.AlternateEmail, record.ExternalID]
    .join('\n')
    .toLowerCase();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The queries on users and organizations, prepared once. */
export class Users {
  private readonly byUsername: Statement<[string], UserRow>;
  private readonly byUid: Statement<[number, string], UserRow>;
  private readonly byUidAnyOrg: Statement<[string], UserRow>;
  private readonly byIdentity: Statement<[{ key: string }], UserRow>;
  private readonly orgByBeid: Statement<[string], OrgRow>;
  private readonly orgById: Statement<[number], OrgRow>;
  private readonly search: Statement<[number, string, number], { record: string }>;
  private readonly maxReference: Statement<[], { max: number | null }>;
  private readonly insert: Statement<[Record<string, unknown>]>;

  constructor(private readonly db: Db) {
    this.byUsername = db.prepare('SELECT * FROM users WHERE username_key = ?');
    this.byUid = db.prepare('SELECT * FROM users WHERE org_id = ? AND uid = ?');
    this.byUidAnyOrg = db.prepare('SELECT * FROM users WHERE uid = ?');
    // A user name match wins over someone else's primary e-mail; ties by reference id keep it stable. Service
    // accounts (TypeID 9) sign in with keys only: an identity provider must not hand out their power.
    this.byIdentity = db.prepare(
      `SELECT * FROM users
       WHERE type_id != 9 AND (username_key = @key OR lower(json_extract(record, '$.PrimaryEmail')) = @key)
       ORDER BY username_key = @key DESC, reference_id LIMIT 1`,
    );
    this.orgByBeid = db.prepare('SELECT * FROM organizations WHERE beid = ?');
    this.orgById = db.prepare('SELECT * FROM organizations WHERE id = ?');
    this.search = db.prepare(
      `SELECT record FROM users WHERE org_id = ? AND type_id != 9 AND search_text LIKE ? ESCAPE '\\'
       ORDER BY username_key LIMIT ?`,
    );
    this.maxReference = db.prepare('SELECT max(reference_id) AS max FROM users');
    this.insert = db.prepare(
      `INSERT INTO users (uid, reference_id, org_id, username_key, password_hash, is_active, type_id, search_text, record)
       VALUES (@uid, @referenceId, @orgId, @usernameKey, NULL, @active, @typeId, @searchText, @record)`,
    );
  }

  findByUsername(usernameKey: string): UserRow | undefined {
    return cachedUserRow(this.db, usernameKey, () => this.byUsername.get(usernameKey));
  }

  findInOrg(orgId: number, uid: string): UserRow | undefined {
    return this.byUid.get(orgId, uid);
  }

  findByUid(uid: string): UserRow | undefined {
    return this.byUidAnyOrg.get(uid);
  }

  /** The user whose UserName or PrimaryEmail is this identity value, ignoring letter case. */
  findByIdentity(value: string): UserRow | undefined {
    const key = value.trim().toLowerCase();
    return key === '' ? undefined : this.byIdentity.get({ key });
  }

  findOrgByBeid(beid: string): OrgRow | undefined {
    return this.orgByBeid.get(beid);
  }

  findOrgById(id: number): OrgRow | undefined {
    return this.orgById.get(id);
  }

  /** Records (as stored JSON text) whose name, user name, e-mail or external id contains the text. */
  lookup(orgId: number, text: string, max: number): string[] {
    return this.search.all(orgId, `%${escapeLike(text.toLowerCase())}%`, max).map((row) => row.record);
  }

  nextReferenceId(): number {
    return (this.maxReference.get()?.max ?? 0) + 1;
  }

  /** Stores a new person; throws on a duplicate user name (the caller checks first, inside one transaction). */
  insertPerson(orgId: number, record: UserRecord) {
    this.insert.run({
      uid: record.UID,
      referenceId: record.ReferenceID,
      orgId,
      usernameKey: record.UserName.toLowerCase(),
      active: record.IsActive ? 1 : 0,
      typeId: record.TypeID,
      searchText: searchTextOf(record),
      record: JSON.stringify(record),
    });
    invalidateUserCache(this.db);
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}
