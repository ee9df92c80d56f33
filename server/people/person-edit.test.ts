import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../contract/wire.ts';
import { MAX_PATCH_OPERATIONS } from '../../contract/web-api/json-patch.ts';
import { MAX_BODY_BYTES } from '../../contract/body-limit.ts';
import { expectApiError, expectNoLeak } from '../testing/api-error.ts';
import type { RawResponse } from '../testing/http-client.ts';
import { createPerson, editPerson, getPerson, lookupPeople, personBody, records } from '../testing/people.ts';
import { DEMO, login, loginAdmin } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';

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
// Each test starts with fresh rate-limit windows (45 edits per 60 s).
afterEach(() => server.clock.advance(60_000));

function person(res: RawResponse): UserRecord {
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text) as UserRecord;
}

/** A new person with a company, a title and a work phone, as its GET answers it. */
async function someone(tag: string): Promise<UserRecord> {
  const created = person(
    await createPerson(
      api,
      admin,
      personBody(tag, { Company: 'Acme', Title: 'Analyst', WorkPhone: '555-0100', ExternalID: `ext-${tag}` }),
    ),
  );
  return person(await getPerson(api, jdoe, created.UID));
}

/** Answers `res` with the expected refusal, and the person is still exactly `before`. */
async function refusedAndKept(res: RawResponse, before: UserRecord, status = 400): Promise<string> {
  const { message } = expectApiError(res, status);
  expectNoLeak(res.text);
  expect(person(await getPerson(api, jdoe, before.UID))).toEqual(before);
  return message;
}

describe('POST /api/people/{uid}: the whole record replaces the person', () => {
  it('keeps what the body holds and clears every field it leaves out, as the real service does', async () => {
    const before = await someone('whole');
    const { Company: _company, WorkPhone: _phone, IsActive: _active, ...rest } = before;
    const edited = person(await editPerson(api, jdoe, before.UID, 'POST', { ...rest, Title: 'Lead' }));
    expect(edited).toEqual({ ...before, Title: 'Lead', Company: '', WorkPhone: '', IsActive: false });
    expect(edited.ExternalID).toBe(`ext-whole`);
    expect(person(await getPerson(api, jdoe, before.UID))).toEqual(edited);
  });

  it('with the record as GET answered it and one field changed, changes that field alone', async () => {
    const before = await someone('roundtrip');
    const res = await editPerson(api, jdoe, before.UID, 'POST', { ...before, LastName: 'Renamed' });
    expect(res.headers['x-ratelimit-limit']).toBe('45');
    expect(res.headers['x-ratelimit-remaining']).toBe('44');
    expect(person(res)).toEqual({ ...before, LastName: 'Renamed', FullName: 'Test Renamed' });
    expect(records(await lookupPeople(api, jdoe, { searchText: 'Test Renamed' })).map((p) => p.UID)).toEqual([
      before.UID,
    ]);
  });

  it('keeps custom attributes by ID, and ignores fields an edit cannot change (UID, applications)', async () => {
    const before = await someone('attrs');
    const edited = person(
      await editPerson(api, jdoe, before.UID, 'POST', {
        ...before,
        UID: '00000000-0000-4000-8000-000000000000',
        Applications: ['TDAdmin'],
        Attributes: [
          { id: 1234, value: 'Library' },
          { ID: 91, Value: '' },
        ],
      }),
    ).Attributes;
    expect(edited).toEqual([{ ID: 1234, Name: '', Value: 'Library', ValueText: 'Library' }]);
    const again = person(await getPerson(api, jdoe, before.UID));
    expect(again).toMatchObject({ UID: before.UID, Applications: before.Applications });
  });

  it('a partial body (the mistake this edit invites) is refused whole: nothing is written', async () => {
    const before = await someone('partial');
    const message = await refusedAndKept(
      await editPerson(api, jdoe, before.UID, 'POST', { Title: 'Only this' }),
      before,
    );
    expect(message).toMatch(/TypeID|PrimaryEmail|FirstName|UserName/);
  });

  it('is 409 for a user name another person holds or one that looks like it, and writes nothing', async () => {
    const before = await someone('taken');
    await refusedAndKept(
      await editPerson(api, jdoe, before.UID, 'POST', { ...before, UserName: 'JDOE@example.edu' }),
      before,
      409,
    );
    await refusedAndKept(
      await editPerson(api, jdoe, before.UID, 'POST', { ...before, UserName: 'jd\u043ee@example.edu' }),
      before,
      409,
    );
    // Its own names, in another letter case, are its own.
    const own = person(
      await editPerson(api, jdoe, before.UID, 'POST', {
        ...before,
        PrimaryEmail: before.PrimaryEmail.toUpperCase(),
      }),
    );
    expect(own.PrimaryEmail).toBe(before.PrimaryEmail.toUpperCase());
  });

  it('refuses callers without TDPeople, the admin service account, and UIDs it cannot find', async () => {
    const before = await someone('who');
    expectApiError(await editPerson(api, asmith, before.UID, 'POST', before), 401, 'insufficient_permission');
    expectApiError(await editPerson(api, undefined, before.UID, 'POST', before), 401, 'invalid_token');
    const adminRecord = (await (
      await fetch(`${api}/auth/getuser`, { headers: { Authorization: `Bearer ${admin}` } })
    ).json()) as UserRecord;
    expectApiError(
      await editPerson(api, jdoe, adminRecord.UID, 'PATCH', [{ op: 'add', path: '/Title', value: 'x' }]),
      401,
      'insufficient_permission',
    );
    expectApiError(await editPerson(api, jdoe, 'not-a-guid', 'POST', before), 400, 'bad_request');
    expectApiError(
      await editPerson(api, jdoe, '00000000-0000-4000-8000-000000000000', 'POST', before),
      404,
      'not_found',
    );
    expect(person(await getPerson(api, jdoe, before.UID))).toEqual(before);
  });
});

describe('PATCH /api/people/{uid}: a JSON Patch changes only what it names', () => {
  it('sets fields in any letter case and custom attributes by ID, and keeps everything else', async () => {
    const before = await someone('patch');
    const res = await editPerson(api, jdoe, before.UID, 'PATCH', [
      { op: 'add', path: '/title', value: 'Lead' },
      { op: 'replace', path: '/LASTNAME', value: 'Patched' },
      { op: 'add', path: '/attributes/1234', value: 'Library' },
    ]);
    expect(res.headers['x-ratelimit-limit']).toBe('45');
    const patched = person(res);
    expect(patched).toEqual({
      ...before,
      Title: 'Lead',
      LastName: 'Patched',
      FullName: 'Test Patched',
      Attributes: [{ ID: 1234, Name: '', Value: 'Library', ValueText: 'Library' }],
    });
    expect(person(await getPerson(api, jdoe, before.UID))).toEqual(patched);

    const cleared = person(
      await editPerson(api, jdoe, before.UID, 'PATCH', [
        { op: 'remove', path: '/attributes/1234' },
        { op: 'remove', path: '/Company' },
      ]),
    );
    expect(cleared).toEqual({ ...patched, Attributes: [], Company: '' });
  });

  it('keeps the password of a person who patches their own record', async () => {
    const self = person(await getPerson(api, jdoe, (await loginRecord(jdoe)).UID));
    person(await editPerson(api, jdoe, self.UID, 'PATCH', [{ op: 'add', path: '/Title', value: 'Patched' }]));
    await expect(login(api, DEMO.jdoe)).resolves.toMatch(/^eyJ/);
    person(
      await editPerson(api, jdoe, self.UID, 'PATCH', [{ op: 'add', path: '/Title', value: self.Title }]),
    );
  });

  it.each([
    ['not JSON', '[{"op":', /not valid JSON/],
    ['an object, not a list', { op: 'add', path: '/Title', value: 'x' }, /array of operations/],
    ['an unknown op', [{ op: 'merge', path: '/Title', value: 'x' }], /"op" must be one of/],
    ['the test op', [{ op: 'test', path: '/Title', value: 'Analyst' }], /test operation is not supported/],
    ['add without a value', [{ op: 'add', path: '/Title' }], /needs a "value"/],
    ['a path without a slash', [{ op: 'add', path: 'Title', value: 'x' }], /JSON Pointer/],
    [
      'a valid first operation, then an unknown path',
      [
        { op: 'add', path: '/Title', value: 'Written?' },
        { op: 'add', path: '/NoSuchField', value: 'x' },
      ],
      /^Operation 2: .*NoSuchField/,
    ],
    ['a path inside a field', [{ op: 'add', path: '/Title/0', value: 'x' }], /only a property/],
    ['an attribute by position', [{ op: 'add', path: '/attributes/-', value: 'x' }], /by its ID/],
    ['a field an edit cannot change', [{ op: 'add', path: '/UID', value: 'x' }], /UID cannot be changed/],
    ['a required field cleared', [{ op: 'remove', path: '/FirstName' }], /FirstName must not be empty/],
    ['a value of the wrong type', [{ op: 'add', path: '/IsActive', value: 'yes' }], /IsActive must be/],
    [
      'more operations than a patch takes',
      Array.from({ length: MAX_PATCH_OPERATIONS + 1 }, () => ({ op: 'remove', path: '/Title' })),
      /at most/,
    ],
  ])('is 400 for %s, and writes nothing', async (name, body, message) => {
    const before = await someone(`bad-${name.replace(/\W+/g, '-')}`);
    expect(await refusedAndKept(await editPerson(api, jdoe, before.UID, 'PATCH', body), before)).toMatch(
      message,
    );
  });

  it('is 413 for a body over the limit, and writes nothing', async () => {
    const before = await someone('huge');
    const res = await editPerson(api, jdoe, before.UID, 'PATCH', [
      { op: 'add', path: '/Title', value: 'x'.repeat(MAX_BODY_BYTES) },
    ]);
    await refusedAndKept(res, before, 413);
  });
});

async function loginRecord(token: string): Promise<UserRecord> {
  const res = await fetch(`${api}/auth/getuser`, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as UserRecord;
}
