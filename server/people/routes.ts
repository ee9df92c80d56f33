/**
 * The people room: the emulated People samples, `GET /api/people/{uid}`, `GET /api/people/lookup`,
 * `POST /api/people`, and a person's edits, whole (`POST /api/people/{uid}`) or by JSON Patch
 * (`PATCH /api/people/{uid}`). It owns what a person's body may hold (person-body.ts), the lookup's limits
 * (lookup-limits.ts) and the refusal of a name or e-mail that looks like a taken one (confusable-identities.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { authenticate, insufficientPermission, type Principal } from '../auth/bearer.ts';
import type { Tokens } from '../auth/tokens.ts';
import { isGuid } from '../../contract/is-guid.ts';
import { foldKeys, readJsonBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import type { Handler, Route } from '../http/router.ts';
import { buildUserRecord } from '../../contract/user-record.ts';
import type { Db } from '../store/db.ts';
import { identityKeysOf, type Users } from '../store/users.ts';
import { ConfusableIdentities } from './confusable-identities.ts';
import { LOOKUP_MAX_RESULTS } from './lookup-limits.ts';
import { applyPatch, readPatch } from '../../contract/web-api/json-patch.ts';
import { SERVICE_ACCOUNT_TYPE_ID, type UserRecord } from '../../contract/wire.ts';
import type { UserRow } from '../store/rows.ts';
import { parseNewPerson, parsePersonEdit, type PersonEdit } from './person-body.ts';

export interface PeopleDeps {
  db: Db;
  tokens: Tokens;
  users: Users;
}

function requirePeopleAccess(principal: Principal) {
  const record = JSON.parse(principal.user.record) as UserRecord;
  if (!record.Applications.includes('TDPeople')) {
    throw insufficientPermission('You do not have access to the People application (TDPeople).');
  }
}

/** What a property of a person is once a patch removes it: its type's empty value, as the service clears it. */
function clearedValue(record: Record<string, unknown>) {
  return (name: string): unknown => {
    const value = record[name];
    if (typeof value === 'string') return '';
    if (typeof value === 'boolean') return false;
    if (typeof value === 'number') return 0;
    return Array.isArray(value) ? [] : null;
  };
}

function maxResultsOf(raw: string | null): number {
  const { min, max } = LOOKUP_MAX_RESULTS;
  if (raw === null || raw === '') return LOOKUP_MAX_RESULTS.default;
  if (!/^\d{1,4}$/.test(raw)) throw new ApiError(400, 'bad_request', 'maxResults must be a whole number.');
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ApiError(400, 'bad_request', `maxResults must be between ${min} and ${max}.`);
  }
  return value;
}

export function peopleRoutes(deps: PeopleDeps): Route[] {
  const identities = new ConfusableIdentities(deps.users);

  const getPerson: Handler = async ({ req, params }) => {
    const principal = await authenticate(req, deps.tokens, deps.users);
    requirePeopleAccess(principal);
    const uid = params.uid ?? '';
    if (!isGuid(uid)) throw new ApiError(400, 'bad_request', 'The person UID must be a GUID.');
    const person = deps.users.findInOrg(principal.user.org_id, uid.toLowerCase());
    if (!person) throw new ApiError(404, 'not_found', 'No person with this UID exists in your organization.');
    return { status: 200, jsonText: person.record };
  };

  /** The person an edit names, in the caller's organization; never the organization's admin service account. */
  async function editable(req: IncomingMessage, uid: string) {
    const principal = await authenticate(req, deps.tokens, deps.users);
    requirePeopleAccess(principal);
    if (!isGuid(uid)) throw new ApiError(400, 'bad_request', 'The person UID must be a GUID.');
    const row = deps.users.findInOrg(principal.user.org_id, uid.toLowerCase());
    if (!row) throw new ApiError(404, 'not_found', 'No person with this UID exists in your organization.');
    if (row.type_id === SERVICE_ACCOUNT_TYPE_ID)
      throw insufficientPermission(
        "The organization's admin service account cannot be edited through People.",
      );
    return row;
  }

  /** Writes an edited person, all or nothing, after the same identity checks as a create; answers the record. */
  function save(row: UserRow, edit: PersonEdit): UserRecord {
    const current = JSON.parse(row.record) as UserRecord;
    return deps.users.transaction(() => {
      const holder = deps.users.findByUsername(edit.UserName);
      if (holder && holder.uid !== row.uid)
        throw new ApiError(409, 'conflict', `A person with the user name "${edit.UserName}" already exists.`);
      const record: UserRecord = {
        ...current,
        ...edit,
        FullName: [edit.FirstName, edit.LastName].filter(Boolean).join(' '),
      };
      const twin = deps.users.identityClash(record.UID, identityKeysOf(record));
      if (twin !== undefined)
        throw new ApiError(
          409,
          'conflict',
          `A person with the same user name or primary e-mail as "${twin}" already exists (ignoring letter case and Unicode compatibility forms).`,
        );
      const lookalike = identities.findTaken(
        [edit.UserName, edit.PrimaryEmail],
        [current.UserName, current.PrimaryEmail],
      );
      if (lookalike !== undefined)
        throw new ApiError(
          409,
          'conflict',
          `"${lookalike}" is the same as, or looks like, an existing user name or e-mail address.`,
        );
      deps.users.saveUser(row.org_id, record, row.password_hash);
      return record;
    });
  }

  const replace: Handler = async ({ req, params }) => {
    const row = await editable(req, params.uid ?? '');
    const edit = parsePersonEdit(foldKeys(await readJsonBody(req)));
    return { status: 200, json: save(row, edit) };
  };

  const patch: Handler = async ({ req, params }) => {
    const row = await editable(req, params.uid ?? '');
    const operations = readPatch(await readJsonBody(req));
    if (!operations.ok) throw new ApiError(400, 'bad_request', operations.message);
    const current = JSON.parse(row.record) as Record<string, unknown>;
    const applied = applyPatch(current, operations.value, clearedValue(current));
    if (!applied.ok) throw new ApiError(400, 'bad_request', applied.message);
    const edit = parsePersonEdit(foldKeys(applied.value));
    // What a whole edit ignores, a patch names on purpose: changing it is refused rather than dropped.
    const fixed = Object.keys(current).find(
      (name) =>
        !Object.hasOwn(edit, name) &&
        name !== 'FullName' &&
        JSON.stringify(applied.value[name]) !== JSON.stringify(current[name]),
    );
    if (fixed !== undefined)
      throw new ApiError(
        400,
        'bad_request',
        `${fixed} cannot be changed by an edit of the emulator's People.`,
      );
    return { status: 200, json: save(row, edit) };
  };

  const lookup: Handler = async ({ req, url }) => {
    const principal = await authenticate(req, deps.tokens, deps.users);
    requirePeopleAccess(principal);
    const searchText = url.searchParams.get('searchText') ?? '';
    if (searchText.length > 200)
      throw new ApiError(400, 'bad_request', 'searchText must be at most 200 characters.');
    const max = maxResultsOf(url.searchParams.get('maxResults'));
    return {
      status: 200,
      jsonText: `[${deps.users.lookup(principal.user.org_id, searchText.trim(), max).join(',')}]`,
    };
  };

  const create: Handler = async ({ req }) => {
    const principal = await authenticate(req, deps.tokens, deps.users);
    if (!principal.isAdminAccount) {
      throw insufficientPermission(
        "Only the organization's admin service account (a token from loginadmin) may create people.",
      );
    }
    const person = parseNewPerson(foldKeys(await readJsonBody(req)));
    const admin = JSON.parse(principal.user.record) as UserRecord;
    const record = deps.users.transaction(() => {
      if (deps.users.findByUsername(person.UserName)) {
        throw new ApiError(
          409,
          'conflict',
          `A person with the user name "${person.UserName}" already exists.`,
        );
      }
      const created = buildUserRecord({
        ...person,
        UID: randomUUID(),
        ReferenceID: deps.users.nextReferenceId(),
        BEID: admin.BEID,
        BEIDInt: admin.BEIDInt,
      });
      const twin = deps.users.identityClash(created.UID, identityKeysOf(created));
      if (twin !== undefined) {
        throw new ApiError(
          409,
          'conflict',
          `A person with the same user name or primary e-mail as "${twin}" already exists (ignoring letter case and Unicode compatibility forms).`,
        );
      }
      // Also refused: a name or e-mail that differs from a taken one only by look-alike letters, invisible
      // characters, accents or letter case, as it would pass for that person.
      const lookalike = identities.findTaken([person.UserName, person.PrimaryEmail]);
      if (lookalike !== undefined) {
        throw new ApiError(
          409,
          'conflict',
          `"${lookalike}" is the same as, or looks like, an existing user name or e-mail address.`,
        );
      }
      deps.users.saveUser(principal.user.org_id, created, null);
      return created;
    });
    return { status: 200, json: record };
  };

  return [
    {
      path: '/api/people',
      methods: {
        POST: { handler: create, rateLimit: 'people/create' },
      },
    },
    {
      path: '/api/people/lookup',
      methods: { GET: { handler: lookup, rateLimit: 'people/lookup' } },
    },
    {
      path: '/api/people/{uid}',
      methods: {
        GET: { handler: getPerson, rateLimit: 'people/get' },
        POST: { handler: replace, rateLimit: 'people/edit' },
        PATCH: { handler: patch, rateLimit: 'people/patch' },
      },
    },
  ];
}
