/**
 * The realm room: realm files, the organizations, admin accounts, users and single sign-on identities a data
 * directory is seeded with. It owns reading and checking them (what realm.schema.json says, made by
 * realm-schema.ts from the tables here, and what a schema cannot say), importing them in one transaction, which
 * realm a data directory holds (seed.ts), the demo realm (demo.json) and `npm run realm:import` (import-cli.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isGuid } from '../../contract/is-guid.ts';
import { findJsonSyntaxError } from '../../contract/json-syntax.ts';
import { SERVICE_ACCOUNT_TYPE_ID, type UserRecord } from '../../contract/wire.ts';
import { hashAdminKey } from '../auth/admin-keys.ts';
import { hashPassword, isPasswordHash, type ScryptCost } from '../auth/passwords.ts';
import type { PasswordHasher } from './kept-hashes.ts';
import {
  orgApplicationsFor,
  organizationApplications,
  type ApplicationEntry,
} from '../store/applications.ts';
import type { Db } from '../store/db.ts';
import { IdpIdentities, identityNameKey } from '../store/idp-identities.ts';
import { buildUserRecord } from '../../contract/user-record.ts';
import { invalidateUserCache } from '../store/user-cache.ts';
import { userNameKey } from '../store/user-name-key.ts';
import { Users, identityKeysOf } from '../store/users.ts';

/**
 * A realm file: organizations, each with its admin service account and its users. User entries take any
 * User-record field by its wire name, plus `Password` (or a ready `PasswordHash`), `Active` and
 * `AdministeredApplications`.
 */
interface RealmUser extends Partial<UserRecord> {
  UserName: string;
  Password?: string;
  PasswordHash?: string;
  Active?: boolean;
  AdministeredApplications?: string[];
}

interface RealmAdminAccount extends Partial<UserRecord> {
  WebServicesKey: string;
  Active: boolean;
  UserName: string;
  AdministeredApplications?: string[];
}

interface RealmOrganization {
  Name: string;
  BEID: string;
  BEIDInt: number;
  /** The digits of its tokens' `tdx_entity` claim; by default its BEIDInt. */
  TdxEntity?: string;
  /** The digits of its tokens' `tdx_partition` claim; by default "1". */
  TdxPartition?: string;
  /** The organization's own applications; each system class it names none of gets the emulator's default. */
  OrgApplications?: ApplicationEntry[];
  AdminAccount: RealmAdminAccount;
  Users: RealmUser[];
}

/** A person the embedded identity provider can sign in (server/idp), and the claims it gives about them. */
export interface RealmIdentity {
  UserName: string;
  Password: string;
  Email: string;
  Name?: string;
}

export interface Realm {
  organizations: RealmOrganization[];
  identities?: RealmIdentity[];
}

export class RealmError extends Error {}

/** A complete User record: which fields a realm may give, and each one's type. */
export const SAMPLE = buildUserRecord({
  UID: '',
  ReferenceID: 0,
  BEID: '',
  BEIDInt: 0,
  UserName: '',
  TypeID: 1,
});
export const NULLABLE: ReadonlySet<string> = new Set([
  'PrimaryClientPortalApplicationID',
  'AuthenticationProviderID',
]);
export const DERIVED: ReadonlySet<string> = new Set([
  'BEID',
  'BEIDInt',
  'ReferenceID',
  'IsActive',
  'OrgApplications',
]);
type FieldKind = 'string' | 'boolean' | 'string[]';

/** The fields a realm's users (or its admin accounts) take besides the User record's, and what each means. */
export const EXTRA_FIELDS: Record<string, { kind: FieldKind; description: string }> = {
  Password: {
    kind: 'string',
    description:
      'The password to sign in with (auth, auth/login), hashed at import. A user without Password or ' +
      'PasswordHash signs in through single sign-on only: a password sign-in is refused as a wrong password.',
  },
  PasswordHash: {
    kind: 'string',
    description:
      'Instead of Password: a hash this emulator made (scrypt$…), e.g. by `auth-console-emulator ' +
      'hash-password`, which reads the password on standard input; the realm file then holds no password.',
  },
  Active: {
    kind: 'boolean',
    description:
      'Whether the account may sign in: an inactive user’s sign-ins are refused with 403 and its tokens with 401; ' +
      'an inactive admin service account’s loginadmin is refused. Users: true when left out.',
  },
  AdministeredApplications: {
    kind: 'string[]',
    description:
      'The system classes of the Applications the account administers (IsAdministrator in OrgApplications).',
  },
  WebServicesKey: {
    kind: 'string',
    description:
      'The organization’s web services key (a GUID), the secret of auth/loginadmin with the BEID. Stored as a ' +
      'digest only.',
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string') ? 'string[]' : 'array';
  return typeof value;
}

function checkUserFields(entry: Record<string, unknown>, where: string, allowed: ReadonlySet<string>) {
  for (const [key, value] of Object.entries(entry)) {
    const extra = allowed.has(key) ? EXTRA_FIELDS[key]?.kind : undefined;
    if (extra) {
      if (kindOf(value) !== extra) throw new RealmError(`${where}.${key} must be ${extra}.`);
      continue;
    }
    if (DERIVED.has(key)) throw new RealmError(`${where}.${key} is derived by the emulator; leave it out.`);
    if (!(key in SAMPLE)) throw new RealmError(`${where}.${key} is not a User field.`);
    const expected = SAMPLE[key as keyof UserRecord];
    if (value === null && NULLABLE.has(key)) continue;
    const ok = Array.isArray(expected)
      ? Array.isArray(value) &&
        (key === 'Attributes'
          ? value.every(isRecord)
          : key === 'GroupIDs'
            ? value.every(Number.isInteger)
            : kindOf(value) === 'string[]')
      : NULLABLE.has(key)
        ? typeof value === 'number'
        : typeof value === typeof expected;
    if (!ok) throw new RealmError(`${where}.${key} has the wrong type.`);
  }
  if (typeof entry.UserName !== 'string' || entry.UserName.trim() === '') {
    throw new RealmError(`${where}.UserName is required.`);
  }
  if (entry.UID !== undefined && (typeof entry.UID !== 'string' || !isGuid(entry.UID))) {
    throw new RealmError(`${where}.UID must be a GUID.`);
  }
  for (const key of ['Applications', 'AdministeredApplications']) {
    for (const app of (entry[key] as string[] | undefined) ?? []) {
      if (!SYSTEM_CLASS.test(app)) {
        throw new RealmError(`${where}.${key}: "${app}" ${NOT_A_SYSTEM_CLASS}`);
      }
    }
  }
}

/** An application's system class as the real service names them: TDPeople, TDTickets, TDProjects, … */
export const SYSTEM_CLASS = /^[A-Za-z][A-Za-z0-9]*$/;
const NOT_A_SYSTEM_CLASS = "is not an application's system class (letters and digits, e.g. TDProjects).";

export const USER_EXTRAS: ReadonlySet<string> = new Set([
  'Password',
  'PasswordHash',
  'Active',
  'AdministeredApplications',
]);
export const ADMIN_EXTRAS: ReadonlySet<string> = new Set([
  'WebServicesKey',
  'Active',
  'AdministeredApplications',
]);

const REALM_KEYS: ReadonlySet<string> = new Set(['$schema', 'organizations', 'identities']);

/** An organization's properties, all required, and what each means. */
export const ORGANIZATION_FIELDS: Record<string, string> = {
  Name: 'The organization’s name.',
  BEID: 'The organization’s GUID: the BEID of auth/loginadmin and of every user record in it. Unique in the realm.',
  BEIDInt: 'The organization’s integer ID (1 or more), as user records carry it (BEIDInt).',
  AdminAccount:
    'The organization’s admin service account (TypeID 9): the user auth/loginadmin signs in as, with the BEID ' +
    'and its WebServicesKey.',
  Users:
    'The organization’s users: any User-record field by its wire name (except the derived ones), plus ' +
    'Password (or PasswordHash), Active and AdministeredApplications.',
};
const ORGANIZATION_KEYS: readonly string[] = Object.keys(ORGANIZATION_FIELDS);
/** An organization's optional properties: what its tokens' `tdx_entity` and `tdx_partition` claims hold. */
export const TOKEN_CLAIM_KEYS: readonly string[] = ['TdxEntity', 'TdxPartition'];
/** What those claims hold: a string of digits, as in the real service's tokens ("2", "18"). */
export const CLAIM_DIGITS = '^[0-9]{1,10}$';
/** An organization's optional properties, and what each means. */
export const OPTIONAL_ORGANIZATION_FIELDS: Record<string, string> = {
  OrgApplications:
    'The organization’s own applications (several of one system class allowed): a user’s OrgApplications lists ' +
    'those of each class its Applications names; a class named none of gets the emulator’s default (People 1, IT ' +
    'Tickets 2, Admin 3, Assets/CIs 4, Client Portal 5), any other class one named after it.',
  TdxEntity: 'The digits of the tdx_entity claim of its users’ tokens. Default: its BEIDInt.',
  TdxPartition: 'The digits of the tdx_partition claim of its users’ tokens. Default: "1".',
};
const OPTIONAL_ORGANIZATION_KEYS: readonly string[] = Object.keys(OPTIONAL_ORGANIZATION_FIELDS);
/** An entry of an organization's `OrgApplications`: its properties and what each means, and which it must have. */
export const APPLICATION_FIELDS: Record<string, string> = {
  ID: 'The application’s ID (1 or more; {appId} in the Web API’s paths), unique in the organization.',
  Name: 'The application’s name, as users see it (e.g. IT Service Desk).',
  SystemClass: 'The application’s system class (TDTickets, TDAssets, TDProjects, …).',
  Description: 'What the application is for.',
};
const APPLICATION_KEYS: readonly string[] = Object.keys(APPLICATION_FIELDS);
export const REQUIRED_APPLICATION_KEYS: readonly string[] = ['ID', 'Name', 'SystemClass'];

/** An identity's properties and what each means; all but Name are required. */
export const IDENTITY_FIELDS: Record<keyof RealmIdentity, string> = {
  UserName:
    'The name to sign in with at the embedded identity provider (any letter case), and its subject (sub). ' +
    'Unique among the identities.',
  Password: 'The password to sign in with at the embedded identity provider; hashed at import.',
  Email:
    'The e-mail claim the provider gives (with email_verified true). Single sign-on signs in the realm user ' +
    'whose UserName or PrimaryEmail is this address; none: the sign-in is refused.',
  Name: 'The name claim the provider gives; the UserName when left out.',
};
export const IDENTITY_REQUIRED: string[] = ['UserName', 'Password', 'Email'];

function checkIdentities(identities: unknown) {
  if (identities === undefined) return;
  if (!Array.isArray(identities)) throw new RealmError('"identities" must be an array.');
  const seen = new Set<string>();
  identities.forEach((identity, i) => {
    const where = `identities[${i}]`;
    if (!isRecord(identity)) throw new RealmError(`${where} must be an object.`);
    for (const [key, value] of Object.entries(identity)) {
      if (!Object.hasOwn(IDENTITY_FIELDS, key)) {
        throw new RealmError(
          `${where}.${key} is not an identity property (${Object.keys(IDENTITY_FIELDS).join(', ')}).`,
        );
      }
      if (typeof value !== 'string') throw new RealmError(`${where}.${key} must be string.`);
    }
    for (const key of IDENTITY_REQUIRED) {
      if (typeof identity[key] !== 'string' || identity[key].trim() === '') {
        throw new RealmError(`${where}.${key} is required.`);
      }
    }
    const key = identityNameKey(identity.UserName as string);
    if (seen.has(key))
      throw new RealmError(`${where}.UserName "${String(identity.UserName)}" appears twice.`);
    seen.add(key);
  });
}

/** An organization's `OrgApplications`, checked: each entry's properties, and no ID given to two applications. */
function checkApplications(value: unknown, where: string) {
  if (value === undefined) return;
  if (!Array.isArray(value)) throw new RealmError(`${where} must be an array.`);
  value.forEach((app, k) => {
    const at = `${where}[${k}]`;
    if (!isRecord(app)) throw new RealmError(`${at} must be an object.`);
    for (const key of Object.keys(app)) {
      if (!APPLICATION_KEYS.includes(key))
        throw new RealmError(`${at}.${key} is not an application property (${APPLICATION_KEYS.join(', ')}).`);
    }
    const missing = REQUIRED_APPLICATION_KEYS.find((key) => !Object.hasOwn(app, key));
    if (missing !== undefined) throw new RealmError(`${at}.${missing} is required.`);
    if (!Number.isInteger(app.ID) || (app.ID as number) < 1)
      throw new RealmError(`${at}.ID must be a positive integer.`);
    if (typeof app.Name !== 'string' || app.Name.trim() === '')
      throw new RealmError(`${at}.Name is required.`);
    if (typeof app.SystemClass !== 'string' || !SYSTEM_CLASS.test(app.SystemClass)) {
      throw new RealmError(`${at}.SystemClass: "${String(app.SystemClass)}" ${NOT_A_SYSTEM_CLASS}`);
    }
    if (app.Description !== undefined && typeof app.Description !== 'string')
      throw new RealmError(`${at}.Description must be string.`);
  });
  const own = new Set<unknown>(value);
  const seen = new Map<number, string>();
  for (const app of organizationApplications(value as ApplicationEntry[])) {
    const name = own.has(app) ? `"${app.Name}"` : `the emulator's default ${app.SystemClass} application`;
    const other = seen.get(app.ID);
    if (other !== undefined)
      throw new RealmError(`${where}: ID ${app.ID} is given to both ${other} and ${name}.`);
    seen.set(app.ID, name);
  }
}

/**
 * Checks a parsed realm file and says exactly what is wrong with it: what realm.schema.json says (made from the
 * same tables, see realm-schema.ts), and what a schema cannot say (names given twice, password hashes).
 */
export function parseRealm(input: unknown): Realm {
  if (!isRecord(input) || !Array.isArray(input.organizations)) {
    throw new RealmError('A realm file is a JSON object with an "organizations" array.');
  }
  for (const key of Object.keys(input)) {
    if (!REALM_KEYS.has(key))
      throw new RealmError(`"${key}" is not a realm property (only $schema, organizations and identities).`);
  }
  checkIdentities(input.identities);
  const seenBeids = new Set<string>();
  const seenUsers = new Set<string>();
  input.organizations.forEach((org, i) => {
    const where = `organizations[${i}]`;
    if (!isRecord(org)) throw new RealmError(`${where} must be an object.`);
    const keys = [...ORGANIZATION_KEYS, ...OPTIONAL_ORGANIZATION_KEYS];
    for (const key of Object.keys(org)) {
      if (!keys.includes(key))
        throw new RealmError(`${where}.${key} is not an organization property (${keys.join(', ')}).`);
    }
    for (const key of TOKEN_CLAIM_KEYS) {
      const value = org[key];
      if (value !== undefined && (typeof value !== 'string' || !new RegExp(CLAIM_DIGITS).test(value))) {
        throw new RealmError(`${where}.${key} must be a string of 1 to 10 digits, such as "2".`);
      }
    }
    if (typeof org.Name !== 'string' || org.Name.trim() === '')
      throw new RealmError(`${where}.Name is required.`);
    if (typeof org.BEID !== 'string' || !isGuid(org.BEID))
      throw new RealmError(`${where}.BEID must be a GUID.`);
    if (!Number.isInteger(org.BEIDInt) || (org.BEIDInt as number) < 1) {
      throw new RealmError(`${where}.BEIDInt must be a positive integer.`);
    }
    if (seenBeids.has(org.BEID.toLowerCase())) throw new RealmError(`${where}.BEID appears twice.`);
    seenBeids.add(org.BEID.toLowerCase());
    checkApplications(org.OrgApplications, `${where}.OrgApplications`);
    const admin = org.AdminAccount;
    if (!isRecord(admin)) throw new RealmError(`${where}.AdminAccount is required.`);
    checkUserFields(admin, `${where}.AdminAccount`, ADMIN_EXTRAS);
    if (typeof admin.WebServicesKey !== 'string' || !isGuid(admin.WebServicesKey)) {
      throw new RealmError(`${where}.AdminAccount.WebServicesKey must be a GUID.`);
    }
    if (typeof admin.Active !== 'boolean')
      throw new RealmError(`${where}.AdminAccount.Active must be true or false.`);
    if (!Array.isArray(org.Users)) throw new RealmError(`${where}.Users must be an array.`);
    for (const [j, user] of [admin, ...(org.Users as unknown[])].entries()) {
      const userWhere = j === 0 ? `${where}.AdminAccount` : `${where}.Users[${j - 1}]`;
      if (!isRecord(user)) throw new RealmError(`${userWhere} must be an object.`);
      if (j > 0) checkUserFields(user, userWhere, USER_EXTRAS);
      const key = userNameKey(String(user.UserName));
      if (seenUsers.has(key))
        throw new RealmError(`${userWhere}.UserName "${String(user.UserName)}" appears twice.`);
      seenUsers.add(key);
      if (typeof user.PasswordHash === 'string' && !isPasswordHash(user.PasswordHash)) {
        throw new RealmError(`${userWhere}.PasswordHash is not a hash this emulator made.`);
      }
    }
  });
  return input as unknown as Realm;
}

/** Far deeper than any realm nests (a user's Attributes are the deepest): where a broken text is read no further. */
const REALM_MAX_DEPTH = 64;

export function readRealmFile(path: string): Realm {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new RealmError(`Cannot read the realm file ${path}.`);
  }
  // An editor may start the file with a byte order mark, which JSON.parse does not take.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const where = findJsonSyntaxError(text, REALM_MAX_DEPTH);
    throw new RealmError(
      where
        ? `The realm file ${path} is not valid JSON: line ${where.line}, column ${where.column}: ${where.reason}.`
        : `The realm file ${path} is not valid JSON.`,
    );
  }
  return parseRealm(json);
}

export interface ImportSummary {
  organizations: number;
  users: number;
  identities: number;
}

export interface ImportOptions {
  /**
   * Removes every organization, user, identity and SSO session first (in the same transaction): the realm and
   * nothing else.
   */
  replace?: boolean;
  /** Hashes each password (given who it is for); by default a new scrypt hash at `cost` each time. */
  hash?: PasswordHasher;
}

/**
 * Adds or updates the realm's organizations and users (matched by BEID and user name), all in one transaction:
 * a realm either lands whole or not at all. Passwords are hashed first, outside the transaction.
 */
export async function importRealm(
  db: Db,
  realm: Realm,
  cost?: ScryptCost,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const hash = options.hash ?? ((_who: string, password: string) => hashPassword(password, cost));
  const hashes = new Map<RealmUser, string | null>();
  for (const org of realm.organizations) {
    for (const user of org.Users) {
      const who = `user ${userNameKey(user.UserName)}`;
      hashes.set(user, user.PasswordHash ?? (user.Password ? await hash(who, user.Password) : null));
    }
  }
  const identities = await Promise.all(
    (realm.identities ?? []).map(async (identity) => {
      const key = identityNameKey(identity.UserName);
      return {
        key,
        row: {
          user_name: identity.UserName.trim(),
          email: identity.Email.trim(),
          name: identity.Name ?? identity.UserName.trim(),
          password_hash: await hash(`identity ${key}`, identity.Password),
        },
      };
    }),
  );
  const users = new Users(db);
  const identityRows = new IdpIdentities(db);
  let userCount = 0;
  try {
    db.transaction(() => {
      if (options.replace) {
        users.deleteAll();
        identityRows.deleteAll();
      }
      for (const { key, row } of identities) identityRows.save(key, row);
      for (const org of realm.organizations) {
        const beid = org.BEID.toLowerCase();
        const existingOrg = users.findOrgByBeid(beid);
        const clash = existingOrg ? undefined : users.findOrgById(org.BEIDInt);
        if (clash) {
          throw new RealmError(
            `Organization "${org.Name}": BEIDInt ${org.BEIDInt} is already used by "${clash.name}".`,
          );
        }
        const adminUid = (existingOrg?.admin_uid ?? org.AdminAccount.UID ?? randomUUID()).toLowerCase();
        users.saveOrganization({
          id: org.BEIDInt,
          beid,
          name: org.Name,
          admin_key_hash: hashAdminKey(org.AdminAccount.WebServicesKey),
          admin_active: org.AdminAccount.Active,
          admin_uid: adminUid,
          tdx_entity: org.TdxEntity ?? null,
          tdx_partition: org.TdxPartition ?? null,
        });
        const orgId = users.findOrgByBeid(beid)!.id;
        const orgApplications = organizationApplications(org.OrgApplications ?? []);
        const { WebServicesKey: _key, Active: adminActive, ...adminFields } = org.AdminAccount;
        const entries: {
          fields: RealmUser;
          active: boolean;
          typeId: number;
          hash: string | null;
          uid?: string;
        }[] = [
          {
            fields: adminFields,
            active: adminActive,
            typeId: SERVICE_ACCOUNT_TYPE_ID,
            hash: null,
            uid: adminUid,
          },
          ...org.Users.map((user) => ({
            fields: user,
            active: user.Active ?? true,
            typeId: user.TypeID ?? 1,
            hash: hashes.get(user) ?? null,
          })),
        ];
        for (const entry of entries) {
          const {
            Password: _p,
            PasswordHash: _h,
            Active: _a,
            AdministeredApplications,
            ...fields
          } = entry.fields;
          const usernameKey = userNameKey(fields.UserName);
          const existing = users.findByUsername(usernameKey);
          if (existing && existing.org_id !== orgId) {
            throw new RealmError(`User "${fields.UserName}" already belongs to another organization.`);
          }
          const uid = (existing?.uid ?? entry.uid ?? fields.UID ?? randomUUID()).toLowerCase();
          const owner = users.userNameKeyOf(uid);
          // Users are matched by user name, so a UID already taken by another name is a clash; only an
          // organization's admin account keeps its UID when renamed.
          const renamedAdmin = entry.uid !== undefined && entry.uid === existingOrg?.admin_uid;
          if (owner !== undefined && owner !== usernameKey && !renamedAdmin) {
            throw new RealmError(`User "${fields.UserName}": UID ${uid} already belongs to "${owner}".`);
          }
          const referenceId = existing?.reference_id ?? users.nextReferenceId();
          const applications = fields.Applications ?? [];
          const record = buildUserRecord({
            ...fields,
            UID: uid,
            ReferenceID: referenceId,
            BEID: beid,
            BEIDInt: orgId,
            IsActive: entry.active,
            TypeID: entry.typeId as UserRecord['TypeID'],
            OrgApplications: orgApplicationsFor(
              orgApplications,
              applications,
              AdministeredApplications ?? [],
              {
                id: fields.SecurityRoleID ?? '00000000-0000-0000-0000-000000000000',
                name: fields.SecurityRoleName ?? '',
              },
            ),
          });
          const keys = identityKeysOf(record);
          const twin = users.identityClash(uid, keys);
          if (twin !== undefined) {
            throw new RealmError(
              `User "${fields.UserName}": its user name or primary e-mail is the same identity as "${twin}"'s ` +
                '(compared ignoring case and Unicode compatibility forms), so single sign-on could not tell them apart.',
            );
          }
          users.saveUser(orgId, record, entry.hash);
          userCount++;
        }
      }
    })();
  } finally {
    // Rows read while the transaction ran may be gone if it failed.
    invalidateUserCache(db);
  }
  return { organizations: realm.organizations.length, users: userCount, identities: identities.length };
}
