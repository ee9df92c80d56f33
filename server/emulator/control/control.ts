import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseCrossSite } from '../../http/cross-site.ts';
import { createRouter } from '../../http/router.ts';
import { checkControlToken } from './control-token.ts';
import { CONTROL_PREFIX } from './paths.ts';
import { controlRoutes, type ControlDeps } from './routes.ts';

export interface ControlServerDeps extends ControlDeps {
  /** Required as a bearer on every call when set. */
  token: string | null;
  /** The origin browsers reach this server at: a control call from any other site's page is refused. */
  origin: () => string;
}

export type ControlHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: string,
) => Promise<void>;

/**
 * Answers the paths below `/_emulator` (EMULATOR_CONTROL=1): first refuses what another site's page made the
 * browser send (a form post or a `no-cors` fetch, which on loopback needs no token), then the token, then the routes.
 * A refusal or a failure is thrown on to the request guard, which answers it.
 */
export function createControl(deps: ControlServerDeps): ControlHandler {
  const { dispatch } = createRouter(controlRoutes(deps), {});
  return async (req, res, url, caller) => {
    res.setHeader('Cache-Control', 'no-store');
    refuseCrossSite(req, deps.origin());
    if (deps.token !== null) checkControlToken(req, deps.token);
    await dispatch(req, res, url, url.pathname.slice(CONTROL_PREFIX.length), caller);
  };
}
