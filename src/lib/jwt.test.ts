import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { makeJwt } from '@/testing/tokens';
import { decodeToken } from './jwt';

const CLAIMS = {
  unique_name: 'jdoe@example.edu',
  iss: 'TD',
  aud: 'https://www.teamdynamix.com/',
  nbf: 1_772_452_800,
  exp: 1_772_539_200,
};

describe('decodeToken', () => {
  it('decodes the header, claims, expiry and not-before of a token signed like the server signs', async () => {
    const token = await new SignJWT(CLAIMS)
      .setProtectedHeader({ typ: 'JWT', alg: 'HS256' })
      // A JWK rather than bytes: under jsdom, jose does not recognize Uint8Arrays made in the test's realm.
      .sign({ kty: 'oct', k: 'YS10ZXN0LXNlY3JldC1vZi1hdC1sZWFzdC0zMi1ieXRlcyE' });
    expect(token.split('.')).toHaveLength(3);
    expect(decodeToken(token)).toEqual({
      header: { typ: 'JWT', alg: 'HS256' },
      claims: CLAIMS,
      expiresAt: CLAIMS.exp * 1000,
      notBefore: CLAIMS.nbf * 1000,
    });
  });

  it('decodes UTF-8 claims', () => {
    const decoded = decodeToken(makeJwt({ ...CLAIMS, unique_name: 'josé@exämple.edu' }));
    expect(decoded?.claims.unique_name).toBe('josé@exämple.edu');
  });

  it('decodes an unsigned token (empty signature): only the server verifies', () => {
    const [header, claims] = makeJwt(CLAIMS).split('.');
    expect(decodeToken(`${header}.${claims}.`)?.expiresAt).toBe(CLAIMS.exp * 1000);
  });

  it.each([
    ['no exp', { unique_name: 'x', nbf: CLAIMS.nbf }],
    ['exp as text', { ...CLAIMS, exp: String(CLAIMS.exp) }],
    ['exp null', { ...CLAIMS, exp: null }],
    ['exp zero', { ...CLAIMS, exp: 0 }],
    ['exp negative', { ...CLAIMS, exp: -5 }],
  ])('answers expiresAt null for %s', (_name, claims) => {
    const decoded = decodeToken(makeJwt(claims));
    expect(decoded).not.toBeNull();
    expect(decoded?.expiresAt).toBeNull();
  });

  it('answers notBefore null without nbf', () => {
    expect(decodeToken(makeJwt({ exp: CLAIMS.exp }))?.notBefore).toBeNull();
  });

  const good = makeJwt(CLAIMS);
  const [goodHeader = '', goodClaims = ''] = good.split('.');
  const b64 = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

  it.each([
    ['empty', ''],
    ['one part', 'abc'],
    ['two parts', `${goodHeader}.${goodClaims}`],
    ['four parts', `${good}.extra`],
    ['surrounding spaces', ` ${good} `],
    ['a Bearer prefix', `Bearer ${good}`],
    ['standard base64 characters', `${goodHeader}.${goodClaims}+/.sig`],
    ['a header that is not JSON', `${b64('not json')}.${goodClaims}.sig`],
    ['claims that are not JSON', `${goodHeader}.${b64('{"exp":')}.sig`],
    ['claims that are a list', `${goodHeader}.${b64('[1,2]')}.sig`],
    ['claims that are null', `${goodHeader}.${b64('null')}.sig`],
    ['claims that are a number', `${goodHeader}.${b64('42')}.sig`],
    ['parts that are not base64url', 'a.b.c'],
  ])('answers null for a malformed token: %s', (_name, token) => {
    expect(decodeToken(token)).toBeNull();
  });
});
