const MEANINGS: Record<number, string> = {
  200: 'OK: the request succeeded.',
  201: 'Created: the request succeeded and made something new.',
  204: 'No Content: the request succeeded; there is no body.',
  302: 'Found: a redirect (not followed).',
  400: 'Bad Request: the server could not accept the request as sent.',
  401: 'Unauthorized: no valid token, or no permission for this action.',
  403: 'Forbidden: the server refuses this request.',
  404: 'Not Found: nothing at this path (or, from the emulator, an area it does not emulate).',
  405: 'Method Not Allowed: the path does not take this method.',
  409: 'Conflict: the request clashes with what exists.',
  413: 'Payload Too Large: the body is too big.',
  415: 'Unsupported Media Type: the body’s type is not accepted.',
  421: 'Misdirected Request: the server does not answer for this host name.',
  429: 'Too Many Requests: the rate limit is used up until the reset.',
  500: 'Internal Server Error: the server failed.',
  502: 'Bad Gateway: the relay got no good answer from the tenant.',
  503: 'Service Unavailable: the server cannot answer now.',
  504: 'Gateway Timeout: the tenant did not answer in time.',
};

/** An HTTP status in words. */
export function statusMeaning(status: number): string {
  return (
    MEANINGS[status] ??
    (status >= 500
      ? 'A server error.'
      : status >= 400
        ? 'A client error: the request was refused.'
        : status >= 300
          ? 'A redirect.'
          : 'Success.')
  );
}

/** A size in bytes, in words: "1.2 KB (1,234 bytes)". */
export function sizeText(bytes: number): string {
  const exact = `${bytes.toLocaleString()} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024) return exact;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]} (${exact})`;
}
