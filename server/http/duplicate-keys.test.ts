import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { createPerson, lookupPeople, records } from '../testing/people.ts';
import { post } from '../testing/requests.ts';
import { DEMO, loginAdmin } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { findDuplicateKey } from './duplicate-keys.ts';

const firstDuplicateKey = (text: string) => findDuplicateKey(text)?.key ?? null;

describe('firstDuplicateKey', () => {
  it.each([
    ['{"UserName":"a","UserName":"b"}', 'UserName'],
    ['{"username":"a","USERNAME":"b"}', 'USERNAME'],
    ['{"a":{"b":1,"c":[{"d":1},{"d":2,"D":3}]}}', 'D'],
    // The same key once escaped: JSON.parse reads both as "UserName".
    ['{"UserName":"a","\\u0055serName":"b"}', 'UserName'],
    [' { "a" : 1 , "b" : { "a" : 2 } , "A" : 3 } ', 'A'],
  ])(
    'finds a key given twice in one object, in the same or another letter case, at any depth: %s',
    (text, key) => {
      expect(firstDuplicateKey(text)).toBe(key);
    },
  );

  it('finds none where each object names each key once', () => {
    for (const text of [
      '{}',
      '[]',
      '"text"',
      '{"a":1,"b":{"a":1},"c":[{"a":1},{"a":2}]}',
      '{"a":"{\\"a\\":1,\\"a\\":2}","b":"\\\\"}',
      '{"a,\\"a":1,"a":2}',
      `{"password":"x","username":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    ]) {
      expect([text.slice(0, 40), firstDuplicateKey(text)]).toEqual([text.slice(0, 40), null]);
    }
  });
});

/** Whether any object in a parsed value has two keys that differ only in letter case. */
function foldsTogether(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(foldsTogether);
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value).map((key) => key.toLowerCase());
  return new Set(keys).size !== keys.length || Object.values(value).some(foldsTogether);
}

describe('firstDuplicateKey on any JSON', () => {
  it('agrees with the parsed value, whatever the keys, strings and nesting (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const text = JSON.stringify(value, null, 1);
        expect(firstDuplicateKey(text) !== null).toBe(foldsTogether(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe('every JSON body the server reads refuses a key given twice, in the same letter case too', () => {
  const server = useTestServer();
  let admin = '';
  beforeAll(async () => {
    admin = await loginAdmin(server.api);
  });

  const twice = (first: string, second: string, rest: string) => `{${first},${second},${rest}}`;
  const password = `"Password":"${DEMO.password}"`;

  it.each([
    ['/auth', 'application/json', twice('"UserName":"nobody"', `"UserName":"${DEMO.jdoe}"`, password)],
    ['/auth/login', 'application/json', twice('"UserName":"nobody"', `"UserName":"${DEMO.jdoe}"`, password)],
    ['/auth/login', 'text/json', twice('"UserName":"nobody"', `"UserName":"${DEMO.jdoe}"`, password)],
    [
      '/auth',
      'application/json',
      twice('"password":"x"', `"password":"${DEMO.password}"`, `"username":"${DEMO.jdoe}"`),
    ],
    [
      '/auth/loginadmin',
      'application/json',
      twice(
        `"BEID":"${DEMO.closedBeid}"`,
        `"BEID":"${DEMO.exampleBeid}"`,
        `"WebServicesKey":"${DEMO.exampleKey}"`,
      ),
    ],
  ])('%s (%s): 400 bad_request naming the key', async (path, type, body) => {
    const answer = await post(`${server.api}${path}`, body, { 'Content-Type': type });
    const error = expectApiError(answer, 400, 'bad_request');
    expect(error.message).toMatch(/appears more than once/);
  });

  it('People create: 400, and no person is created', async () => {
    const body =
      '{"FirstName":"Twice","LastName":"Decoy","LastName":"Dupekey","PrimaryEmail":"dupekey@example.edu"}';
    expectApiError(await createPerson(server.api, admin, body), 400, 'bad_request');
    expect(records(await lookupPeople(server.api, admin, { searchText: 'Dupekey' }))).toEqual([]);
  });
});

describe('findDuplicateKey', () => {
  it.each([
    '{}',
    '[]',
    '"text"',
    '{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}',
    '{"a": "{\\"a\\": 1, \\"a\\": 2}", "b": "x,y:z[]"}',
    '{"a\\"": 1, "a": 2}',
    '[{"a": 1}, {"a": 1}]',
  ])('finds none in %s', (text) => {
    expect(findDuplicateKey(text)).toBeNull();
  });

  it.each([
    ['{"a": 1, "a": 2}', [], 'a'],
    ['{"a": 1, "\\u0061": 2}', [], 'a'],
    ['{"x": {"b": [1, {"c": 1}], "b": 2}}', ['x'], 'b'],
    ['{"list": [{"k": 1}, {"k": 1, "v": "\\\\", "k": 2}]}', ['list', 1], 'k'],
    ['[[0], [{"": 1, "": 2}]]', [1, 0], ''],
  ])('finds the repeated key of %s and where its object sits', (text, path, key) => {
    expect(findDuplicateKey(text)).toEqual({ path, key });
  });
});
