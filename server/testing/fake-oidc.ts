import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import type { Config } from '../config/config.ts';
import { startTestServer, type TestServer } from './start-server.ts';

/** How the fake provider's ID token differs from a good one. */
export type FakeMode =
  'valid' | 'bad_signature' | 'wrong_audience' | 'wrong_nonce' | 'wrong_issuer' | 'expired';

export interface FakeProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the next ID tokens look like; change it between sign-ins. */
  mode: FakeMode;
  /** The claims of the identity it signs in (no login page: /authorize answers at once). */
  claims: JWTPayload;
  /** What its userinfo endpoint adds to `sub`. */
  userinfo: Record<string, unknown>;
  close(): Promise<void>;
}

interface PendingCode {
  nonce: string;
  clientId: string;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** RFC 6749 2.3.1: both halves are form-urlencoded before they are joined and base64-encoded. */
function basicCredentials(header: string | undefined): string {
  const encoded = /^Basic (.+)$/.exec(header ?? '')?.[1] ?? '';
  const [id = '', secret = ''] = Buffer.from(encoded, 'base64').toString().split(':');
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  return `${decode(id)}:${decode(secret)}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}

/**
 * A tiny OpenID Connect provider on node:http that signs with its own jose keys and can be told to send ID tokens
 * that are wrong in exactly one way: what a real provider will not do on request.
 */
export async function startFakeProvider(into: Partial<FakeProvider> = {}): Promise<FakeProvider> {
  const kid = 'fake-key';
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(good.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeProvider = Object.assign(into, {
    issuer,
    clientId: 'fake-client',
    clientSecret: 'fake-client-secret',
    mode: 'valid' as const,
    claims: { sub: 'fake-jane', email: 'JDoe@Example.edu', email_verified: true },
    userinfo: {},
    close: () => new Promise<void>((done) => server.close(() => done())),
  });

  async function idToken(code: PendingCode): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const mode = fake.mode;
    const claims: JWTPayload = {
      ...fake.claims,
      iss: mode === 'wrong_issuer' ? 'http://127.0.0.1:1/elsewhere' : issuer,
      aud: mode === 'wrong_audience' ? 'someone-else' : code.clientId,
      nonce: mode === 'wrong_nonce' ? 'not-the-nonce' : code.nonce,
      iat: mode === 'expired' ? now - 7200 : now,
      exp: mode === 'expired' ? now - 3600 : now + 600,
    };
    const key = mode === 'bad_signature' ? other.privateKey : good.privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        end_session_endpoint: `${issuer}/logout`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [publicJwk] });
    if (url.pathname === '/userinfo') {
      if (!req.headers.authorization?.startsWith('Bearer '))
        return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, { ...fake.userinfo, sub: fake.claims.sub });
    }
    if (url.pathname === '/authorize') {
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        clientId: url.searchParams.get('client_id') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const params = new URLSearchParams(await readBody(req));
      if (basicCredentials(req.headers.authorization) !== `${fake.clientId}:${fake.clientSecret}`) {
        return json(res, 401, { error: 'invalid_client' });
      }
      const code = codes.get(params.get('code') ?? '');
      if (!code || !params.get('code_verifier')) return json(res, 400, { error: 'invalid_grant' });
      codes.delete(params.get('code') ?? '');
      return json(res, 200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 600,
        id_token: await idToken(code),
      });
    }
    return json(res, 404, { error: 'not_found' });
  }

  return fake;
}

/**
 * An emulator whose external identity provider is a fresh fake provider (made in `into`, when given); stop both
 * with `stop()`.
 */
export async function startWithFakeProvider(config: Partial<Config> = {}, into: Partial<FakeProvider> = {}) {
  const fake = await startFakeProvider(into);
  const server = await startTestServer({
    config: {
      ...config,
      sso: {
        kind: 'external',
        issuer: fake.issuer,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
      },
    },
  });
  return {
    fake,
    server,
    stop: async () => {
      await server.stop(true);
      await fake.close();
    },
  };
}

/**
 * startWithFakeProvider for the tests of the enclosing `describe`: both started before them and stopped after. The
 * objects returned are filled in as they start, so a test reads (and sets) them as it would the provider and server.
 */
export function useFakeProvider(config: Partial<Config> = {}) {
  const fake = {} as FakeProvider;
  const server = {} as TestServer;
  let stop = () => Promise.resolve();
  beforeAll(async () => {
    const started = await startWithFakeProvider(config, fake);
    Object.assign(server, started.server);
    stop = started.stop;
  });
  afterAll(() => stop());
  return { fake, server };
}
