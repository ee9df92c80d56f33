import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';

describe('a screen whose code is loading', () => {
  it('shows a visible, named loading bar and says so, until the screen is there', async () => {
    renderRoute('/sso');
    expect(screen.getByRole('progressbar', { name: 'Loading the screen' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the screen…');
    expect(await screen.findByRole('heading', { name: 'Single sign-on' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
