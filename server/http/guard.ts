/**
 * The http room: the plumbing every mount uses. It owns the request guard (here: the one place a failure becomes
 * an answer and a log line), the router and its precedence, request bodies, forms and cookies, the error shape,
 * the Host check and what counts as loopback, the caller's address, security headers, the Date of every answer
 * (dated-response.ts), the request log and what rooms note of a request, Node's own refusals (node-refusals.ts),
 * the answer for Web API endpoints the emulator lacks, and the built console's static files.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { answerFailure, describeBug } from './errors.ts';
import { loggedPath } from './request-log.ts';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Writes the one line an unexpected failure gets: the request's method and target (as it arrived) and the bug. */
export type BugLog = (method: string | undefined, target: string | undefined, bug: unknown) => void;

/**
 * The line of every unexpected failure, whoever met it: at error level, the path with its ids masked (never the
 * query), the bug's type and stack frames (never its message, which can quote request data).
 */
export function bugLog(logger: Logger): BugLog {
  return (method, target, bug) =>
    logger.error(`internal error on ${method ?? '?'} ${loggedPath(target)}: ${describeBug(bug)}`);
}

/**
 * The one place where a failure becomes an answer and a log line, around every request whoever handles it: the
 * handlers below throw (an ApiError for the caller, anything else is a bug) and this answers. An ApiError is
 * answered as it is; a bug becomes the one generic 500 (or a closed connection, if the answer had begun) and one
 * line to `logBug`, and the process goes on.
 */
export function guard(
  handler: RequestHandler,
  logBug: BugLog,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // Taken now: a handler may rewrite req.url (the identity provider's mount does).
    const { method, url } = req;
    // Inline, not a named function made per request: tsx names each such function as it is made (a property
    // defined on it), 1.6 % of the time of replayed calls in a profile.
    try {
      const pending = handler(req, res);
      if (pending)
        pending.catch((error: unknown) => answerFailure(res, error, (bug) => logBug(method, url, bug)));
    } catch (error) {
      answerFailure(res, error, (bug) => logBug(method, url, bug));
    }
  };
}
