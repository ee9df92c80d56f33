import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SignInMethod } from '@/session/session';
import { jsonAnswer, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { jdoeRecord } from '@/testing/user-record';
import { signInForTest } from '@/testing/session';

const LONG_NAME = 'a.very.long.user.name.for.a.small.screen@departments.example.edu';

function signedIn(method: SignInMethod) {
  signInForTest({ username: LONG_NAME, method });
}

describe('the account menu', () => {
  it.each([
    ['password', 'Signed in with password'],
    ['admin-key', 'Signed in with admin key'],
    ['sso', 'Signed in with single sign-on'],
    ['pasted', 'Signed in with single sign-on, pasted token'],
  ] as const)('after a %s sign-in holds the whole user name and says "%s"', async (method, said) => {
    signedIn(method);
    stubFetch(() => jsonAnswer(jdoeRecord()));
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: LONG_NAME }));
    const menu = screen.getByRole('menu', { name: `Account of ${LONG_NAME}` });
    expect(within(menu).getByText(LONG_NAME)).toBeInTheDocument();
    expect(within(menu).getByText(said)).toBeInTheDocument();
  });
});
