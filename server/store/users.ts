import type { Statement } from 'better-sqlite3';
import { SERVICE_ACCOUNT_TYPE_ID, type UserRecord } from '../../contract/wire.ts';
import type { Db } from './db.ts';
import { foldIdentity } from './identity-fold.ts';
import type { OrgRow, UserRow } from './rows.ts';
import { cachedUserRow, invalidateUserCache } from './user-cache.ts';
import { userNameKey } from './user-name-key.ts';

/** A user's names under the identity rule (`foldIdentity`): what single sign-on matches and no two users share. */
export interface IdentityKeys {
  nameFold: string;
  emailFold: string;
}

export function identityKeysOf(record: Pick<UserRecord, 'UserName' | 'PrimaryEmail'>): IdentityKeys {
  return { nameFold: foldIdentity(record.UserName), emailFold: foldIdentity(record.PrimaryEmail) };
}

/** The UserName of a user's record, as it was written (the row's key is folded). */
export function userNameOf(user: UserRow): string {
  return (JSON.parse(user.record) as { UserName: string }).UserName;
}

function searchTextOf(record: UserRecord): string {
  return [record.UserName, record.FullName, record.PrimaryEmail, record.AlternateEmail, record.ExternalID]
    .join('\n')
    .toLowerCase();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A user's UserName and PrimaryEmail, as the confusable-identity check reads them. */
interface IdentityRow {
  user_name: string | null;
  email: string | null;
}

/** Users read per query by `identities`. */
const IDENTITY_PAGE = 500;

/** The queries on users and organizations, prepared once. */
export class Users {
  private readonly byUsername: Statement<[string], UserRow>;
  private readonly byUid: Statement<[number, string], UserRow>;
  private readonly byUidAnyOrg: Statement<[string], UserRow>;
  private readonly byIdentity: Statement<[{ key: string }], UserRow>;
  private readonly identityOwner: Statement<[{ uid: string; name: string; email: string }], string>;
  private readonly orgByBeid: Statement<[string], OrgRow>;
  private readonly orgById: Statement<[number], OrgRow>;
  private readonly search: Statement<[number, string, number], { record: string }>;
  private readonly maxReference: Statement<[], { max: number | null }>;
  private readonly write: Statement<[Record<string, unknown>]>;
  private readonly identityPage: Statement<[number, number], IdentityRow & { rowid: number }>;
  private readonly uidOwner: Statement<[string], string>;

  constructor(private readonly db: Db) {
    this.byUsername = db.prepare('SELECT * FROM users WHERE username_key = ?');
    this.byUid = db.prepare('SELECT * FROM users WHERE org_id = ? AND uid = ?');
    this.byUidAnyOrg = db.prepare('SELECT * FROM users WHERE uid = ?');
    // Two rows are enough to tell one match from several. Service accounts sign in with keys only: an identity
    // provider must not hand out their power.
    this.byIdentity = db.prepare(
      `SELECT * FROM users WHERE type_id != ${SERVICE_ACCOUNT_TYPE_ID} AND (name_fold = @key OR email_fold = @key)
       ORDER BY reference_id LIMIT 2`,
    );
    this.identityOwner = db
      .prepare<[{ uid: string; name: string; email: string }], string>(
        `SELECT json_extract(record, '$.UserName') FROM users
         WHERE uid != @uid AND (name_fold IN (@name, @email) OR (email_fold != '' AND email_fold IN (@name, @email)))
         ORDER BY reference_id LIMIT 1`,
      )
      .pluck();
    this.orgByBeid = db.prepare('SELECT * FROM organizations WHERE beid = ?');
    this.orgById = db.prepare('SELECT * FROM organizations WHERE id = ?');
    this.search = db.prepare(
      `SELECT record FROM users
       WHERE org_id = ? AND type_id != ${SERVICE_ACCOUNT_TYPE_ID} AND search_text LIKE ? ESCAPE '\\'
       ORDER BY username_key LIMIT ?`,
    );
    this.maxReference = db.prepare('SELECT max(reference_id) AS max FROM users');
    this.identityPage = db.prepare(
      `SELECT rowid, json_extract(record, '$.UserName') AS user_name, json_extract(record, '$.PrimaryEmail') AS email
       FROM users WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
    this.uidOwner = db.prepare<[string], string>('SELECT username_key FROM users WHERE uid = ?').pluck();
    this.write = db.prepare(
      `INSERT INTO users (uid, reference_id, org_id, username_key, password_hash, is_active, type_id, search_text,
         name_fold, email_fold, record)
       VALUES (@uid, @referenceId, @orgId, @usernameKey, @passwordHash, @active, @typeId, @searchText, @nameFold,
         @emailFold, @record)
       ON CONFLICT(uid) DO UPDATE SET org_id = excluded.org_id, username_key = excluded.username_key,
         password_hash = excluded.password_hash, is_active = excluded.is_active, type_id = excluded.type_id,
         search_text = excluded.search_text, name_fold = excluded.name_fold, email_fold = excluded.email_fold,
         record = excluded.record`,
    );
  }

  /** The user with this user name, however it is spelled in case and surrounding spaces (`userNameKey`). */
  findByUsername(userName: string): UserRow | undefined {
    const key = userNameKey(userName);
    return cachedUserRow(this.db, key, () => this.byUsername.get(key));
  }

  findInOrg(orgId: number, uid: string): UserRow | undefined {
    return this.byUid.get(orgId, uid);
  }

  findByUid(uid: string): UserRow | undefined {
    return this.byUidAnyOrg.get(uid);
  }

  /**
   * The users (at most two: enough to see that a match is ambiguous) whose UserName or PrimaryEmail is this
   * identity value under the identity rule.
   */
  findByIdentity(value: string): UserRow[] {
    const key = foldIdentity(value);
    return key === '' ? [] : this.byIdentity.all({ key });
  }

  /**
   * The user name of another user (any but `uid`) who shares one of these identity keys, so that single sign-on
   * could not tell the two apart; undefined when there is none.
   */
  identityClash(uid: string, keys: IdentityKeys): string | undefined {
    return this.identityOwner.get({ uid, name: keys.nameFold, email: keys.emailFold });
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

  /**
   * Writes a user: a new row, or the one with the record's UID. Throws on a user name that another UID holds (the
   * callers check first, inside one transaction).
   */
  saveUser(orgId: number, record: UserRecord, passwordHash: string | null) {
    this.write.run({
      uid: record.UID,
      referenceId: record.ReferenceID,
      orgId,
      usernameKey: userNameKey(record.UserName),
      passwordHash,
      active: record.IsActive ? 1 : 0,
      typeId: record.TypeID,
      searchText: searchTextOf(record),
      ...identityKeysOf(record),
      record: JSON.stringify(record),
    });
    invalidateUserCache(this.db);
  }

  /**
   * Makes a user active or not, in its row and its record; an organization's admin service account is its
   * organization's `admin_active` too, which `loginadmin` reads.
   */
  setActive(user: UserRow, active: boolean) {
    const record = { ...(JSON.parse(user.record) as UserRecord), IsActive: active };
    this.transaction(() => {
      this.db
        .prepare('UPDATE users SET is_active = ?, record = ? WHERE uid = ?')
        .run(active ? 1 : 0, JSON.stringify(record), user.uid);
      this.db
        .prepare('UPDATE organizations SET admin_active = ? WHERE id = ? AND admin_uid = ?')
        .run(active ? 1 : 0, user.org_id, user.uid);
    });
    invalidateUserCache(this.db);
  }

  /**
   * Every user's UserName and PrimaryEmail, in any organization, read `page` rows at a time: a caller that stops
   * early reads no further page. Not better-sqlite3's `iterate`, whose iterator object open-sqlite.ts refuses.
   */
  *identities(page = IDENTITY_PAGE): Generator<IdentityRow> {
    for (let after = Number.MIN_SAFE_INTEGER; ;) {
      const rows = this.identityPage.all(after, page);
      for (const { user_name, email } of rows) yield { user_name, email };
      if (rows.length < page) return;
      after = rows[rows.length - 1]!.rowid;
    }
  }

  /** The user name key (`userNameKey`) of the user with this UID, or undefined. */
  userNameKeyOf(uid: string): string | undefined {
    return this.uidOwner.get(uid);
  }

  /**
   * Adds an organization, or updates the one with its BEID (its name, admin key, whether its admin account is
   * active and its token claims; its id and admin UID stay as they were).
   */
  saveOrganization(org: Omit<OrgRow, 'admin_active'> & { admin_active: boolean }) {
    this.db
      .prepare(
        `INSERT INTO organizations (id, beid, name, admin_key_hash, admin_active, admin_uid, tdx_entity, tdx_partition)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(beid) DO UPDATE SET name = excluded.name, admin_key_hash = excluded.admin_key_hash,
           admin_active = excluded.admin_active, tdx_entity = excluded.tdx_entity,
           tdx_partition = excluded.tdx_partition`,
      )
      .run(
        org.id,
        org.beid,
        org.name,
        org.admin_key_hash,
        org.admin_active ? 1 : 0,
        org.admin_uid,
        org.tdx_entity,
        org.tdx_partition,
      );
  }

  /** Removes every organization and user, and the single sign-on sessions that name them. */
  deleteAll() {
    this.db.exec('DELETE FROM sso_sessions; DELETE FROM users; DELETE FROM organizations;');
    invalidateUserCache(this.db);
  }

  /** Replaces an organization's WebServicesKey (stored as its digest): the old one is refused from now on. */
  setAdminKeyHash(orgId: number, hash: Buffer) {
    this.db.prepare('UPDATE organizations SET admin_key_hash = ? WHERE id = ?').run(hash, orgId);
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}
