import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../contract/wire.ts';
import { expectApiError } from '../testing/api-error.ts';
import { readFetch, type RawResponse } from '../testing/http-client.ts';
import { createPerson, getPerson, lookupPeople, personBody, records } from '../testing/people.ts';
import { DEMO, login, loginAdmin } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { LOOKUP_MAX_RESULTS } from './lookup-limits.ts';

const UID = {
  jdoe: 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
  asmith: 'd2b3c4d5-e6f7-4081-92a3-b4c5d6e7f809',
  retired: 'e3c4d5e6-f708-4192-a3b4-c5d6e7f8091a',
  closedAdmin: 'a0000000-0000-4000-8000-000000001002',
};
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RFC1123 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** Every field of the User record, as the Web API's help lists them (docs/api.md, "The User record"). */
const USER_FIELDS =
  `UID ReferenceID BEID BEIDInt IsActive IsConfidential IsEmployee IsCapacityManaged ShouldReportTime
  UserName FullName FirstName LastName MiddleName Salutation Nickname PrimaryEmail AlternateEmail AlertEmail ExternalID
  AlternateID AuthenticationUserName AuthenticationProviderID Applications SecurityRoleName SecurityRoleID Permissions
  OrgApplications PrimaryClientPortalApplicationID GroupIDs Attributes DefaultAccountID DefaultAccountName
  DefaultPriorityID DefaultPriorityName ProfileImageFileName Company Title AboutMe TechnicianSignature
  ApplyTechnicianSignatureToUpdatesAndComments ApplyTechnicianSignatureToReplies IMProvider IMHandle HomePhone
  PrimaryPhone WorkPhone Pager OtherPhone MobilePhone Fax WorkAddress WorkCity WorkState WorkZip WorkCountry HomeAddress
  HomeCity HomeState HomeZip HomeCountry LocationID LocationName LocationRoomID LocationRoomName DefaultRate CostRate
  WorkableHours ReportTimeAfterDate EndDate ReportsToUID ReportsToFullName ResourcePoolID ResourcePoolName TZID TZName
  TypeID`
    .split(/\s+/)
    .sort();

const server = useTestServer();
let api: string;
let jdoe: string;
let asmith: string;
let admin: string;

beforeAll(async () => {
  api = server.api;
  jdoe = await login(api, DEMO.jdoe);
  asmith = await login(api, DEMO.asmith);
  admin = await loginAdmin(api);
});
// Each test starts with fresh rate-limit windows; tokens live 24 h, far longer than the minutes this adds up to.
afterEach(() => server.clock.advance(60_000));

function person(res: RawResponse): UserRecord {
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return JSON.parse(res.text) as UserRecord;
}

function expectNoPermission(res: RawResponse) {
  expectApiError(res, 401, 'insufficient_permission');
  expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
}

function expectBadToken(res: RawResponse) {
  expectApiError(res, 401, 'invalid_token');
  expect(res.headers['www-authenticate']).toMatch(/^Bearer( |$)/);
}

const callers = {
  get: (token: string | undefined) => getPerson(api, token, UID.asmith),
  lookup: (token: string | undefined) => lookupPeople(api, token, { searchText: 'doe' }),
  create: (token: string | undefined) => createPerson(api, token, personBody('never-made')),
};

describe('who may call the People endpoints', () => {
  it.each(Object.keys(callers) as (keyof typeof callers)[])(
    '%s without a token is 401 invalid_token',
    async (name) => {
      expectBadToken(await callers[name](undefined));
    },
  );

  it.each(Object.keys(callers) as (keyof typeof callers)[])(
    '%s with a forged token is 401 invalid_token',
    async (name) => {
      expectBadToken(await callers[name](`${jdoe.slice(0, -4)}AAAA`));
      expectBadToken(await callers[name]('not-a-jwt'));
    },
  );

  it.each(['get', 'lookup', 'create'] as const)(
    '%s with asmith (no TDPeople) is 401 insufficient_permission',
    async (name) => {
      expectNoPermission(await callers[name](asmith));
    },
  );

  it('create with a user token (not loginadmin) is 401 insufficient_permission, and creates nothing', async () => {
    const res = await createPerson(api, jdoe, personBody('by-jdoe'));
    expectNoPermission(res);
    expect(res.headers['x-ratelimit-limit']).toBe('45');
    expect(records(await lookupPeople(api, jdoe, { searchText: 'by-jdoe' }))).toEqual([]);
  });
});

describe('GET /api/people/{uid}', () => {
  it('answers the full record, the same one getuser gives that user', async () => {
    const res = await getPerson(api, jdoe, UID.asmith);
    const record = person(res);
    expect(Object.keys(record).sort()).toEqual(USER_FIELDS);
    expect(record).toMatchObject({
      UID: UID.asmith,
      UserName: DEMO.asmith,
      BEID: DEMO.exampleBeid,
      TypeID: 1,
    });
    const own = await fetch(`${api}/auth/getuser`, { headers: { Authorization: `Bearer ${asmith}` } });
    expect(record).toEqual(await own.json());
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
    expect(res.headers['x-ratelimit-reset']).toMatch(RFC1123);
  });

  it('takes the UID in any letter case, and through the sandbox base path', async () => {
    expect(person(await getPerson(api, jdoe, UID.jdoe.toUpperCase())).UID).toBe(UID.jdoe);
    const sandbox = await fetch(`${server.origin}/SBTDWebApi/api/people/${UID.jdoe}`, {
      headers: { Authorization: `Bearer ${jdoe}` },
    });
    expect(sandbox.status).toBe(200);
  });

  it('answers inactive people too, marked inactive', async () => {
    expect(person(await getPerson(api, jdoe, UID.retired))).toMatchObject({ IsActive: false });
  });

  it('is 400 for a UID that is not a GUID and 404 for one nobody has', async () => {
    expectApiError(await getPerson(api, jdoe, 'not-a-guid'), 400, 'bad_request');
    expectApiError(await getPerson(api, jdoe, `{${UID.asmith}}`), 400, 'bad_request');
    expectApiError(await getPerson(api, jdoe, '00000000-0000-4000-8000-000000000000'), 404, 'not_found');
  });

  it('does not show people of another organization', async () => {
    expectApiError(await getPerson(api, jdoe, UID.closedAdmin), 404, 'not_found');
  });
});

describe('GET /api/people/lookup', () => {
  it('finds people by name, user name or e-mail, case-insensitively, as full records', async () => {
    const found = records(await lookupPeople(api, jdoe, { searchText: 'DOE' }));
    expect(found.map((p) => p.UserName)).toEqual([DEMO.jdoe]);
    expect(Object.keys(found[0]!).sort()).toEqual(USER_FIELDS);
    expect(records(await lookupPeople(api, jdoe, { searchText: 'Alex Smith' })).map((p) => p.UID)).toEqual([
      UID.asmith,
    ]);
  });

  it('with no searchText lists the organization, without its service account', async () => {
    const all = records(await lookupPeople(api, jdoe, {}));
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.every((p) => p.BEID === DEMO.exampleBeid && p.TypeID !== 9)).toBe(true);
    expect(records(await lookupPeople(api, jdoe, { searchText: 'api-admin' }))).toEqual([]);
  });

  it('honours maxResults', async () => {
    expect(records(await lookupPeople(api, jdoe, { searchText: 'example.edu', maxResults: 1 }))).toHaveLength(
      1,
    );
    expect(
      records(await lookupPeople(api, jdoe, { searchText: 'example.edu', maxResults: 100 })).length,
    ).toBeGreaterThan(1);
  });

  it('allows 10 calls per second (the restricted lookup’s documented limit), then 429 until the next second', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await lookupPeople(api, jdoe, { searchText: 'doe' });
      expect(res.status, res.text).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('10');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(9 - i));
    }
    const refused = await lookupPeople(api, jdoe, { searchText: 'doe' });
    const { message } = expectApiError(refused, 429, 'rate_limited');
    expect(message).toBe(
      'Too many calls to this method: 10 are allowed per second for each caller address. Try again in 1 second.',
    );
    expect(refused.headers).toMatchObject({ 'x-ratelimit-remaining': '0', 'retry-after': '1' });
    server.clock.advance(1000);
    const again = await lookupPeople(api, jdoe, { searchText: 'doe' });
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('9');
  });

  it('has its maxResults limits stated in docs/api.md as the route has them', () => {
    const { min, max, default: unsaid } = LOOKUP_MAX_RESULTS;
    const docs = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const row = docs.split('\n').find((line) => line.includes('`/api/people/lookup?'));
    expect(row).toContain(`\`maxResults\` ${min}–${max}, default ${unsaid}`);
  });

  it.each(['0', '101', '-1', 'abc', '1.5', '1e2', '99999', ' 5'])(
    'is 400 for maxResults=%j',
    async (maxResults) => {
      const body = expectApiError(await lookupPeople(api, jdoe, { maxResults }), 400, 'bad_request');
      expect(body.message).toMatch(/maxResults/);
    },
  );

  it('is 400 for a searchText over 200 characters', async () => {
    expectApiError(await lookupPeople(api, jdoe, { searchText: 'a'.repeat(201) }), 400, 'bad_request');
  });

  it('treats LIKE wildcards in searchText as literal characters', async () => {
    const percent = person(
      await createPerson(api, admin, personBody('wildpct', { LastName: 'Hundred%Percent' })),
    );
    const under = person(await createPerson(api, admin, personBody('wildus', { LastName: 'Under_Score' })));
    const find = async (searchText: string) =>
      records(await lookupPeople(api, jdoe, { searchText })).map((p) => p.UID);
    expect(await find('%')).toEqual([percent.UID]);
    expect(await find('_')).toEqual([under.UID]);
    expect(await find('d%e')).toEqual([]);
    expect(await find('jd_e')).toEqual([]);
    expect(await find('jdoe')).toEqual([UID.jdoe]);
    expect(await find('\\')).toEqual([]);
  });
});

describe('POST /api/people', () => {
  it('creates a person in the admin account organization and answers the record', async () => {
    const res = await createPerson(api, admin, {
      firstname: '  Ada ',
      LASTNAME: 'Lovelace',
      PrimaryEmail: 'ada@example.edu',
      Title: 'Analyst',
      NotAField: 'ignored',
    });
    const created = person(res);
    expect(Object.keys(created).sort()).toEqual(USER_FIELDS);
    expect(created.UID).toMatch(GUID);
    expect(created).toMatchObject({
      BEID: DEMO.exampleBeid,
      BEIDInt: 1001,
      TypeID: 1,
      IsActive: true,
      UserName: 'ada@example.edu',
      FirstName: 'Ada',
      LastName: 'Lovelace',
      FullName: 'Ada Lovelace',
      Title: 'Analyst',
      AlertEmail: 'ada@example.edu',
    });
    expect(res.headers['x-ratelimit-limit']).toBe('45');
    expect(res.headers['x-ratelimit-remaining']).toBe('44');

    expect(person(await getPerson(api, jdoe, created.UID))).toEqual(created);
    expect(records(await lookupPeople(api, jdoe, { searchText: 'lovelace' }))).toEqual([created]);
  });

  it('gives every person its own UID and ReferenceID, and keeps TypeID 2 (Customer)', async () => {
    const a = person(
      await createPerson(api, admin, personBody('ref-a', { TypeID: 2, UserName: 'customer-a' })),
    );
    const b = person(await createPerson(api, admin, personBody('ref-b')));
    expect(a).toMatchObject({ TypeID: 2, UserName: 'customer-a' });
    expect(a.UID).not.toBe(b.UID);
    expect(b.ReferenceID).toBeGreaterThan(a.ReferenceID);
  });

  it('a created person has no password, so nobody can sign in as it', async () => {
    const created = person(await createPerson(api, admin, personBody('nopass')));
    const res = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: created.UserName, password: 'anything' }),
    });
    expectApiError(await readFetch(res), 401, 'invalid_credentials');
  });

  it('is 409 for a user name that exists, in any letter case, and stores nothing', async () => {
    person(await createPerson(api, admin, personBody('dup', { UserName: 'Dup.User@example.edu' })));
    expectApiError(
      await createPerson(api, admin, personBody('dup2', { UserName: 'dup.user@EXAMPLE.EDU' })),
      409,
      'conflict',
    );
    expectApiError(
      await createPerson(api, admin, personBody('dup3', { PrimaryEmail: 'JDOE@example.edu' })),
      409,
      'conflict',
    );
    expect(records(await lookupPeople(api, jdoe, { searchText: 'person dup' }))).toHaveLength(1);
  });

  // jdoe@example.edu is a demo user; each of these would pass for that person.
  it.each([
    ['a Cyrillic о in the user name', { UserName: 'jd\u043ee@example.edu' }],
    ['a Greek ο in the user name', { UserName: 'jd\u03bfe@example.edu' }],
    ['a combining acute accent in the user name', { UserName: 'jdoe\u0301@example.edu' }],
    ['a precomposed accent in the user name', { UserName: 'jdo\u00e9@example.edu' }],
    ['fullwidth letters in the user name', { UserName: '\uff4a\uff44\uff4f\uff45@example.edu' }],
    [
      'mathematical bold letters in the user name',
      { UserName: '\u{1d423}\u{1d41d}\u{1d428}\u{1d41e}@example.edu' },
    ],
    ['a digit zero for the o, in capitals', { UserName: 'JD0E@EXAMPLE.EDU' }],
    [
      'a look-alike primary e-mail under another user name',
      { UserName: 'someone-else', PrimaryEmail: 'jd\u043ee@example.edu' },
    ],
    [
      'the same primary e-mail under another user name',
      { UserName: 'someone-else', PrimaryEmail: 'jdoe@example.edu' },
    ],
  ])('is 409 for %s, and stores nothing', async (_name, change) => {
    const res = await createPerson(api, admin, personBody('lookalike', change));
    expect(expectApiError(res, 409, 'conflict').message).toMatch(/exists|looks like/);
    expect(records(await lookupPeople(api, jdoe, { searchText: 'person lookalike' }))).toEqual([]);
  });

  it('is 409 for a look-alike of a person created before, and still takes names that only resemble', async () => {
    person(await createPerson(api, admin, personBody('modern', { UserName: 'modern.user' })));
    expectApiError(
      await createPerson(api, admin, personBody('modem', { UserName: 'modem.user' })),
      409,
      'conflict',
    );
    expectApiError(
      await createPerson(api, admin, personBody('m0dern', { UserName: 'M\u041eDERN.user' })),
      409,
      'conflict',
    );
    person(await createPerson(api, admin, personBody('modest', { UserName: 'modest.user' })));
    person(await createPerson(api, admin, personBody('zoe', { UserName: 'zo\u00eb.unique@example.edu' })));
  });

  it('keeps identifiers in NFKC and other text in NFC', async () => {
    const created = person(
      await createPerson(api, admin, {
        FirstName: 'Jose\u0301',
        LastName: 'Person nfc',
        PrimaryEmail: '\uff46\uff55\uff4c\uff4c@example.edu',
        ExternalID: '\uff25\uff38\uff34-\u2460',
      }),
    );
    expect(created).toMatchObject({
      FirstName: 'Jos\u00e9',
      UserName: 'full@example.edu',
      PrimaryEmail: 'full@example.edu',
      ExternalID: 'EXT-1',
    });
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['FirstName missing', { FirstName: undefined }, /FirstName is required/],
    ['FirstName empty', { FirstName: '' }, /FirstName must not be empty/],
    ['FirstName blank', { FirstName: '   ' }, /FirstName must not be empty/],
    ['FirstName a number', { FirstName: 42 }, /FirstName must be a string/],
    ['FirstName an array', { FirstName: ['Ada'] }, /FirstName must be a string/],
    ['FirstName an object', { FirstName: { v: 'Ada' } }, /FirstName must be a string/],
    ['FirstName a boolean', { FirstName: true }, /FirstName must be a string/],
    ['FirstName too long', { FirstName: 'x'.repeat(101) }, /FirstName must be at most/],
    ['FirstName with a NUL', { FirstName: 'A\u0000da' }, /FirstName must not contain control/],
    [
      'FirstName with a right-to-left override',
      { FirstName: 'Ada\u202Eecalevol' },
      /FirstName must not contain control/,
    ],
    [
      'LastName with a bidi isolate',
      { LastName: '\u2066Lovelace\u2069' },
      /LastName must not contain control/,
    ],
    ['Title with a line separator', { Title: 'Analyst\u2028Admin' }, /Title must not contain control/],
    ['Company with a next-line (NEL)', { Company: 'Acme\u0085Inc' }, /Company must not contain control/],
    ['Title with a paragraph separator', { Title: 'A\u2029B' }, /Title must not contain control/],
    [
      'WorkPhone with a left-to-right mark',
      { WorkPhone: '\u200e555 0100' },
      /WorkPhone must not contain control/,
    ],
    [
      'UserName with a zero-width space',
      { UserName: 'jdoe\u200b@example.edu' },
      /UserName must not contain invisible/,
    ],
    ['UserName with a soft hyphen', { UserName: 'new\u00aduser' }, /UserName must not contain invisible/],
    ['UserName with a word joiner', { UserName: 'new\u2060user' }, /UserName must not contain invisible/],
    ['UserName with a byte order mark', { UserName: '\ufeffnewuser' }, /UserName must not contain invisible/],
    [
      'UserName with a zero-width joiner',
      { UserName: 'new\u200duser' },
      /UserName must not contain invisible/,
    ],
    [
      'PrimaryEmail with a zero-width non-joiner',
      { PrimaryEmail: 'ne\u200cw@example.edu' },
      /PrimaryEmail must not contain invisible/,
    ],
    [
      'ExternalID with a variation selector',
      { ExternalID: 'X\ufe0f1' },
      /ExternalID must not contain invisible/,
    ],
    [
      'UserName with a right-to-left override',
      { UserName: 'new\u202euser' },
      /UserName must not contain control/,
    ],
    ['LastName missing', { LastName: undefined }, /LastName is required/],
    ['LastName empty', { LastName: '' }, /LastName must not be empty/],
    ['PrimaryEmail missing', { PrimaryEmail: undefined }, /PrimaryEmail is required/],
    ['PrimaryEmail empty', { PrimaryEmail: '' }, /PrimaryEmail must not be empty/],
    ['PrimaryEmail a number', { PrimaryEmail: 7 }, /PrimaryEmail must be a string/],
    ['PrimaryEmail without @', { PrimaryEmail: 'ada.example.edu' }, /PrimaryEmail must be an e-mail/],
    [
      'PrimaryEmail without a domain dot',
      { PrimaryEmail: 'ada@localhost' },
      /PrimaryEmail must be an e-mail/,
    ],
    ['PrimaryEmail with a space', { PrimaryEmail: 'a da@example.edu' }, /PrimaryEmail must be an e-mail/],
    ['PrimaryEmail with two @', { PrimaryEmail: 'ada@@example.edu' }, /PrimaryEmail must be an e-mail/],
    ['AlternateEmail not an e-mail', { AlternateEmail: 'nope' }, /AlternateEmail must be an e-mail/],
    ['UserName a number', { UserName: 5 }, /UserName must be a string/],
    ['TypeID 0', { TypeID: 0 }, /TypeID must be 1/],
    ['TypeID 9', { TypeID: 9 }, /TypeID must be 1/],
    ['TypeID 3', { TypeID: 3 }, /TypeID must be 1/],
    ['TypeID as text', { TypeID: '1' }, /TypeID must be 1/],
    ['TypeID fractional', { TypeID: 1.5 }, /TypeID must be 1/],
    ['IsActive as text', { IsActive: 'yes' }, /IsActive must be true or false/],
  ];

  it.each(invalid)('is 400 when %s', async (_name, change, message) => {
    const res = await createPerson(api, admin, personBody('invalid', change));
    expect(expectApiError(res, 400, 'bad_request').message).toMatch(message);
    expect(records(await lookupPeople(api, jdoe, { searchText: 'person invalid' }))).toEqual([]);
  });

  it.each(['[]', '"Ada"', '1', 'null', 'true', '[{"FirstName":"Ada"}]'])(
    'is 400 for the non-object body %s',
    async (body) => {
      const res = await createPerson(api, admin, body);
      expect(expectApiError(res, 400, 'bad_request').message).toMatch(/JSON object/);
    },
  );

  it('allows 45 calls per 60 s, then 429 with the rate-limit headers, then resets', async () => {
    const reset = new Date(server.clock.now() + 60_000).toUTCString();
    for (let i = 0; i < 45; i++) {
      const res = await createPerson(api, admin, personBody(`burst${i}`));
      expect(res.status, res.text).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('45');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(44 - i));
      expect(res.headers['x-ratelimit-reset']).toBe(reset);
    }
    const refused = await createPerson(api, admin, personBody('burst45'));
    expectApiError(refused, 429, 'rate_limited');
    expect(refused.headers).toMatchObject({
      'x-ratelimit-limit': '45',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': reset,
    });
    expect(refused.headers['retry-after']).toBe('60');
    expect(records(await lookupPeople(api, jdoe, { searchText: 'person burst45' }))).toEqual([]);
    // Counted per method: lookups are not affected.
    expect((await lookupPeople(api, jdoe, { searchText: 'person burst' })).status).toBe(200);

    server.clock.advance(60_000);
    const again = await createPerson(api, admin, personBody('burst45'));
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('44');
  });
});
