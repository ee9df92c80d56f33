import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearerChallenges } from './bearer-challenges.ts';

const scheme = fc.constantFrom(
  'Bearer',
  'bearer',
  'BEARER',
  'Basic',
  'Digest',
  'Negotiate',
  'NTLM',
  'Newauth',
);
const quoted = fc
  .string({ maxLength: 8, unit: fc.constantFrom('a', ' ', ',', '=', 'Basic', 'Bearer', '\\"', '\\\\') })
  .map((text) => `"${text}"`);
const param = fc
  .tuple(
    fc.constantFrom('realm', 'error', 'scope', 'charset', 'nonce'),
    fc.oneof(quoted, fc.constantFrom('x', 'UTF-8')),
  )
  .map(([name, value]) => `${name}=${value}`);
const challenge = fc
  .tuple(
    scheme,
    fc.oneof(
      fc.constant(''),
      fc.array(param, { minLength: 1, maxLength: 3 }).map((params) => ` ${params.join(', ')}`),
      fc.constantFrom(' abc==', ' YWxhZGRpbjpvcGVu'),
    ),
  )
  .map(([name, rest]) => ({ bearer: name.toLowerCase() === 'bearer', text: name + rest }));

describe('bearerChallenges', () => {
  it('keeps exactly the Bearer challenges, in order, however the challenges are spread over header lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(challenge, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        (lines) => {
          const kept = lines
            .flat()
            .filter((c) => c.bearer)
            .map((c) => c.text);
          const values = lines.map((line) => line.map((c) => c.text).join(', '));
          expect(bearerChallenges(values)).toBe(kept.length ? kept.join(', ') : undefined);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([['Basic realm="x" junk "'], ['Bearer realm="unclosed'], [', Bearer'], ['Bearer ,, Basic']])(
    'drops a value that does not parse: %j',
    (value) => {
      expect(bearerChallenges([value])).toBeUndefined();
    },
  );
});
