import { describe, expect, it, vi } from 'vitest';
import { catchPageLoadsInEachTest } from '@/testing/page-loads';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { EMULATOR_SANDBOX } from '@/lib/connection';
import { clearSsoAttempts, mayRedirectAgain, startSsoRedirect, takeSsoNext } from './sso-redirect';

const NOW = Date.parse('2026-03-02T12:00:00Z');

describe('the SSO redirect and its loop guard', () => {
  const assign = catchPageLoadsInEachTest();

  fakeDateInEachTest(NOW);

  it('goes to loginsso with the callback as the return path, and remembers where to go after', () => {
    startSsoRedirect('/token');
    expect(assign).toHaveBeenCalledWith('/TDWebApi/api/auth/loginsso?returnTo=%2Fsso%2Fcallback');
    expect(takeSsoNext()).toBe('/token');
    expect(takeSsoNext()).toBe('/profile');
  });

  it('never remembers an unsafe next path', () => {
    startSsoRedirect('//evil.com');
    expect(takeSsoNext()).toBe('/profile');
  });

  it('allows two round trips within a minute, then stops', () => {
    expect(mayRedirectAgain()).toBe(true);
    startSsoRedirect('/profile');
    expect(mayRedirectAgain()).toBe(true);
    startSsoRedirect('/profile');
    expect(mayRedirectAgain()).toBe(false);
    vi.setSystemTime(NOW + 60_001);
    expect(mayRedirectAgain()).toBe(true);
  });

  it('forgets the attempts once SSO succeeded', () => {
    startSsoRedirect('/profile');
    startSsoRedirect('/profile');
    clearSsoAttempts();
    expect(mayRedirectAgain()).toBe(true);
  });

  it('goes through the selected connection', () => {
    startSsoRedirect('/profile', { ...EMULATOR_SANDBOX });
    expect(assign).toHaveBeenCalledWith('/SBTDWebApi/api/auth/loginsso?returnTo=%2Fsso%2Fcallback');
  });
});
