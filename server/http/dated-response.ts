import {
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
} from 'node:http';
import { httpDate, type Clock } from '../runtime/clock.ts';

/**
 * The server's answers, each dated by the one clock: Node would write `Date` from the system's time, which the
 * control API's clock leaves behind, so an answer's Date, its X-RateLimit-Reset and a token's times would disagree.
 * Every way Node starts an answer (writeHead, or a first write or end without it) passes through writeHead; a
 * Date the answer sets itself (the relay passes a tenant's on) is kept.
 */
export function datedResponses(clock: Clock): typeof ServerResponse<IncomingMessage> {
  return class DatedResponse extends ServerResponse<IncomingMessage> {
    override writeHead(
      statusCode: number,
      reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
      headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
    ): this {
      if (!this.headersSent && !this.hasHeader('Date')) this.setHeader('Date', httpDate(clock.now()));
      return typeof reasonOrHeaders === 'string'
        ? super.writeHead(statusCode, reasonOrHeaders, headers)
        : super.writeHead(statusCode, reasonOrHeaders);
    }
  };
}
