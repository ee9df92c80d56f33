import { SignJWT, type JWTPayload } from 'jose';
import { loadSigningKeys } from '../store/signing-keys.ts';
import type { TestServer } from './start-server.ts';

export function b64url(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** A JWT's header and claims, decoded without any checking. */
export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
} {
  const [header = '', claims = ''] = token.split('.');
  const part = (text: string) =>
    JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: part(header), claims: part(claims) };
}

/** The server's own HS256 secret, read from its database: lets a test forge tokens that differ in one thing only. */
export function signingKeyOf(server: TestServer): Uint8Array {
  return loadSigningKeys(server.app.db).current;
}

/** Claims like the server's, for a user of the demo realm's first organization, issued at the server clock's time. */
export function claimsFor(server: TestServer, username: string): JWTPayload {
  const nbf = Math.floor(server.clock.now() / 1000);
  return {
    unique_name: username,
    tdx_entity: '1001',
    tdx_partition: '1',
    nbf,
    exp: nbf + 86_400,
    iat: nbf,
    iss: 'TD',
    aud: 'https://www.teamdynamix.com/',
  };
}

/** Signs claims with a key and any HMAC algorithm (header `{"alg":…,"typ":"JWT"}`, as the server's). */
export function sign(claims: JWTPayload, key: Uint8Array, alg = 'HS256'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}
