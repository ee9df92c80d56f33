import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRouter } from '../../http/router.ts';
import type { RateLimiter } from '../../rate-limit/limiter.ts';
import { checkControlToken } from './control-token.ts';
import { CONTROL_PREFIX } from './paths.ts';
import { controlRoutes, type ControlDeps } from './routes.ts';

export interface ControlServerDeps extends ControlDeps {
  /** Required as a bearer on every call when set. */
  token: string | null;
  limiter: RateLimiter;
}

export type ControlHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: string,
) => Promise<void>;

/**
 * Answers the paths below `/_emulator` (EMULATOR_CONTROL=1): the token first, then the control routes. A refusal
 * or a failure is thrown on to the request guard, which answers it.
 */
export function createControl(deps: ControlServerDeps): ControlHandler {
  const dispatch = createRouter(controlRoutes(deps), { clock: deps.clock, limiter: deps.limiter });
  return async (req, res, url, caller) => {
    res.setHeader('Cache-Control', 'no-store');
    if (deps.token !== null) checkControlToken(req, deps.token);
    await dispatch(req, res, url, url.pathname.slice(CONTROL_PREFIX.length), caller);
  };
}
