import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/render';
import { signInForTest } from '@/testing/session';

vi.mock('@/features/token/components/token-page', () => ({
  default: () => {
    throw new Error('the token screen broke');
  },
}));

describe('a screen that throws', () => {
  beforeEach(() => {
    signInForTest();
    // React and React Router report the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it("shows the console's error screen with ways back, not React Router's default", async () => {
    renderRoute('/token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go to the profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('the token screen broke');
  });
});
