import { useMutation } from '@tanstack/react-query';
import { rateMethodOf } from '@/lib/rate-method';
import type { Connection } from '@/lib/connection';
import { api, signInConnection } from '@/session/client/api';
import { describeFailure, type Failure } from '@/session/errors/describe-failure';
import { issuedTokenFrom, type IssuedToken } from '@/session/sign-in/issued-token';
import { startSession } from '@/session/sign-in/start-session';
import { useEnterSession } from '@/session/sign-in/use-enter-session';

export interface AdminKey {
  beid: string;
  webServicesKey: string;
}

const LOGIN_ADMIN_PATH = '/api/auth/loginadmin';

/** The rate-limit key loginadmin calls are counted under. */
export const LOGIN_ADMIN_RATE_METHOD = rateMethodOf('POST', LOGIN_ADMIN_PATH);

/**
 * `loginadmin` on `connection` with an organization's BEID and WebServicesKey. No session is read or started
 * (`auth: false`); each connection's rate limit is its own (the request path counts per base).
 */
export async function requestAdminToken(
  connection: Connection,
  { beid, webServicesKey }: AdminKey,
  signal?: AbortSignal,
): Promise<IssuedToken> {
  const response = await api.send({
    method: 'POST',
    path: LOGIN_ADMIN_PATH,
    body: { BEID: beid, WebServicesKey: webServicesKey },
    auth: false,
    base: connection.baseUrl,
    signal,
  });
  return issuedTokenFrom(response, connection);
}

/** The key on the connection the next sign-in uses; never touches the current session. */
function loginWithAdminKey(key: AdminKey): Promise<IssuedToken> {
  return requestAdminToken(signInConnection(), key);
}

/** What the form hears of a call: its token, or a failure in words. */
interface KeyForm {
  onToken: (issued: IssuedToken) => void;
  onFailure: (failure: Failure) => void;
}

/**
 * Sign-in with an admin key, from the click to the screen it returns to: `signIn` asks loginadmin and starts the
 * session with its token, `signInWith` starts it with a token that `test` brought (`test` alone starts nothing).
 * The call, the start of the session and the way there are all here; the page renders `isPending` and reports what
 * these hand its form.
 */
export function useAdminKeySignIn(returnTo: string) {
  const mutation = useMutation({ mutationFn: loginWithAdminKey, meta: { handlesOwnErrors: true } });
  const enterAt = useEnterSession();

  function ask(key: AdminKey, form: KeyForm, then?: (issued: IssuedToken) => void) {
    mutation.mutate(key, {
      onSuccess: (issued) => {
        form.onToken(issued);
        then?.(issued);
      },
      onError: (error) => form.onFailure(describeFailure(error)),
    });
  }

  function start(
    enter: ReturnType<typeof enterAt>,
    issued: IssuedToken,
    beid: string,
    form: Pick<KeyForm, 'onFailure'>,
  ) {
    void enter(() => startSession(issued, 'admin-key', beid)).then((result) => {
      if (!result.ok) form.onFailure({ kind: 'unknown', message: result.message });
    });
  }

  return {
    isPending: mutation.isPending,
    /** Asks loginadmin, and hands the token to the form: the session stays as it is. */
    test: (key: AdminKey, form: KeyForm) => ask(key, form),
    signIn(key: AdminKey, form: KeyForm) {
      // The next screen's code comes while the key is checked, so no empty loading state shows in between.
      const enter = enterAt(returnTo);
      ask(key, form, (issued) => start(enter, issued, key.beid, form));
    },
    signInWith: (issued: IssuedToken, beid: string, form: Pick<KeyForm, 'onFailure'>) =>
      start(enterAt(returnTo), issued, beid, form),
  };
}
