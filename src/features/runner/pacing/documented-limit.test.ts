import { describe, expect, it } from 'vitest';
import { documentedLimitOf } from './documented-limit';

describe('documentedLimitOf', () => {
  it('finds the operation a concrete path calls, a literal segment before a parameter', () => {
    expect(documentedLimitOf('GET', '/api/people/2f6e0c43-3a39-4f5b-9f8e-0d2b5b2b1a11')).toEqual({
      calls: 60,
      windowSeconds: 60,
      scope: 'ip',
    });
    expect(documentedLimitOf('POST', '/api/31/tickets?EnableNotifyReviewer=false')).toMatchObject({
      calls: 30,
      windowSeconds: 60,
    });
  });

  it('says so when no source states a limit, or the catalog has no such operation', () => {
    expect(documentedLimitOf('GET', '/api/no/such/thing')).toBe('not documented');
  });
});
