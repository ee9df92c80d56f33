import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { resetConsoleState } from '@/testing/reset';

describe('a screen whose code is loading', () => {
  beforeEach(() => resetConsoleState());
  afterEach(() => resetConsoleState());

  it('shows a visible, named loading bar and says so, until the screen is there', async () => {
    renderRoute('/sso');
    expect(screen.getByRole('progressbar', { name: 'Loading the screen' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the screen…');
    expect(await screen.findByRole('heading', { name: 'Single sign-on' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
