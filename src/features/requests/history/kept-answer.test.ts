import { describe, expect, it } from 'vitest';
import type { RawAnswer } from '@/lib/api-client';
import { keptAnswer } from './kept-answer';

const answer = (text: string) => ({ status: 200, text }) as RawAnswer;
const GET = { method: 'GET' as const, path: '/api/people/lookup' };

describe('keptAnswer', () => {
  it('keeps an answer up to a million characters, its secrets masked; none larger, and never a sign-in’s', () => {
    expect(keptAnswer(GET, answer('{"a":1}'))).toEqual({ kept: true, text: '{"a":1}', masked: false });
    expect(keptAnswer(GET, answer(`"${'x'.repeat(1_000_000)}"`))).toEqual({
      kept: false,
      why: 'The answer was too large to keep (over 1,000,000 characters).',
    });
    expect(keptAnswer({ method: 'POST', path: '/api/auth/loginadmin' }, answer('a.b.c'))).toMatchObject({
      kept: false,
    });
    expect(keptAnswer(GET, answer('{"Token":"t"}'))).toEqual({
      kept: true,
      text: '{"Token":"<redacted>"}',
      masked: true,
    });
  });
});
