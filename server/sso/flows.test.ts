import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.ts';
import { TestBrowser } from '../testing/browser.ts';
import { loginSsoUrl } from '../testing/sso.ts';
import { startTestServer } from '../testing/start-server.ts';
import { FLOW_LIFETIME_MS, SsoFlows, type Flow } from './flows.ts';

const FLOW: Flow = { nonce: 'n', codeVerifier: 'v', returnTo: null, apiBase: '/TDWebApi' };

describe('pending sign-ins', () => {
  it('a loginsso start writes nothing to the database', async () => {
    const server = await startTestServer();
    try {
      const changes = server.app.db.prepare('SELECT total_changes() AS n').pluck();
      // The first start also makes the provider's keys; count from the second on.
      expect((await new TestBrowser().get(loginSsoUrl(server.api))).status).toBe(302);
      const before = changes.get();
      for (let i = 0; i < 5; i++) {
        expect((await new TestBrowser().get(loginSsoUrl(server.api))).status).toBe(302);
      }
      expect(changes.get()).toBe(before);
    } finally {
      await server.stop(true);
    }
  });

  it('keeps at most its capacity: the oldest flows go first, the newest still work', () => {
    const clock = new ManualClock(0);
    const flows = new SsoFlows(clock, 100);
    for (let i = 0; i < 1_000; i++) {
      clock.advance(1);
      flows.start(`state-${i}`, `browser-${i}`, FLOW);
    }
    expect(flows.size).toBe(100);
    expect(flows.take('state-0', 'browser-0')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(flows.take('state-899', 'browser-899')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(flows.latestFor('browser-899')).toBeNull();
    expect(flows.take('state-900', 'browser-900')).toMatchObject({ ok: true });
    expect(flows.take('state-999', 'browser-999')).toMatchObject({ ok: true });
  });

  it('a start drops the flows kept past an hour, and only those', () => {
    const clock = new ManualClock(0);
    const flows = new SsoFlows(clock);
    for (let i = 0; i < 50; i++) flows.start(`old-${i}`, 'browser', FLOW);
    clock.advance(30 * 60_000);
    for (let i = 0; i < 50; i++) flows.start(`recent-${i}`, 'browser', FLOW);
    clock.advance(31 * 60_000);
    flows.start('new', 'browser', FLOW);
    expect(flows.size).toBe(51);
    expect(flows.take('old-0', 'browser')).toMatchObject({ ok: false, reason: 'unknown' });
    // Lapsed but within the hour: still told apart from a state this server never sent.
    expect(flows.take('recent-0', 'browser')).toMatchObject({ ok: false, reason: 'expired' });
    expect(flows.take('recent-0', 'browser')).toMatchObject({ ok: false, reason: 'replayed' });
    clock.advance(FLOW_LIFETIME_MS - 1);
    expect(flows.take('new', 'browser')).toMatchObject({ ok: true });
    expect(flows.latestFor('browser')).toEqual(FLOW);
  });
});
