import { maxHeaderSize, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { httpDate, type Clock } from '../runtime/clock.ts';
import { ApiError, rawErrorResponse } from './errors.ts';
import { guard, type BugLog } from './guard.ts';

/** What to answer bytes that never became a request; Node's own defaults, in the emulator's error shape. */
function clientErrorAnswer(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError(
      431,
      'bad_request',
      `The request line and headers must be at most ${maxHeaderSize} bytes.`,
    );
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError(408, 'bad_request', 'The request did not arrive in time.');
  }
  return new ApiError(400, 'bad_request', 'The request is not valid HTTP/1.1.');
}

const CONNECT_REFUSED = new ApiError(
  405,
  'method_not_allowed',
  'This server is not a proxy: CONNECT is not allowed.',
);

export interface NodeRefusalOptions {
  /** The security headers every answer carries. */
  headers: Record<string, string>;
  /** The one clock, which dates these answers too. */
  clock: Clock;
  /** What every request goes through first (request log, headers, Host check). */
  logAndCheckRequest: (req: IncomingMessage, res: ServerResponse) => unknown;
  logBug: BugLog;
  /**
   * Logs bytes turned away before they became a request: the answer's status and code, and the peer's address;
   * `idle` when the connection sent nothing at all (a browser's preconnect that was never used, timed out).
   */
  logRefused: (answer: ApiError, peer: string | undefined, idle: boolean) => void;
}

/**
 * Takes over the refusals Node would write itself, bare: malformed HTTP (400), too slow (408), headers too large
 * (431), an unmet Expect (417) and CONNECT, so they too carry the JSON error body and the security headers.
 */
export function takeOverNodeRefusals(
  server: Server,
  { headers, clock, logAndCheckRequest, logBug, logRefused }: NodeRefusalOptions,
) {
  const dated = () => ({ Date: httpDate(clock.now()), ...headers });
  server.on(
    'checkExpectation',
    guard((req, res) => {
      logAndCheckRequest(req, res);
      throw new ApiError(417, 'bad_request', 'The only expectation this server meets is 100-continue.');
    }, logBug),
  );
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    logRefused(CONNECT_REFUSED, req.socket.remoteAddress, false);
    socket.end(rawErrorResponse(CONNECT_REFUSED, dated()));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const answer = clientErrorAnswer(error.code);
    const { remoteAddress, bytesRead } = socket as Partial<Socket>;
    // Over TLS, bytesRead counts what was read after decryption: a handshake alone is still nothing.
    logRefused(answer, remoteAddress, answer.status === 408 && bytesRead === 0);
    socket.end(rawErrorResponse(answer, dated()));
  });
}
