import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type OidcProvider from 'oidc-provider';
import type { AdapterFactory, ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { BugLog } from '../http/guard.ts';
import type { Identities } from './identities.ts';
import type { IdpKeys } from './keys.ts';
import { Provider } from './oidc-provider.ts';
import { widenFormAction } from './form-action.ts';
import { errorPage, signedOutPage, signOutPage } from './pages.ts';

/** A relying party the embedded provider serves. */
export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Where it may ask to have the browser back after signing out here (RP-initiated logout). */
  postLogoutRedirectUris?: string[];
  name: string;
}

export interface ProviderOptions {
  /** `${origin}/idp`: the provider's identifier, and the path it is mounted at. */
  issuer: string;
  keys: IdpKeys;
  clients: IdpClient[];
  adapter: AdapterFactory;
  /** Who may sign in here: the realm's identities. */
  identities: Identities;
  /** The server's one line for an unexpected failure: the provider answers its own (an OAuth error page). */
  logBug: BugLog;
}

const SESSION_SECONDS = 8 * 60 * 60;

function clientMetadata(client: IdpClient): ClientMetadata {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    client_name: client.name,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

/**
 * The embedded OpenID Connect provider (panva's oidc-provider): authorization code flow only, PKCE required, its
 * own sign-in page at `${issuer}/interaction/{uid}`, no consent screen (every client is one of the emulator's own),
 * and `email` in the ID token so that relying parties need not call userinfo.
 */
export function createProvider(options: ProviderOptions): OidcProvider {
  const issuer = new URL(options.issuer);
  const mountPath = issuer.pathname.replace(/\/$/, '');
  // __Host- would need Path=/, which would send the session cookie with every console and API request: the
  // cookies stay under the mount path, and under https take the __Secure- prefix (so only https may set them).
  const prefix = issuer.protocol === 'https:' ? '__Secure-' : '';
  const configuration: Configuration = {
    adapter: options.adapter,
    clients: options.clients.map(clientMetadata),
    jwks: options.keys.jwks,
    cookies: {
      keys: options.keys.cookieKeys,
      names: {
        session: `${prefix}idp_session`,
        interaction: `${prefix}idp_interaction`,
        resume: `${prefix}idp_resume`,
      },
      // The interaction cookies get the paths of their own endpoints (under the mount path) from oidc-provider.
      long: { httpOnly: true, sameSite: 'lax', signed: true, path: mountPath },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.set('Cache-Control', 'no-store');
          // The confirmation ends at the client's registered post-logout URI, which may be on another origin.
          const csp = ctx.response.get('Content-Security-Policy');
          if (csp) {
            ctx.set(
              'Content-Security-Policy',
              widenFormAction(csp, ctx.oidc.params?.post_logout_redirect_uri),
            );
          }
          ctx.body = signOutPage(form, ctx.oidc.client?.clientName ?? ctx.oidc.client?.clientId);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.set('Cache-Control', 'no-store');
          ctx.body = signedOutPage();
        },
      },
    },
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 10 * 60,
      Session: SESSION_SECONDS,
      Grant: SESSION_SECONDS,
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    findAccount(_ctx, sub) {
      const identity = options.identities.find(sub);
      if (!identity) return undefined;
      return {
        accountId: identity.id,
        claims: () => ({
          sub: identity.id,
          email: identity.email,
          email_verified: true,
          name: identity.name,
        }),
      };
    },
    // Signing in is the whole consent here: every client is the emulator itself or one configured beside it.
    async loadExistingGrant(ctx) {
      const { account, client, params, provider, result, session } = ctx.oidc;
      if (!account || !client) return undefined;
      const grantId = result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      const grant =
        existing?.accountId === account.accountId
          ? existing
          : new provider.Grant({ accountId: account.accountId, clientId: client.clientId });
      grant.addOIDCScope(typeof params?.scope === 'string' ? params.scope : 'openid');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = errorPage(
        'Sign-in request refused',
        out.error_description ?? `The identity provider refused this request (${out.error}).`,
      );
    },
  };
  const provider = new Provider(options.issuer, configuration);
  // The mount sets X-Forwarded-Proto and Host to the public origin, so the provider's own URLs use it.
  provider.proxy = true;
  // The mount keeps the target as it arrived in `originalUrl`; the provider sees only the path below it.
  const logBug = (ctx: Pick<KoaContextWithOIDC, 'req'> | undefined, error: unknown) => {
    const req: (IncomingMessage & { originalUrl?: string }) | undefined = ctx?.req;
    options.logBug(req?.method, req?.originalUrl ?? req?.url, error);
  };
  provider.on('server_error', logBug);
  // Koa prints errors to the console unless someone listens (its typings here know only the provider's events);
  // like Koa, it leaves out errors meant for the client.
  const koa: EventEmitter = provider;
  koa.on('error', (error: Error & { expose?: boolean }, ctx?: KoaContextWithOIDC) => {
    if (!error.expose) logBug(ctx, error);
  });
  return provider;
}
