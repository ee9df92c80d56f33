/**
 * The people room: the emulated People samples, `GET /api/people/{uid}`, `GET /api/people/lookup` and
 * `POST /api/people`. It owns what a new person's body may hold (person-body.ts), the lookup's limits
 * (lookup-limits.ts) and the refusal of a name or e-mail that looks like a taken one (confusable-identities.ts).
 */
import { randomUUID } from 'node:crypto';
import type { UserRecord } from '../../contract/wire.ts';
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
import { parseNewPerson } from './person-body.ts';

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
      methods: { GET: { handler: getPerson, rateLimit: 'people/get' } },
    },
  ];
}
