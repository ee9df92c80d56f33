import { describe, expect, it } from 'vitest';
import { decodeJwt } from '../testing/jwt.ts';
import { expectApiError } from '../testing/api-error.ts';
import { post } from '../testing/requests.ts';
import { DEMO } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';

const SERVICE_ACCOUNT = 'api-admin@example.edu';
const OTHER_GUID = '11111111-2222-4333-8444-555555555555';

describe('POST /api/auth/loginadmin', () => {
  const server = useTestServer();
  const loginAdmin = (body: unknown) => post(`${server.api}/auth/loginadmin`, body);

  it.each([
    ['lower case', DEMO.exampleBeid, DEMO.exampleKey],
    ['upper case', DEMO.exampleBeid.toUpperCase(), DEMO.exampleKey.toUpperCase()],
    ['mixed case', '5D4e3F2a-1b0C-4d9E-8f7A-6b5C4d3E2f10', '9A8b7C6d-5E4f-4A3b-9C2d-1E0f9A8b7C6d'],
  ])('accepts the pair in %s and issues a token for the service account', async (_case, beid, key) => {
    const reply = await loginAdmin({ BEID: beid, WebServicesKey: key });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeJwt(reply.text).claims.unique_name).toBe(SERVICE_ACCOUNT);
  });

  it('matches the key names without regard to letter case', async () => {
    const reply = await loginAdmin({ beid: DEMO.exampleBeid, WEBSERVICESKEY: DEMO.exampleKey });
    expect(reply.status).toBe(200);
    expect(decodeJwt(reply.text).claims.unique_name).toBe(SERVICE_ACCOUNT);
  });

  it('accepts the pair as form fields', async () => {
    const reply = await post(
      `${server.api}/auth/loginadmin`,
      `beid=${DEMO.exampleBeid}&WebServicesKey=${DEMO.exampleKey.toUpperCase()}`,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect(reply.status).toBe(200);
    expect(decodeJwt(reply.text).claims.unique_name).toBe(SERVICE_ACCOUNT);
  });

  it('answers a wrong key, an unknown BEID and an inactive organization with a wrong key identically', async () => {
    const replies = [
      await loginAdmin({ BEID: DEMO.exampleBeid, WebServicesKey: OTHER_GUID }),
      await loginAdmin({ BEID: OTHER_GUID, WebServicesKey: DEMO.exampleKey }),
      await loginAdmin({ BEID: DEMO.closedBeid, WebServicesKey: OTHER_GUID }),
      // Another organization's valid key does not open this one.
      await loginAdmin({ BEID: DEMO.exampleBeid, WebServicesKey: DEMO.closedKey }),
    ];
    for (const reply of replies) {
      expectApiError(reply, 401, 'invalid_credentials');
      expect(reply.text).toBe(replies[0]!.text);
    }
  });

  it('tells an inactive organization so only with its right key: 403 account_inactive', async () => {
    const reply = await loginAdmin({ BEID: DEMO.closedBeid, WebServicesKey: DEMO.closedKey });
    expectApiError(reply, 403, 'account_inactive');
  });

  const valid = { BEID: DEMO.exampleBeid, WebServicesKey: DEMO.exampleKey };
  const invalidValues: [string, unknown][] = [
    ['not a GUID', 'not-a-guid'],
    ['a GUID without hyphens', DEMO.exampleKey.replaceAll('-', '')],
    ['a GUID in braces', `{${DEMO.exampleKey}}`],
    ['a GUID with a letter beyond f', DEMO.exampleKey.replace('9', 'g')],
    ['empty', ''],
    ['blank', '   '],
    ['a number', 12345],
    ['null', null],
    ['an array', [DEMO.exampleKey]],
  ];
  const cases = (['BEID', 'WebServicesKey'] as const).flatMap((field) => [
    ...invalidValues.map(
      ([what, value]) => [`${field} ${what}`, field, { ...valid, [field]: value }] as const,
    ),
    [
      `${field} missing`,
      field,
      Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field)),
    ] as const,
  ]);

  it.each(cases)('refuses %s with a 400 that names the field', async (_case, field, body) => {
    const { message } = expectApiError(await loginAdmin(body), 400, 'bad_request');
    expect(message).toContain(field);
    expect(message).not.toContain(field === 'BEID' ? 'WebServicesKey' : 'BEID');
  });
});
