import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonReply, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { signInForTest } from '@/testing/session';
import { jdoeRecord } from '@/testing/user-record';
import { routes } from './router';
import { SCREENS, SIGNED_IN_LAYOUT, preloadScreen } from './screens';

function routedPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...routedPaths(route.children ?? [])]);
}

describe('the route table', () => {
  it('is what the router routes: every screen once, and nothing else', () => {
    expect(routedPaths(routes).sort()).toEqual(SCREENS.map((s) => s.path).sort());
  });

  it.each(SCREENS.filter((s) => s.path !== '*'))(
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
    stubFetch(() => jsonReply(jdoeRecord()));
    renderRoute('/profile');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual(
      SCREENS.filter((s) => s.nav).map((s) => [s.path, s.nav]),
    );
  });
});
