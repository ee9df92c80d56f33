import { describe, expect, it } from 'vitest';
import { makeJwt } from '@/testing/tokens';
import { decodeToken } from './jwt';
import { cleanTokenText } from './token-text';

describe('cleanTokenText', () => {
  const token = makeJwt({ unique_name: 'jdoe@example.edu', exp: 1_772_539_200 });

  it.each([
    ['the bare token', token],
    ['surrounding whitespace', `\n  ${token}\t \n`],
    ['double quotes (a JSON string)', `"${token}"`],
    ['single quotes', `'${token}'`],
    ['backticks', `\`${token}\``],
    ['quotes and spaces nested', ` " '${token}' " `],
    ['a Bearer prefix', `Bearer ${token}`],
    ['a lower-case bearer prefix with spaces', `bearer   ${token}`],
    ['a quoted Bearer header value', `"Bearer ${token}"`],
  ])('strips %s', (_name, text) => {
    expect(cleanTokenText(text)).toBe(token);
  });

  it('leaves unmatched quotes alone', () => {
    expect(cleanTokenText(`"${token}`)).toBe(`"${token}`);
  });

  it.each([
    ['an Authorization header line', (t: string) => `Authorization: Bearer ${t}`],
    ['Bearer around quotes', (t: string) => `Bearer "${t}"`],
    ['quotes around Bearer', (t: string) => `'Bearer ${t}'`],
  ])('strips %s', (_name, wrap) => {
    expect(cleanTokenText(wrap(token))).toBe(token);
  });

  it('cleans to a token the decoder accepts', () => {
    expect(decodeToken(cleanTokenText(` "Bearer ${token}"\n`))?.claims.unique_name).toBe('jdoe@example.edu');
  });
});
