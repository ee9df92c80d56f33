/** Real three-part JWTs for tests, built by hand: the console only decodes tokens, it never verifies them. */

function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const TEST_HEADER = { alg: 'HS256', typ: 'JWT' } as const;

export function makeJwt(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = TEST_HEADER,
): string {
  return [
    base64url(JSON.stringify(header)),
    base64url(JSON.stringify(claims)),
    base64url('signature-the-console-never-checks'),
  ].join('.');
}

/** Claims shaped like the Web API's: issued at `issuedAtMs` (server clock), valid for `lifetimeSeconds`. */
export function tdClaims(username: string, issuedAtMs: number, lifetimeSeconds = 86_400) {
  const nbf = Math.floor(issuedAtMs / 1000);
  return {
    unique_name: username,
    iss: 'TD',
    aud: 'https://www.teamdynamix.com/',
    nbf,
    exp: nbf + lifetimeSeconds,
  };
}

export function tdToken(username: string, issuedAtMs: number, lifetimeSeconds?: number): string {
  return makeJwt(tdClaims(username, issuedAtMs, lifetimeSeconds));
}
