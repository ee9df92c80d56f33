import type { Tokens } from '../auth/tokens.ts';
import type { Clock } from '../runtime/clock.ts';
import type { Config } from '../config/config.ts';
import type { Route } from '../http/router.ts';
import type { Db } from '../store/db.ts';
import type { Users } from '../store/users.ts';
import { FlowBindings, loadFlowCookieKey } from './flow-bindings.ts';
import { SsoFlows } from './flows.ts';
import type { OnBehalfOf } from './on-behalf-of.ts';
import { RelyingParty, type ProviderSettings } from './relying-party.ts';
import { ssoRoutes } from './routes.ts';
import { SsoSessions } from './sessions.ts';

export interface SsoSetup {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'ssoClaim' | 'ssoAllowUnverifiedEmail'>;
  users: Users;
  tokens: Tokens;
  /** The provider to sign in through, asked at each sign-in: the embedded one knows its issuer only once listening. */
  provider: () => ProviderSettings;
  /** The origin browsers reach this server at: known after listen(). */
  origin: () => string;
  /** Marks the calls to the embedded provider with the caller they are made for. */
  onBehalfOf: OnBehalfOf;
  log: (line: string) => void;
}

/** `loginsso` and its callback, signing in through the given provider. */
export function createSsoRoutes(setup: SsoSetup): Route[] {
  return ssoRoutes({
    flows: new SsoFlows(setup.clock),
    sessions: new SsoSessions(setup.db, setup.clock),
    bindings: new FlowBindings(loadFlowCookieKey(setup.db)),
    relyingParty: new RelyingParty(setup.provider, setup.config.ssoClaim, setup.log),
    users: setup.users,
    tokens: setup.tokens,
    claim: setup.config.ssoClaim,
    allowUnverifiedEmail: setup.config.ssoAllowUnverifiedEmail,
    origin: setup.origin,
    onBehalfOf: setup.onBehalfOf,
  });
}
