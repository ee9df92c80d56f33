import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFailure } from './errors.ts';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * The last resort around every request, whoever handles it: an exception or a rejected promise becomes the one
 * generic 500 (or a closed connection, if the answer had begun) and one line to `logBug`, and the process goes on.
 */
export function guard(
  handler: RequestHandler,
  logBug: (req: IncomingMessage, error: unknown) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const fail = (error: unknown) => answerFailure(res, error, (bug) => logBug(req, bug));
    try {
      const pending = handler(req, res);
      if (pending) pending.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}
