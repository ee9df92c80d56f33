import { describe, expect, it } from 'vitest';
import { limitWords } from './limit-words';

describe('a documented limit in words', () => {
  it('names the calls, the window and who shares the counter', () => {
    expect(limitWords({ calls: 60, windowSeconds: 60, scope: 'ip' })).toBe(
      '60 calls a minute per IP address',
    );
    expect(limitWords({ calls: 1, windowSeconds: 3600, scope: 'user' })).toBe('1 call an hour per user');
    expect(limitWords({ calls: 10, windowSeconds: 120, scope: 'organization' })).toBe(
      '10 calls every 2 minutes per organization',
    );
    expect(limitWords({ calls: 5, windowSeconds: 10, scope: 'ip' })).toBe(
      '5 calls every 10 seconds per IP address',
    );
    expect(limitWords({ calls: 5, windowSeconds: 1, scope: 'ip' })).toBe('5 calls a second per IP address');
  });

  it('says so when no source states one', () => {
    expect(limitWords('not documented')).toBe('Limit not documented');
  });
});
