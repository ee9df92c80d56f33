import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldIdentity } from './identity-fold.ts';

describe('foldIdentity: one rule for names and e-mail addresses', () => {
  it.each([
    ['ÉLODIE@example.org', 'élodie@example.org'],
    ['\u212Aate@example.org', 'kate@example.org'],
    ['STRASSE', 'strasse'],
    ['straße', 'strasse'],
    ['ΟΔΟΣ', 'οδοσ'],
    ['ｊｄｏｅ＠example.edu', 'jdoe@example.edu'],
    ['  JDoe@Example.EDU ', 'jdoe@example.edu'],
  ])('%s folds to %s', (text, folded) => {
    expect(foldIdentity(text)).toBe(folded);
  });

  it('keeps distinct identities apart', () => {
    expect(foldIdentity('kate@example.org')).not.toBe(foldIdentity('kâte@example.org'));
  });

  it('is stable: folding twice is folding once', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (text) => {
        expect(foldIdentity(foldIdentity(text))).toBe(foldIdentity(text));
      }),
      { numRuns: 1000 },
    );
  });
});
