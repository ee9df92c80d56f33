import * as oidc from 'openid-client';
import { SsoFailure } from './failures.ts';

/** The provider to sign in with and this server's registration there; read when first needed. */
export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  fetch?: oidc.CustomFetch;
}

/** What the relying party checks the provider's answer against: all of it kept since the redirect. */
export interface Expected {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider signed in: the identity claim's value and whether the provider verified it as an e-mail. */
export interface ProviderIdentity {
  value: string | null;
  /** `email_verified` is exactly true where the value came from (ID token or userinfo). */
  emailVerified: boolean;
}

const TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

function safeCode(text: unknown): string | null {
  return typeof text === 'string' && /^[\w.-]{1,64}$/.test(text) ? text : null;
}

/** Which claim a failed JWT claim comparison was about, from openid-client's error's cause. */
function failedClaim(error: oidc.ClientError): string | null {
  const cause = error.cause as { cause?: { claim?: unknown } } | undefined;
  return safeCode(cause?.cause?.claim);
}

/** Maps what openid-client throws to what the user is told; nothing the provider sent is echoed but its error code. */
function classify(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    if (error.error === 'access_denied') {
      return new SsoFailure(
        'access_denied',
        'The sign-in was cancelled or refused at the identity provider.',
      );
    }
    const code = safeCode(error.error);
    return new SsoFailure(
      'provider_error',
      `The identity provider could not sign you in${code ? ` (${code})` : ''}.`,
    );
  }
  if (error instanceof oidc.ResponseBodyError) {
    const code = safeCode(error.error);
    return new SsoFailure(
      'provider_error',
      `The identity provider refused to exchange the authorization code${code ? ` (${code})` : ''}.`,
    );
  }
  if (error instanceof oidc.ClientError) {
    switch (error.code) {
      case 'OAUTH_JWT_CLAIM_COMPARISON_FAILED': {
        const claim = failedClaim(error);
        return new SsoFailure(
          'id_token_invalid',
          `The ID token's ${claim ? `"${claim}" claim` : 'claims'} did not match what this server expected.`,
        );
      }
      case 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED':
        return new SsoFailure('id_token_invalid', 'The ID token has expired or is not valid yet.');
      case 'OAUTH_KEY_SELECTION_FAILED':
        return new SsoFailure(
          'id_token_invalid',
          "The ID token is not signed with one of the provider's keys.",
        );
      case 'OAUTH_INVALID_RESPONSE':
        if (error.cause instanceof Error && /signature/i.test(error.cause.message)) {
          return new SsoFailure('id_token_invalid', "The ID token's signature is not valid.");
        }
        return new SsoFailure('provider_error', "The identity provider's answer is not valid.");
      default:
        return new SsoFailure('provider_error', "The identity provider's answer could not be used.");
    }
  }
  return new SsoFailure('provider_error', 'The identity provider could not be reached.');
}

function describe(error: unknown): string {
  if (error instanceof oidc.ClientError) return `${error.name} ${error.code ?? ''}: ${error.message}`;
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return `${error.name}: ${safeCode(error.error) ?? 'unnamed error'}`;
  }
  return error instanceof Error ? error.name : typeof error;
}

/**
 * The relying-party side of single sign-on through openid-client: discovery (once, retried after a failure),
 * the authorization code flow with PKCE (S256), state and nonce, and a validated ID token (signature, issuer,
 * audience, nonce, expiry) whose identity claim it returns.
 */
export class RelyingParty {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: () => ProviderSettings,
    private readonly claim: string,
    private readonly log: (line: string) => void,
  ) {}

  /** `promptLogin`: the provider asks for credentials again even when it has a session (`prompt=login`). */
  async authorizationUrl(redirectUri: string, expected: Expected, promptLogin = false): Promise<string> {
    const config = await this.config();
    try {
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(expected.codeVerifier),
        code_challenge_method: 'S256',
        state: expected.state,
        nonce: expected.nonce,
        ...(promptLogin ? { prompt: 'login' } : {}),
      });
      return url.href;
    } catch (error) {
      this.log(`sso: no authorization URL: ${describe(error)}`);
      throw classify(error);
    }
  }

  /** Completes the flow from the callback URL (as the provider sent the browser to it) to the identity. */
  async identity(callbackUrl: URL, expected: Expected): Promise<ProviderIdentity> {
    const config = await this.config();
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SsoFailure('id_token_invalid', 'The identity provider sent no ID token.');
      const value = claims[this.claim];
      if (typeof value === 'string') {
        return { value, emailVerified: claims.email_verified === true };
      }
      // Providers that follow the specification to the letter put profile claims in userinfo only.
      if (value === undefined && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        const fromInfo = info[this.claim];
        return {
          value: typeof fromInfo === 'string' ? fromInfo : null,
          emailVerified: info.email_verified === true,
        };
      }
      return { value: null, emailVerified: false };
    } catch (error) {
      const failure = classify(error);
      if (failure.code !== 'access_denied') this.log(`sso: sign-in failed: ${describe(error)}`);
      throw failure;
    }
  }

  /**
   * Where to send the browser to end its session at the provider (RP-initiated logout), coming back to
   * `postLogoutRedirectUri`; null when the provider publishes no `end_session_endpoint` or cannot be reached.
   * Named by `client_id` only: an ID token as `id_token_hint` would put a token in a URL.
   */
  async endSessionUrl(postLogoutRedirectUri: string): Promise<string | null> {
    let config: oidc.Configuration;
    try {
      config = await this.config();
    } catch {
      return null;
    }
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri }).href;
  }

  private config(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = null;
      this.log(`sso: discovery failed: ${describe(error)}`);
      throw new SsoFailure('provider_error', 'The identity provider could not be reached.');
    });
    return this.configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, fetch } = this.settings();
    const url = new URL(issuer);
    const insecure = url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    const discovered = await oidc.discovery(url, clientId, clientSecret, undefined, {
      timeout: TIMEOUT_SECONDS,
      ...(fetch ? { [oidc.customFetch]: fetch } : {}),
      execute: insecure,
    });
    const metadata = discovered.serverMetadata();
    // openid-client defaults to client_secret_post; the specification's default (and the embedded one's) is basic.
    const methods = metadata.token_endpoint_auth_methods_supported;
    const auth =
      !methods || methods.includes('client_secret_basic')
        ? oidc.ClientSecretBasic(clientSecret)
        : oidc.ClientSecretPost(clientSecret);
    const config = new oidc.Configuration(metadata, clientId, clientSecret, auth);
    config.timeout = TIMEOUT_SECONDS;
    if (fetch) config[oidc.customFetch] = fetch;
    for (const option of [...insecure, oidc.enableNonRepudiationChecks]) option(config);
    return config;
  }
}
