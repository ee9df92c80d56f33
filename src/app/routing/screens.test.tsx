import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonAnswer, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { signInForTest } from '@/testing/session';
import { jdoeRecord } from '@/testing/user-record';
import { AUDITED_APART, SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS, visitPath } from '../../../e2e/screen-audits';
import { routes } from './router';
import { SCREEN_CODE, SIGNED_IN_LAYOUT, preloadScreen } from './screen-code';
import { SCREENS } from './screens';

function routedPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...routedPaths(route.children ?? [])]);
}

describe('the route table', () => {
  it('is what the router routes: every screen once, and nothing else', () => {
    expect(routedPaths(routes).sort()).toEqual(SCREENS.map((s) => s.path).sort());
  });

  it.each(SCREEN_CODE.filter((s) => s.path !== '*'))(
    'is what the preloads fetch: $path',
    async ({ path, code, signedIn }) => {
      const layout = vi.spyOn(SIGNED_IN_LAYOUT, 'preload').mockResolvedValue();
      const own = vi.spyOn(code, 'preload').mockResolvedValue();
      await preloadScreen(`${path}?returnTo=%2Fprofile#top`);
      expect(own).toHaveBeenCalledOnce();
      expect(layout).toHaveBeenCalledTimes(signedIn ? 1 : 0);
    },
  );

  it('is what the navigation lists, in its order', async () => {
    signInForTest();
    stubFetch(() => jsonAnswer(jdoeRecord()));
    renderRoute('/profile');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual(
      SCREENS.filter((s) => s.nav).map((s) => [s.path, s.nav]),
    );
  });

  it('sends only the sign-in screen with the first page', () => {
    expect(SCREENS.filter((s) => !s.load).map((s) => s.title)).toEqual(['Sign in']);
  });

  // The end-to-end audits find each screen by its title: it must be the heading the screen shows.
  it.each(SCREENS)('shows its title as the main heading at $path: $title', async (entry) => {
    if (entry.signedIn) signInForTest();
    // getuser answers jdoe; anything else (the SSO callback's loginsso) stays unanswered, so the screen stays put.
    stubFetch((request) =>
      request.url.endsWith('/api/auth/getuser') ? jsonAnswer(jdoeRecord()) : new Promise<Response>(() => {}),
    );
    renderRoute(visitPath(entry));
    expect(await screen.findByRole('heading', { level: 1, name: entry.title })).toBeInTheDocument();
  });
});

describe('the end-to-end audits (accessibility, keyboard)', () => {
  it('visit every screen of the table, signed out or signed in, or audit it apart', () => {
    const audited = new Set([...SIGNED_OUT_SCREENS, ...SIGNED_IN_SCREENS].map((s) => s.path));
    for (const path of AUDITED_APART) audited.add(path);
    expect([...audited].sort()).toEqual(SCREENS.map((s) => s.path).sort());
  });
});
