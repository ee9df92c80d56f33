/**
 * The idp room: the embedded OpenID Connect provider under `/idp` (oidc-provider), which `loginsso` signs in
 * through unless SSO_ISSUER names another. It owns the provider's configuration, keys and its own client, its
 * sign-in and sign-out pages and the interactions behind them (with the realm's identities), the adapter over its store
 * (the queries are the store room's), and the rate limits and body limits in front of it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { IdpClientConfig } from '../config/setting-values.ts';
import type { BugLog } from '../http/guard.ts';
import { API_BASES } from '../../contract/web-api/bases.ts';
import { callbackPath, SIGNED_OUT_PATH } from '../sso/paths.ts';
import type { Db } from '../store/db.ts';
import { IdpIdentities } from '../store/idp-identities.ts';
import { sqliteAdapter } from './adapter.ts';
import { guardIdpRequest, type IdpGuard } from './guard.ts';
import { Identities } from './identities.ts';
import { handleInteraction } from './interactions.ts';
import { loadIdpKeys } from './keys.ts';
import { IDP_MOUNT } from './mount-path.ts';
import { loadOwnClient, type OwnClient } from './own-client.ts';
import type { IdentityHint } from './pages.ts';
import { createProvider, type IdpClient } from './provider.ts';

export interface IdpOptions {
  db: Db;
  /** Other relying parties to accept (say, another emulator that uses this one as its external provider). */
  extraClients: IdpClientConfig[];
  /** The origin browsers reach this server at: known only once it listens. */
  origin: () => string;
  /** The server's one line for an unexpected failure. */
  logBug: BugLog;
  /** Every provider request is counted per caller and per endpoint, with this limiter and window. */
  guard: IdpGuard;
  /** Verified for a sign-in name no identity has, so that the time taken does not tell. */
  dummyPasswordHash: string;
  /** What the sign-in page says about who may sign in. */
  hint: IdentityHint;
}

export interface Idp {
  /** This server's own registration, for its relying party. */
  ownClient: OwnClient;
  issuer(): string;
  /** Answers a request whose path starts with the mount path, from `caller` (its rate-limit address). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, caller: string): Promise<void>;
}

type MountedRequest = IncomingMessage & { originalUrl?: string };

/**
 * The embedded provider, mounted under /idp of this server and built on first use, when the origin (and so the
 * issuer) is known: a server on port 0 learns its port only from listen().
 */
export function createIdp(options: IdpOptions): Idp {
  const ownClient = loadOwnClient(options.db);
  const identities = new Identities(new IdpIdentities(options.db), options.dummyPasswordHash);
  let built: { provider: Provider; callback: ReturnType<Provider['callback']>; origin: URL } | null = null;

  function build() {
    const origin = options.origin();
    const own: IdpClient = {
      ...ownClient,
      redirectUris: API_BASES.map((base) => `${origin}${callbackPath(base)}`),
      postLogoutRedirectUris: [`${origin}${SIGNED_OUT_PATH}`],
      name: 'Auth Console emulator',
    };
    const extra = options.extraClients
      .filter((client) => client.clientId !== ownClient.clientId)
      .map((client) => ({ ...client, name: client.clientId }));
    const provider = createProvider({
      issuer: `${origin}${IDP_MOUNT}`,
      keys: loadIdpKeys(options.db),
      clients: [own, ...extra],
      adapter: sqliteAdapter(options.db),
      identities,
      logBug: options.logBug,
    });
    built = { provider, callback: provider.callback(), origin: new URL(origin) };
    return built;
  }

  return {
    ownClient,
    issuer: () => `${options.origin()}${IDP_MOUNT}`,
    handle(req, res, url, caller) {
      const path = url.pathname.slice(IDP_MOUNT.length) || '/';
      try {
        guardIdpRequest(options.guard, req, res, path, url, caller);
      } catch (error) {
        // Refused before the provider reads the body: drain it so the answer reaches the client.
        req.resume();
        throw error;
      }
      // A provider that cannot be built, or an interaction that fails, is a bug for the request guard to answer.
      const { provider, callback, origin } = built ?? build();
      // The provider sees itself at the public origin whatever name the request used (and behind the loopback).
      req.headers.host = origin.host;
      req.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-for'];
      if (path.startsWith('/interaction/')) {
        return handleInteraction(provider, { identities, hint: options.hint }, req, res, path, IDP_MOUNT);
      }
      const inner = req as MountedRequest;
      // oidc-provider finds its mount path by comparing originalUrl with url, as under Express.
      inner.originalUrl = req.url;
      inner.url = `${path}${url.search}`;
      return callback(req, res);
    },
  };
}
