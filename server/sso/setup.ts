import type { Tokens } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Route } from '../http/router.ts';
import type { Idp } from '../idp/mount.ts';
import type { RateWindow } from '../rate-limit.ts';
import type { Db } from '../store/db.ts';
import type { Users } from '../store/users.ts';
import { FlowBindings, loadFlowCookieKey } from './flow-bindings.ts';
import { SsoFlows } from './flows.ts';
import { loopbackFetch, type Loopback } from './loopback-fetch.ts';
import type { OnBehalfOf } from './on-behalf-of.ts';
import { RelyingParty, type ProviderSettings } from './relying-party.ts';
import { ssoRoutes } from './routes.ts';
import { SsoSessions } from './sessions.ts';

export interface SsoSetup {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'sso' | 'ssoClaim' | 'ssoAllowUnverifiedEmail'>;
  users: Users;
  tokens: Tokens;
  idp: Idp;
  window: RateWindow;
  /** The origin browsers reach this server at, and how to reach it from inside: both known after listen(). */
  origin: () => string;
  loopback: () => Loopback;
  /** Marks the calls to the embedded provider with the caller they are made for. */
  onBehalfOf: OnBehalfOf;
  log: (line: string) => void;
}

/** `loginsso` and its callback, signing in through the configured provider (the embedded one by default). */
export function createSsoRoutes(setup: SsoSetup): Route[] {
  const { sso } = setup.config;
  const settings = (): ProviderSettings =>
    sso.kind === 'external'
      ? { issuer: sso.issuer, clientId: sso.clientId, clientSecret: sso.clientSecret }
      : {
          issuer: setup.idp.issuer(),
          clientId: setup.idp.ownClient.clientId,
          clientSecret: setup.idp.ownClient.clientSecret,
          fetch: loopbackFetch(setup.origin(), setup.loopback(), setup.onBehalfOf),
        };
  return ssoRoutes({
    flows: new SsoFlows(setup.clock),
    sessions: new SsoSessions(setup.db, setup.clock),
    bindings: new FlowBindings(loadFlowCookieKey(setup.db)),
    relyingParty: new RelyingParty(settings, setup.config.ssoClaim, setup.log),
    users: setup.users,
    tokens: setup.tokens,
    claim: setup.config.ssoClaim,
    allowUnverifiedEmail: setup.config.ssoAllowUnverifiedEmail,
    origin: setup.origin,
    window: setup.window,
    onBehalfOf: setup.onBehalfOf,
  });
}
