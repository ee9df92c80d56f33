import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { ApiErrorBody, ApiErrorCode } from '../../contract/wire.ts';

/**
 * An error meant for the caller. Anything else thrown while handling a request is a bug, answered with a
 * generic 500 that names nothing internal.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Raised when the client went away mid-request: there is nobody left to answer. */
export class ClientGoneError extends Error {}

/**
 * A failure as an answer, for the request guard (`guard.ts`), the one place that calls it: ApiErrors as they are;
 * anything else is a bug, told to `logBug` and answered with a bare 500 that names nothing internal.
 */
export function answerFailure(res: ServerResponse, error: unknown, logBug: (error: unknown) => void) {
  if (error instanceof ClientGoneError) return;
  if (!(error instanceof ApiError)) logBug(error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendError(res, error instanceof ApiError ? error : internalError());
}

/** What a bug is answered with: a bare 500 that names nothing internal. */
export function internalError(): ApiError {
  return new ApiError(500, 'internal_error', 'The server failed to answer this request.');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: ApiError) {
  const body: ApiErrorBody = { status: error.status, error: error.code, message: error.message };
  sendJson(res, error.status, body, error.headers);
}

/** The error's type and stack frames, never its message: messages can quote request data. */
export function describeBug(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return [error.name, ...frames.slice(0, 5)].join('\n');
}

/** The same error as raw HTTP/1.1 bytes, for requests so broken that Node never made them a request object. */
export function rawErrorResponse(error: ApiError, headers: Record<string, string>): string {
  const body = JSON.stringify({
    status: error.status,
    error: error.code,
    message: error.message,
  } satisfies ApiErrorBody);
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}`,
    ...Object.entries({ ...headers, ...error.headers }).map(([name, value]) => `${name}: ${value}`),
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
