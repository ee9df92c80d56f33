/**
 * The sso room: single sign-on as the emulated Web API does it, `loginsso`, its callback and `logoutsso`. It owns
 * the relying party (discovery, the code flow, the ID token's checks), the flows in progress and the cookie that
 * binds each to its browser, the SSO sessions, the match of an identity to a user, the return path, and the
 * calls to the embedded provider over loopback, counted as the caller they are made for.
 */
import type { IncomingMessage } from 'node:http';
import * as oidc from 'openid-client';
import type { LogoutSsoAnswer } from '../../contract/wire.ts';
import { tokenAnswer } from '../auth/token-answer.ts';
import type { Tokens } from '../auth/tokens.ts';
import { clearCookie, isTls, readCookie, setCookie } from '../http/cookies.ts';
import type { Handler, Reply, Route } from '../http/router.ts';
import type { Users } from '../store/users.ts';
import { refuseCrossSite } from '../http/cross-site.ts';
import { consoleErrorPath, SsoFailure } from './failures.ts';
import type { Flow, FlowCheck, SsoFlows } from './flows.ts';
import { userForIdentity } from './map-identity.ts';
import { ssoCookie } from './cookie-names.ts';
import type { FlowBindings } from './flow-bindings.ts';
import type { ApiBase } from '../../contract/web-api/bases.ts';
import { callbackPath, loginSsoPath, SIGNED_OUT_PATH, ssoBaseOf } from './paths.ts';
import type { OnBehalfOf } from './on-behalf-of.ts';
import type { RelyingParty } from './relying-party.ts';
import { safeReturnTo } from './return-to.ts';
import { isSecretShaped } from './secrets.ts';
import type { SsoSessions } from './sessions.ts';

const FLOW_COOKIE_SECONDS = 60 * 60;
const NO_STORE = { 'Cache-Control': 'no-store' };

export interface SsoDeps {
  flows: SsoFlows;
  sessions: SsoSessions;
  /** Issues and recognizes this server's flow cookie values. */
  bindings: FlowBindings;
  relyingParty: RelyingParty;
  users: Users;
  tokens: Tokens;
  /** The identity claim matched against UserName or PrimaryEmail. */
  claim: string;
  /** Match an `email` claim the provider did not say it verified (unsafe). */
  allowUnverifiedEmail: boolean;
  /** The origin browsers reach this server at; known once it listens. */
  origin: () => string;
  /** What the provider is asked while answering a caller counts as that caller's. */
  onBehalfOf: OnBehalfOf;
}

/** The emulator's extensions (`returnTo`, `prompt`) in any letter case, as ASP.NET reads query parameters. */
function queryParam(url: URL, lowerName: string): string | null {
  for (const [name, value] of url.searchParams) if (name.toLowerCase() === lowerName) return value;
  return null;
}

/** Cookies only over https: the request came over TLS, or browsers reach this server through an https origin. */
function secureFor(req: IncomingMessage, origin: string): boolean {
  return isTls(req) || origin.startsWith('https:');
}

function stateProblem(reason: Exclude<FlowCheck, { ok: true }>['reason']): SsoFailure {
  const messages = {
    unknown: 'The sign-in came back with a state this server did not send. Start the sign-in again.',
    other_browser: 'The sign-in came back to a different browser than the one that started it.',
    replayed: 'This sign-in response was already used. Start the sign-in again.',
    expired: 'The sign-in took longer than 10 minutes. Start the sign-in again.',
  };
  return new SsoFailure('state_invalid', messages[reason]);
}

/**
 * A failure where it can be shown: a sign-in started from the console goes back to the console's SSO screen with
 * the code; anything else gets the emulator's JSON error. Never a token, never a 5xx.
 */
function failed(failure: SsoFailure, toConsole: boolean, cookie?: string): Reply {
  if (toConsole) {
    return {
      status: 302,
      location: consoleErrorPath(failure),
      headers: NO_STORE,
      cookies: cookie ? [cookie] : [],
    };
  }
  throw failure.toApiError({ ...NO_STORE, ...(cookie ? { 'Set-Cookie': cookie } : {}) });
}

export function ssoRoutes(deps: SsoDeps): Route[] {
  /** A session cookie value that names a live session here (of several sent, the first such one). */
  const isLiveSession = (value: string) => isSecretShaped(value) && deps.sessions.find(value) !== null;
  const isOurBinding = (value: string) => deps.bindings.isOurs(value);

  async function startFlow(
    base: ApiBase,
    returnTo: string | null,
    binding: string | undefined,
    secure: boolean,
    promptLogin: boolean,
  ) {
    const expected = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const location = await deps.relyingParty.authorizationUrl(
      `${deps.origin()}${callbackPath(base)}`,
      expected,
      promptLogin,
    );
    const browser = binding ?? deps.bindings.issue();
    const flow: Flow = {
      nonce: expected.nonce,
      codeVerifier: expected.codeVerifier,
      returnTo,
      apiBase: base,
    };
    deps.flows.start(expected.state, browser, flow);
    const spot = ssoCookie('flow', base, secure);
    const cookie = setCookie(spot.name, browser, {
      path: spot.path,
      secure,
      maxAgeSeconds: FLOW_COOKIE_SECONDS,
    });
    return { status: 302 as const, location, headers: NO_STORE, cookies: [cookie] };
  }

  const loginSso: Handler = async ({ req, url }) => {
    const base = ssoBaseOf(url);
    const secure = secureFor(req, deps.origin());
    const raw = queryParam(url, 'returnto');
    const returnTo = raw === null ? null : safeReturnTo(raw);
    // "Sign in as someone else": neither this server's SSO session nor the provider's may answer for the person.
    const promptLogin = queryParam(url, 'prompt')?.toLowerCase() === 'login';
    const sessionCookie = ssoCookie('session', base, secure);
    const sessionId = promptLogin ? undefined : readCookie(req, sessionCookie.name, isLiveSession);
    let clearSession: string | undefined;
    try {
      const uid = sessionId === undefined ? null : deps.sessions.find(sessionId);
      if (sessionId !== undefined && uid !== null) {
        const user = deps.users.findByUid(uid);
        if (!user?.is_active) {
          deps.sessions.end(sessionId);
          clearSession = clearCookie(sessionCookie.name, { path: sessionCookie.path, secure });
          throw user
            ? new SsoFailure('inactive_user', 'The user of this single sign-on session is no longer active.')
            : new SsoFailure('unknown_user', 'The user of this single sign-on session no longer exists.');
        }
        if (returnTo !== null) return { status: 302, location: returnTo, headers: NO_STORE };
        return await tokenAnswer(req, user, deps);
      }
      const binding = readCookie(req, ssoCookie('flow', base, secure).name, isOurBinding);
      return await startFlow(base, returnTo, binding, secure, promptLogin);
    } catch (error) {
      if (error instanceof SsoFailure) return failed(error, returnTo !== null, clearSession);
      throw error;
    }
  };

  const callback: Handler = async ({ req, url }) => {
    const secure = secureFor(req, deps.origin());
    // The cookie of the base this callback is under: where the flow started, if it is a flow of this browser.
    const binding = readCookie(req, ssoCookie('flow', ssoBaseOf(url), secure).name, isOurBinding);
    const state = url.searchParams.get('state');
    let flow: Flow | null = null;
    try {
      if (!state) throw new SsoFailure('state_invalid', 'The sign-in came back without its state.');
      const check = deps.flows.take(state, binding);
      flow = check.flow;
      if (!check.ok) throw stateProblem(check.reason);
      const { apiBase } = check.flow;
      // The URL exactly as registered with the provider: it is checked again at the code exchange.
      const callbackUrl = new URL(`${deps.origin()}${callbackPath(apiBase)}${url.search}`);
      const identity = await deps.relyingParty.identity(callbackUrl, {
        state,
        nonce: check.flow.nonce,
        codeVerifier: check.flow.codeVerifier,
      });
      const user = userForIdentity(
        deps.users,
        { claim: deps.claim, allowUnverifiedEmail: deps.allowUnverifiedEmail },
        identity,
      );
      const spot = ssoCookie('session', apiBase, secure);
      const session = setCookie(spot.name, deps.sessions.create(user.uid), {
        path: spot.path,
        secure,
        maxAgeSeconds: deps.sessions.lifetimeMs / 1000,
      });
      const location = check.flow.returnTo ?? loginSsoPath(apiBase);
      return { status: 302, location, headers: NO_STORE, cookies: [session] };
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      const started = flow ?? deps.flows.latestFor(binding);
      return failed(error, started?.returnTo != null);
    }
  };

  /**
   * The emulator's own SSO sign-out: ends this browser's SSO session (so `loginsso` asks the provider again) and
   * says where the browser ends its session at the provider. POST from this server's own pages only.
   */
  const logoutSso: Handler = async ({ req, url }) => {
    refuseCrossSite(req, deps.origin());
    const base = ssoBaseOf(url);
    const secure = secureFor(req, deps.origin());
    const spot = ssoCookie('session', base, secure);
    const sessionId = readCookie(req, spot.name, isLiveSession);
    const ended = sessionId !== undefined && deps.sessions.end(sessionId);
    const answer: LogoutSsoAnswer = {
      ended,
      endSessionUrl: await deps.relyingParty.endSessionUrl(`${deps.origin()}${SIGNED_OUT_PATH}`),
    };
    return {
      status: 200,
      json: answer,
      headers: NO_STORE,
      cookies: [clearCookie(spot.name, { path: spot.path, secure })],
    };
  };

  const forCaller =
    (handler: Handler): Handler =>
    (ctx) =>
      deps.onBehalfOf.run(ctx.caller, () => handler(ctx));
  const method = (handler: Handler, counter: string) => ({ handler: forCaller(handler), rateLimit: counter });
  return [
    { path: '/api/auth/logoutsso', methods: { POST: method(logoutSso, 'auth/logoutsso') } },
    { path: '/api/auth/loginsso', methods: { GET: method(loginSso, 'auth/loginsso') } },
    { path: '/api/auth/loginsso/callback', methods: { GET: method(callback, 'auth/loginsso/callback') } },
  ];
}
