import { describe, expect, it } from 'vitest';
import { checkGuid } from './guid';

const CANONICAL = '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10';

describe('checkGuid', () => {
  it.each([
    ['canonical', CANONICAL],
    ['upper case', CANONICAL.toUpperCase()],
    ['mixed case', '5D4e3F2a-1B0c-4D9e-8F7a-6B5c4D3e2F10'],
    ['surrounding spaces', `  ${CANONICAL}\t`],
    ['braces', `{${CANONICAL}}`],
    ['braces, upper case and spaces', ` {${CANONICAL.toUpperCase()}} `],
    ['spaces inside the braces', `{ ${CANONICAL} }`],
  ])('accepts %s as the canonical lower-case form', (_name, input) => {
    expect(checkGuid(input, 'BEID')).toEqual({ ok: true, value: CANONICAL });
  });

  it.each([
    ['empty', '', 'Enter the BEID.'],
    ['only spaces', '   ', 'Enter the BEID.'],
    ['an opening brace only', `{${CANONICAL}`, 'The BEID has an unmatched brace.'],
    ['a closing brace only', `${CANONICAL}}`, 'The BEID has an unmatched brace.'],
    [
      'a letter beyond f',
      '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2g10',
      'The BEID may contain only the digits 0-9, the letters a-f and hyphens.',
    ],
    [
      'a space inside',
      '5d4e3f2a-1b0c 4d9e-8f7a-6b5c4d3e2f10',
      'The BEID may contain only the digits 0-9, the letters a-f and hyphens.',
    ],
    [
      'too short',
      '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f1',
      'The BEID must have 32 hexadecimal digits (it has 31).',
    ],
    ['too long', `${CANONICAL}0`, 'The BEID must have 32 hexadecimal digits (it has 33).'],
    ['empty braces', '{}', 'The BEID must have 32 hexadecimal digits (it has 0).'],
    [
      'no hyphens',
      CANONICAL.replace(/-/g, ''),
      'The BEID must be grouped 8-4-4-4-12, like 00000000-0000-0000-0000-000000000000.',
    ],
    [
      'hyphens in the wrong places',
      '5d4e3f2a1-b0c-4d9e-8f7a-6b5c4d3e2f10',
      'The BEID must be grouped 8-4-4-4-12, like 00000000-0000-0000-0000-000000000000.',
    ],
  ])('refuses %s with a message saying what is wrong', (_name, input, message) => {
    expect(checkGuid(input, 'BEID')).toEqual({ ok: false, message });
  });

  it('names the field it checks', () => {
    expect(checkGuid('', 'WebServicesKey')).toEqual({ ok: false, message: 'Enter the WebServicesKey.' });
  });

  it('never repeats the rejected value in its message', () => {
    const secret = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6z';
    const result = checkGuid(secret, 'WebServicesKey');
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('9a8b7c6d');
  });
});
