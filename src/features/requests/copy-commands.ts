import type { BuiltRequest } from './request-form';

export const TOKEN_PLACEHOLDER = '<token>';

/** `'…'` for a POSIX shell: a single quote inside becomes `'\''`. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The request as a curl command against `apiBase` (the address a tool outside the browser calls). The token is
 * `<token>` unless given; the body must already be masked.
 */
export function curlCommand(apiBase: string, request: BuiltRequest, token: string | null): string {
  const parts = ['curl'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push('-H', shellQuote(`Authorization: Bearer ${token ?? TOKEN_PLACEHOLDER}`));
  parts.push('-H', shellQuote('Accept: application/json'));
  if (request.bodyText !== undefined) {
    parts.push(
      '-H',
      shellQuote('Content-Type: application/json'),
      '--data-raw',
      shellQuote(request.bodyText),
    );
  }
  parts.push(shellQuote(`${apiBase}${request.path}`));
  return parts.join(' ');
}

/** The request as a JavaScript `fetch` call; the same rules as curlCommand. */
export function fetchCommand(apiBase: string, request: BuiltRequest, token: string | null): string {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token ?? TOKEN_PLACEHOLDER}`,
    Accept: 'application/json',
  };
  if (request.bodyText !== undefined) headers['Content-Type'] = 'application/json';
  const init: Record<string, unknown> = { method: request.method, headers };
  if (request.bodyText !== undefined) init.body = request.bodyText;
  return `await fetch(${JSON.stringify(`${apiBase}${request.path}`)}, ${JSON.stringify(init, null, 2)});`;
}
