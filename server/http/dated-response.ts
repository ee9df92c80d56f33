import { ServerResponse } from 'node:http';
import { httpDate, type Clock } from '../runtime/clock.ts';

/**
 * Dates answers by the one clock: Node would write `Date` from the system's time, which the control API's clock
 * leaves behind, so an answer's Date, its X-RateLimit-Reset and a token's times would disagree. Every way Node
 * starts an answer (writeHead, or a first write or end without it) passes through the response's writeHead, which
 * the returned function replaces on one response; a Date the answer sets itself (the relay passes a tenant's on) is
 * kept. On the response, not in a subclass of ServerResponse given to the server: `npm run bench` measured the
 * subclass alone at about a sixth of a healthz answer's time.
 */
export function answerDating(clock: Clock): (res: ServerResponse) => void {
  // The text of the clock's current second, written once a second rather than once an answer.
  let second = Number.NaN;
  let text = '';
  function datedWriteHead(this: ServerResponse, ...args: unknown[]): ServerResponse {
    if (!this.headersSent && !this.hasHeader('Date')) {
      const now = clock.now();
      const nowSecond = Math.floor(now / 1000);
      if (nowSecond !== second) {
        second = nowSecond;
        text = httpDate(now);
      }
      this.setHeader('Date', text);
    }
    // Node's own writeHead with whatever it was given: a status, then a reason and headers, or headers alone.
    return (ServerResponse.prototype as ServerResponse).writeHead.apply(this, args as [number]);
  }
  return (res) => {
    res.writeHead = datedWriteHead;
  };
}
