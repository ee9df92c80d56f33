import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { PreloadScreenContext } from '@/lib/preload-screen';
import type { Failure } from '@/session/errors/describe-failure';
import { useSessionStore } from '@/session/stores/session-store';
import { deferred, errorAnswer, stubFetch, textAnswer } from '@/testing/fetch';
import { tdToken } from '@/testing/tokens';
import { useSignIn, type SignInForm } from '@/session/sign-in/use-sign-in';
import { passwordSignIn } from './password-login';

const LOGIN = { endpoint: '/api/auth', username: 'jdoe@example.edu', password: 'Tdx-demo-2026' } as const;

/** A page that does nothing but call the hook and show whether it is busy: what the hook does, it does alone. */
function PageWithoutLogic({ form }: { form: SignInForm }) {
  const login = useSignIn();
  return (
    <button type="button" onClick={() => login.signIn(passwordSignIn(LOGIN, '/token'), form)}>
      {login.isPending ? 'Signing in…' : 'Sign in'}
    </button>
  );
}

function setup(nextScreenCode: Promise<void>) {
  const form = { onToken: vi.fn(), onFailure: vi.fn<(failure: Failure) => void>() };
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <PageWithoutLogic form={form} /> },
      { path: '/token', element: <h1>Token</h1> },
    ],
    { initialEntries: ['/sign-in'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <PreloadScreenContext value={() => nextScreenCode}>
        <RouterProvider router={router} />
      </PreloadScreenContext>
    </Providers>,
  );
  return { form, router, user: userEvent.setup({ delay: null }) };
}

describe('a password sign-in (useSignIn with passwordSignIn)', () => {
  it('logs in, starts the session once the next screen’s code is here, and goes there in place of the form', async () => {
    const code = deferred<void>();
    const { sent } = stubFetch(() => textAnswer(tdToken('jdoe@example.edu', Date.now())));
    const { form, router, user } = setup(code.promise);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(form.onToken).toHaveBeenCalledOnce());
    expect(sent[0]).toMatchObject({ url: '/TDWebApi/api/auth', body: { username: 'jdoe@example.edu' } });
    expect(screen.getByRole('button')).toHaveTextContent('Signing in…');
    expect(useSessionStore.getState().session).toBeNull();

    code.resolve();
    expect(await screen.findByRole('heading', { name: 'Token' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useSessionStore.getState().session).toMatchObject({
      username: 'jdoe@example.edu',
      method: 'password',
    });
    expect(form.onFailure).not.toHaveBeenCalled();
  });

  it('hands a refused login to the form as a failure in words, and starts nothing', async () => {
    stubFetch(() => errorAnswer(401, 'invalid_credentials', 'The user name or password is incorrect.'));
    const { form, router, user } = setup(Promise.resolve());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(form.onFailure).toHaveBeenCalledWith(
        expect.objectContaining({
          kind: 'invalid-credentials',
          message: 'The user name or password is incorrect.',
        }),
      ),
    );
    expect(screen.getByRole('button')).toHaveTextContent('Sign in');
    expect(form.onToken).not.toHaveBeenCalled();
    expect(useSessionStore.getState().session).toBeNull();
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});
