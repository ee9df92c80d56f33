import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../../runtime/clock.ts';
import { answerFailure, describeBug } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import type { RateLimiter } from '../../rate-limit/limiter.ts';
import { checkControlToken } from './control-token.ts';
import { CONTROL_PREFIX } from './paths.ts';
import { controlRoutes, type ControlDeps } from './routes.ts';

export interface ControlServerDeps extends ControlDeps {
  /** Required as a bearer on every call when set. */
  token: string | null;
  limiter: RateLimiter;
  log: (line: string) => void;
}

export type ControlHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: string,
) => Promise<void>;

/** Answers the paths below `/_emulator` (EMULATOR_CONTROL=1): the token first, then the control routes. */
export function createControl(deps: ControlServerDeps): ControlHandler {
  const clock: Clock = deps.clock;
  const dispatch = createRouter(controlRoutes(deps), { clock, limiter: deps.limiter, log: deps.log });
  return async (req, res, url, caller) => {
    res.setHeader('Cache-Control', 'no-store');
    if (deps.token !== null) {
      try {
        checkControlToken(req, deps.token);
      } catch (error) {
        answerFailure(res, error, (bug) => deps.log(`internal error on control: ${describeBug(bug)}`));
        return;
      }
    }
    await dispatch(req, res, url, url.pathname.slice(CONTROL_PREFIX.length), caller);
  };
}
