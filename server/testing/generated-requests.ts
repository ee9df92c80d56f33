import fc from 'fast-check';

// Generators of requests for the fuzz tests: every mount's (server/any-request.test.ts) and the control API's.

/** Printable ASCII stays; anything else is percent-encoded, as a client must send it. */
const encodeOdd = (text: string) =>
  [...text].map((char) => (/^[\x21-\x7e]$/.test(char) ? char : encodeURIComponent(char))).join('');

/** A path segment of any kind: dots and escapes in every spelling, words the server routes on, odd text. */
export const segment = fc.oneof(
  fc.constantFrom(
    '.',
    '..',
    '%2e',
    '%2e%2e',
    '%2f',
    '%5c',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%FF',
    '%C3%A9',
    '%u0000',
    // Segments a tenant might decode or normalize into a climb out of its base (README: relay path rules).
    '%2e%2e%3fx',
    '%EF%BC%8E%EF%BC%8E',
    '%EF%BC%8E',
    '%3f',
    '%23',
    '%252e%252e',
    '',
    'index.html',
    'app-abc123.js',
    'favicon.svg',
    'assets',
    'api',
    'auth',
    'login',
    'loginadmin',
    'loginsso',
    'callback',
    'getuser',
    'people',
    'lookup',
    '.well-known',
    'openid-configuration',
    'jwks',
    'token',
    'auth',
    'interaction',
    'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
    'echo',
    '~',
    ';',
    '@',
    ':',
    '<script>',
  ),
  fc.string({ maxLength: 24 }).map(encodeOdd),
  fc.integer({ min: 200, max: 600 }).map((length) => 'a'.repeat(length)),
);

/** A path below the mount (one without a closing slash is a whole path), and a query of anything. */
export const pathUnder = (mount: string) =>
  fc
    .tuple(
      mount.endsWith('/') ? fc.array(segment, { maxLength: 5 }) : fc.constant([]),
      fc.option(fc.string({ maxLength: 40 }).map(encodeOdd), { nil: undefined }),
    )
    .map(([segments, query]) => `${mount}${segments.join('/')}${query === undefined ? '' : `?${query}`}`);

/** Any printable header value. */
export const headerValue = fc.string({ maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));
const JWT_LIKE = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';

/** Headers a client may send or forge, any of them left out. */
export const headers = fc.record(
  {
    'Content-Type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ),
    Authorization: fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', `Bearer ${JWT_LIKE}`, 'Basic amRvZTp4', 'Negotiate x'),
      headerValue,
    ),
    Cookie: fc.oneof(fc.constantFrom('td_sso=x', 'a=b; c', '=', ';;'), headerValue),
    Accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml'),
    Origin: fc.constantFrom('null', 'https://evil.example', 'http://localhost'),
    'X-Forwarded-For': fc.oneof(fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'garbage'), headerValue),
    'X-Forwarded-Host': headerValue,
    'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
    Range: fc.constantFrom('bytes=0-1', 'bytes=9-1', 'x'),
  },
  { requiredKeys: [] },
);

/** No body, JSON, text, bytes, or a sign-in body of any values. */
export const body = fc.oneof(
  fc.constant(undefined),
  fc.json().map((text) => text),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
  fc
    .record({ username: fc.string(), password: fc.string(), BEID: fc.string(), WebServicesKey: fc.string() })
    .map((value) => JSON.stringify(value)),
);

/** The methods the server answers, and some it has never heard of. */
export const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
] as const;

/** A whole request below the mount, as `send` takes it. */
export const requestUnder = (mount: string) =>
  fc.record({
    method: fc.constantFrom(...METHODS),
    path: pathUnder(mount),
    headers,
    body,
    chunked: fc.boolean(),
  });
