import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { SignJWT, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.ts';
import { b64url, claimsFor, decodeJwt, sign, signingKeyOf } from '../testing/jwt.ts';
import { expectApiError } from '../testing/api-error.ts';
import type { RawResponse } from '../testing/http-client.ts';
import { getUser, getWithAuth } from '../testing/requests.ts';
import { DEMO, login, loginAdmin, startTestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { Tokens } from './tokens.ts';

const DAY_MS = 86_400_000;

function expectRefused(reply: RawResponse) {
  expectApiError(reply, 401, 'invalid_token');
  expect(reply.headers['www-authenticate']).toMatch(/^Bearer\b/);
}

describe('issued tokens', () => {
  const server = useTestServer();

  it('have the real service’s header, {"alg":"HS256","typ":"JWT"} in that order', async () => {
    const token = await login(server.api, DEMO.jdoe);
    expect(token.split('.')[0]).toBe('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9');
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).toBe(
      '{"alg":"HS256","typ":"JWT"}',
    );
  });

  it('carry the real service’s claims in its order, iat = nbf = issue time and exp = nbf + 86400, nothing else', async () => {
    const nbf = Math.floor(server.clock.now() / 1000);
    const token = await login(server.api, DEMO.jdoe);
    const text = Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8');
    expect(text).toBe(
      `{"unique_name":"${DEMO.jdoe}","tdx_entity":"1001","tdx_partition":"1","nbf":${nbf},"exp":${nbf + 86_400},` +
        `"iat":${nbf},"iss":"TD","aud":"https://www.teamdynamix.com/"}`,
    );
  });

  it('take tdx_entity from the organization’s BEIDInt and tdx_partition "1" when the realm gives neither', async () => {
    const { claims } = decodeJwt(await loginAdmin(server.api));
    expect(claims).toMatchObject({ tdx_entity: '1001', tdx_partition: '1' });
  });
});

it('take tdx_entity and tdx_partition from the organization’s TdxEntity and TdxPartition in the realm', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'realm-claims-'));
  const realmFile = join(dir, 'realm.json');
  writeFileSync(
    realmFile,
    JSON.stringify({
      organizations: [
        {
          Name: 'Test College',
          BEID: '11111111-2222-4333-8444-555555555555',
          BEIDInt: 7,
          TdxEntity: '2',
          TdxPartition: '18',
          AdminAccount: {
            UserName: 'svc@test.example',
            WebServicesKey: '66666666-7777-4888-9999-000000000000',
            Active: true,
          },
          Users: [{ UserName: 'ci@test.example', Password: 'Ci-password-1' }],
        },
      ],
    }),
  );
  const server = await startTestServer({ config: { realmFile } });
  try {
    const { claims } = decodeJwt(await login(server.api, 'ci@test.example', 'Ci-password-1'));
    expect(claims).toMatchObject({ unique_name: 'ci@test.example', tdx_entity: '2', tdx_partition: '18' });
  } finally {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('token lifetime, by the clock', () => {
  const server = useTestServer();
  const tokens = new Map<string, string>();
  let issuedAt: number;
  beforeAll(async () => {
    issuedAt = server.clock.now();
    tokens.set('used', await login(server.api, DEMO.jdoe));
    tokens.set('unused', await login(server.api, DEMO.asmith));
  });

  // One token is used at once and then checked at other times; the other is first shown late. Between them they
  // take both ways through the server, whether or not it remembers tokens it has already verified.
  it.each([
    ['used', 'at issue', 0, 200],
    ['used', 'one second before nbf', -1_000, 401],
    ['used', 'at +23:59:59', DAY_MS - 1_000, 200],
    ['used', 'at +24:00:00 (exp is the first invalid second)', DAY_MS, 401],
    ['used', 'at +24:00:01', DAY_MS + 1_000, 401],
    ['unused', 'at +24:00:01', DAY_MS + 1_000, 401],
    ['unused', 'one second before nbf', -1_000, 401],
    ['unused', 'at +23:59:59', DAY_MS - 1_000, 200],
  ])('a %s token %s: %s', async (which, _when, offset, status) => {
    server.clock.set(issuedAt + offset);
    const reply = await getUser(server.api, tokens.get(which)!);
    if (status === 200) expect(reply.status).toBe(200);
    else expectRefused(reply);
  });
});

describe('signing key', () => {
  it('survives a restart on the same data directory, and differs between data directories', async () => {
    const first = await startTestServer();
    const token = await login(first.api, DEMO.jdoe);
    await first.stop();
    const again = await startTestServer({ dataDir: first.dataDir });
    const other = await startTestServer();
    try {
      expect((await getUser(again.api, token)).status).toBe(200);
      expectRefused(await getUser(other.api, token));
    } finally {
      await again.stop(true);
      await other.stop(true);
    }
  });
});

describe('tokens and Authorization headers that must be refused', () => {
  // A high limit, so the rate limiter never answers instead of the token check.
  const server = useTestServer({ config: { rateLimit: 10_000 } });
  let token: string;
  let key: Uint8Array;
  // Builds the parts of a token by hand: header and claims as given, signature as given.
  const raw = (header: object, claims: object, signature = '') =>
    `${b64url(header)}.${b64url(claims)}.${signature}`;
  const hmac = (input: string) => createHmac('sha256', key).update(input).digest('base64url');
  const without = (name: string) => {
    const claims = claimsFor(server, DEMO.jdoe);
    delete claims[name];
    return sign(claims, key);
  };

  beforeAll(async () => {
    token = await login(server.api, DEMO.jdoe);
    key = signingKeyOf(server);
  });

  it('accepts a token forged with the server key and the same claims (so the refusals below are for what differs)', async () => {
    expect((await getUser(server.api, await sign(claimsFor(server, DEMO.jdoe), key))).status).toBe(200);
    expect((await getUser(server.api, token)).status).toBe(200);
  });

  const noneVariants = ['none', 'None', 'NONE', 'nOnE'];
  const attacks: [string, () => string | Promise<string>][] = [
    ...noneVariants.map((alg): [string, () => string] => [
      `alg ${alg}, unsigned`,
      () => raw({ typ: 'JWT', alg }, claimsFor(server, DEMO.jdoe)),
    ]),
    ...noneVariants.map((alg): [string, () => string] => [
      `alg ${alg}, with an HMAC of the server key`,
      () => {
        const unsigned = raw({ typ: 'JWT', alg }, claimsFor(server, DEMO.jdoe)).slice(0, -1);
        return `${unsigned}.${hmac(unsigned)}`;
      },
    ]),
    ['HS384 with the server key', () => sign(claimsFor(server, DEMO.jdoe), key, 'HS384')],
    ['HS512 with the server key', () => sign(claimsFor(server, DEMO.jdoe), key, 'HS512')],
    [
      'RS256 with its own key pair',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT(claimsFor(server, DEMO.jdoe))
          .setProtectedHeader({ typ: 'JWT', alg: 'RS256' })
          .sign(privateKey);
      },
    ],
    [
      'a payload changed to another user',
      () => {
        const [header, , signature] = token.split('.');
        return `${header}.${b64url({ ...decodeJwt(token).claims, unique_name: DEMO.asmith })}.${signature}`;
      },
    ],
    [
      'a changed signature',
      () => {
        const [header, payload, signature = ''] = token.split('.');
        // The first character: the last one's low bits are padding, and changing those may leave the bytes as they were.
        return `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      },
    ],
    ['an empty signature', () => token.slice(0, token.lastIndexOf('.') + 1)],
    ['no exp', () => without('exp')],
    ['no nbf', () => without('nbf')],
    ['no unique_name', () => without('unique_name')],
    ['iss other than TD', () => sign({ ...claimsFor(server, DEMO.jdoe), iss: 'TDX' }, key)],
    [
      'aud other than the service',
      () => sign({ ...claimsFor(server, DEMO.jdoe), aud: 'https://evil.example/' }, key),
    ],
    ['signed with another key', () => sign(claimsFor(server, DEMO.jdoe), randomBytes(64))],
    ['a user that does not exist', () => sign(claimsFor(server, 'nobody@example.edu'), key)],
    ['an inactive user', () => sign(claimsFor(server, DEMO.retired), key)],
    [
      "an inactive organization's service account",
      () => sign(claimsFor(server, 'api-admin@closed.example.edu'), key),
    ],
    ['garbage', () => 'not-a-jwt'],
    ['two parts', () => token.slice(0, token.lastIndexOf('.'))],
    ['four parts', () => `${token}.${token.split('.')[2]}`],
    [
      'a 10 KB token',
      async () => {
        const huge = await sign({ ...claimsFor(server, DEMO.jdoe), pad: 'x'.repeat(7_500) }, key);
        expect(huge.length).toBeGreaterThan(10_000);
        return huge;
      },
    ],
  ];

  it.each(attacks)('refuses a token with %s', async (_name, build) => {
    expectRefused(await getUser(server.api, await build()));
  });

  const badHeaders: [string, (token: string) => string | undefined][] = [
    ['no Authorization header', () => undefined],
    ['"Bearer" alone', () => 'Bearer'],
    ['"Bearer undefined"', () => 'Bearer undefined'],
    ['the Basic scheme', () => `Basic ${Buffer.from(`${DEMO.jdoe}:${DEMO.password}`).toString('base64')}`],
    ['another scheme with the token', (t) => `Token ${t}`],
    ['the token without a scheme', (t) => t],
    ['junk after the token', (t) => `Bearer ${t} junk`],
    ['junk stuck to the token', (t) => `Bearer ${t}junk`],
    ['two tokens', (t) => `Bearer ${t}, Bearer ${t}`],
  ];

  it.each(badHeaders)('refuses %s', async (_name, header) => {
    expectRefused(await getWithAuth(`${server.api}/auth/getuser`, header(token)));
  });

  // RFC 7235: the scheme name is case-insensitive; RFC 6750: "Bearer" 1*SP b64token, so more spaces are allowed.
  it.each([
    ['lower-case scheme', (t: string) => `bearer ${t}`],
    ['upper-case scheme', (t: string) => `BEARER ${t}`],
    ['two spaces after the scheme', (t: string) => `Bearer  ${t}`],
  ])('accepts a %s', async (_name, header) => {
    expect((await getWithAuth(`${server.api}/auth/getuser`, header(token))).status).toBe(200);
  });
});

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Other spellings of one token that Node's lenient base64 decoding reads as the same bytes: `=` padding, the
 * standard alphabet's `+` and `/`, and set low bits in a part's last character (bits that carry no data).
 */
function respelling(token: string): fc.Arbitrary<string> {
  const parts = token.split('.');
  return fc
    .record({
      part: fc.integer({ min: 0, max: 2 }),
      lowBits: fc.integer({ min: 0, max: 15 }),
      padding: fc.integer({ min: 0, max: 2 }),
      standardAlphabet: fc.boolean(),
    })
    .map(({ part, lowBits, padding, standardAlphabet }) => {
      const text = parts[part]!;
      const unusedBits = [0, 0, 4, 2][text.length % 4]!;
      const last = B64URL.indexOf(text.at(-1)!);
      let spelled = text.slice(0, -1) + B64URL[last | (lowBits & ((1 << unusedBits) - 1))]!;
      if (standardAlphabet) spelled = spelled.replaceAll('-', '+').replaceAll('_', '/');
      spelled += '='.repeat(padding);
      return parts.map((p, i) => (i === part ? spelled : p)).join('.');
    })
    .filter((spelling) => spelling !== token);
}

describe('one spelling per token', () => {
  it('refuses every other base64 spelling of a valid token, and remembers only the token itself', async () => {
    const clock = new ManualClock(Date.parse('2026-03-02T12:00:00Z'));
    const tokens = await Tokens.create({ current: randomBytes(64), retired: [] }, clock);
    const token = await tokens.issue({ username: 'jdoe@example.edu', entity: '2', partition: '18' });
    // The signature (32 bytes, 43 characters) always ends in a character with two unused bits.
    expect(token.split('.')[2]).toHaveLength(43);
    expect(await tokens.verify(token)).toEqual({ ok: true, username: 'jdoe@example.edu' });
    expect(tokens.cachedCount).toBe(1);
    await fc.assert(
      fc.asyncProperty(respelling(token), async (spelling) => {
        expect(await tokens.verify(spelling)).toEqual({ ok: false, reason: 'The token is malformed.' });
      }),
      { numRuns: 300 },
    );
    expect(tokens.cachedCount).toBe(1);
  });

  describe('over HTTP', () => {
    const server = useTestServer({ config: { rateLimit: 10_000 } });
    let token: string;
    beforeAll(async () => {
      token = await login(server.api, DEMO.jdoe);
    });

    it('answers 401 invalid_token to each respelling, as to any malformed token', async () => {
      expect((await getUser(server.api, token)).status).toBe(200);
      await fc.assert(
        fc.asyncProperty(respelling(token), async (spelling) => {
          expectRefused(await getUser(server.api, spelling));
        }),
        { numRuns: 60 },
      );
      expectRefused(await getWithAuth(`${server.api}/auth/getuser`, `Bearer ${token}=`));
    });
  });
});
