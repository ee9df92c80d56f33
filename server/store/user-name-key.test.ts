import { describe, expect, it } from 'vitest';
import { userNameKey } from './user-name-key.ts';

describe('the user-name key', () => {
  it.each([
    ['jdoe@example.edu', 'jdoe@example.edu'],
    ['  JDoe@Example.EDU\t', 'jdoe@example.edu'],
    ['\u00a0Élodie\n', 'élodie'],
  ])('trims and lower-cases %j to %j', (name, key) => {
    expect(userNameKey(name)).toBe(key);
  });

  it('is plain lower case, not the identity rule of single sign-on', () => {
    expect(userNameKey('STRASSE')).not.toBe(userNameKey('straße'));
    expect(userNameKey('ＪＤＯＥ')).toBe('ｊｄｏｅ');
  });

  it('is its own key: applying it twice changes nothing', () => {
    for (const name of [' A ', 'b', '\tÇ\t']) expect(userNameKey(userNameKey(name))).toBe(userNameKey(name));
  });
});
