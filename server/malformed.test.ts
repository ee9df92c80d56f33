import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectNoLeak } from './testing/api-error.ts';
import { send, sendRaw, type RawResponse, type SendOptions } from './testing/http-client.ts';
import {
  DEMO,
  login as signIn,
  loginAdmin,
  startTestServer,
  type TestServer,
} from './testing/start-server.ts';
import { makeTempDist } from './testing/temp-dist.ts';

/**
 * A table of malformed and hostile requests across every endpoint. Each row names its expected status; API and
 * /healthz answers must be the JSON error shape, and nothing may be a 5xx or show the server's insides.
 */
type Request = SendOptions | { raw: string | Buffer };

interface Row {
  status: number;
  name: string;
  /** A request through node:http, or bytes written straight to the socket. */
  request: Request;
  /** Adds the bearer token of jdoe or of the admin account. */
  as?: 'jdoe' | 'admin';
  /** The JSON error shape is checked unless the row is answered by the static host (`json: false`). */
  json?: boolean;
  allow?: string;
}

const A = '/TDWebApi/api';
const LOGIN = { username: DEMO.jdoe, password: DEMO.password };
const LOGIN_TEXT = JSON.stringify(LOGIN);
const OVERSIZE = JSON.stringify({ username: 'x'.repeat(66 * 1024), password: 'x' });
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NOW = Math.floor(Date.parse('2026-03-02T12:00:00Z') / 1000);
const CLAIMS = {
  unique_name: DEMO.jdoe,
  iss: 'TD',
  aud: 'https://www.teamdynamix.com/',
  nbf: NOW,
  exp: NOW + 86400,
};
const ALG_NONE = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(CLAIMS)}.`;
const INVALID_UTF8 = Buffer.concat([
  Buffer.from('{"username":"'),
  Buffer.from([0xc3, 0x28]),
  Buffer.from('"}'),
]);
const NESTED_OBJECT = `{"password":"x","username":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
const NESTED_ARRAYS = `${'['.repeat(30000)}${']'.repeat(30000)}`;
const PERSON = '"FirstName":"A","LastName":"B","PrimaryEmail":"a@b.example"';
const JDOE_UID = 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8';

const post = (
  path: string,
  body: string | Buffer,
  type: string | null = 'application/json',
): SendOptions => ({
  method: 'POST',
  path: `${A}${path}`,
  headers: type ? { 'Content-Type': type } : {},
  body,
});
const form = (path: string, body: string | Buffer, charset?: string) =>
  post(path, body, `application/x-www-form-urlencoded${charset ? `; charset=${charset}` : ''}`);
const get = (path: string, headers: Record<string, string> = {}): SendOptions => ({ path, headers });
const call = (method: string, path: string): SendOptions => ({ method, path });
const raw = (head: string, body = ''): Request => ({
  raw: `${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n${body}`,
});
const row = (status: number, name: string, request: Request, extra: Partial<Row> = {}): Row => ({
  status,
  name,
  request,
  ...extra,
});
const login = (body: string | Buffer) => post('/auth/login', body);
const bearer = (token: string) => get(`${A}/auth/getuser`, { Authorization: token });
const jdoe = { as: 'jdoe' } as const;
const admin = { as: 'admin' } as const;
const staticFile = { json: false } as const;

const rows: Row[] = [
  // Bodies that are not the JSON object a login needs.
  row(400, 'login: invalid JSON', login('{username: jdoe}')),
  row(400, 'login: truncated JSON', login('{"username":"jdoe@example.edu","password":"Tdx')),
  row(400, 'login: a JSON array', login(JSON.stringify([LOGIN]))),
  row(400, 'login: a JSON string', login('"jdoe@example.edu"')),
  row(400, 'login: JSON null', login('null')),
  row(400, 'login: a JSON number', login('42')),
  row(400, 'login: a JSON boolean', login('true')),
  row(400, 'login: an empty body', login('')),
  row(400, 'login: a whitespace body', login('   \n ')),
  row(400, 'login: username a number', login('{"username":42,"password":"x"}')),
  row(400, 'login: username an array', login('{"username":["jdoe@example.edu"],"password":"x"}')),
  row(400, 'login: username an object', login('{"username":{"$ne":null},"password":"x"}')),
  row(400, 'login: username a boolean', login('{"username":true,"password":"x"}')),
  row(400, 'login: username empty', login('{"username":"","password":"x"}')),
  row(400, 'login: username whitespace-only', login('{"username":" \\t ","password":"x"}')),
  row(400, 'login: password missing', login('{"username":"jdoe@example.edu"}')),
  row(400, 'login: password null', login('{"username":"jdoe@example.edu","password":null}')),
  row(400, 'login: no fields', login('{}')),
  row(400, 'login: username too long', login(JSON.stringify({ username: 'u'.repeat(257), password: 'x' }))),
  row(400, 'login: a deeply nested username', login(NESTED_OBJECT)),
  row(400, 'login: deeply nested arrays', login(NESTED_ARRAYS)),
  row(400, 'login: credentials under __proto__', login(`{"__proto__":${LOGIN_TEXT}}`)),
  row(
    400,
    'login: credentials under constructor.prototype',
    login(`{"constructor":{"prototype":${LOGIN_TEXT}}}`),
  ),
  row(400, 'login: keys differing only in case', login('{"username":"a","UserName":"b","password":"x"}')),
  row(
    401,
    'auth: __proto__ beside real fields',
    post('/auth', '{"__proto__":{"a":1},"username":"x","password":"y"}'),
  ),
  row(
    401,
    'login: a NUL inside the username',
    login(JSON.stringify({ ...LOGIN, username: 'jdoe\u0000@x.edu' })),
  ),
  row(
    401,
    'login: emoji and right-to-left marks',
    login(JSON.stringify({ username: '\u202ej😀', password: 'пароль' })),
  ),
  row(400, 'login: invalid UTF-8 bytes', login(INVALID_UTF8)),
  row(400, 'login: UTF-16 bytes labelled as JSON', login(Buffer.from(LOGIN_TEXT, 'utf16le'))),

  // Size and media type.
  row(413, 'login: 66 KB body with Content-Length', login(OVERSIZE)),
  row(413, 'login: 66 KB body, chunked', { ...login(OVERSIZE), chunked: true }),
  row(413, 'people create: 66 KB body', post('/people', OVERSIZE), admin),
  row(415, 'login: text/plain', post('/auth/login', LOGIN_TEXT, 'text/plain')),
  row(415, 'login: no content type', post('/auth/login', LOGIN_TEXT, null)),
  row(
    415,
    'login: multipart',
    post('/auth/login', '--b\r\n\r\nx\r\n--b--', 'multipart/form-data; boundary=b'),
  ),
  row(415, 'login: text/xml', post('/auth/login', '<login><username>a</username></login>', 'text/xml')),
  row(415, 'login: application/xml', post('/auth/login', '<login/>', 'application/xml')),
  row(415, 'login: a form in latin-1', form('/auth/login', 'username=a&password=%E9', 'iso-8859-1')),
  row(415, 'people create: form-encoded', form('/people', 'FirstName=A&LastName=B'), admin),

  // Form-encoded sign-ins follow the JSON rules.
  row(
    401,
    'login: a form with a wrong password',
    form('/auth/login', 'UserName=jdoe%40example.edu&Password=x'),
  ),
  row(400, 'login: a form without a password', form('/auth/login', 'username=jdoe%40example.edu')),
  row(400, 'login: a form with an empty user name', form('/auth/login', 'username=&password=x')),
  row(400, 'login: an empty form', form('/auth/login', '')),
  row(
    400,
    'login: form names differing only in case',
    form('/auth/login', 'username=a&UserName=b&password=x'),
  ),
  row(400, 'login: a form name given twice', form('/auth/login', 'username=a&username=b&password=x')),
  row(400, 'login: a malformed percent escape', form('/auth/login', 'username=%zz&password=x')),
  row(400, 'login: an escape that is not UTF-8', form('/auth/login', 'username=%C3%28&password=x')),
  row(400, 'login: raw bytes that are not UTF-8', form('/auth/login', Buffer.from([0x75, 0x3d, 0xc3, 0x28]))),
  row(400, 'login: a form user name too long', form('/auth/login', `username=${'u'.repeat(257)}&password=x`)),
  row(413, 'login: a 66 KB form', form('/auth/login', `username=${'u'.repeat(66 * 1024)}&password=x`)),
  row(413, 'login: a 66 KB form, chunked', {
    ...form('/auth/login', `username=${'u'.repeat(66 * 1024)}&password=x`),
    chunked: true,
  }),
  row(
    400,
    'loginadmin: a form BEID not a GUID',
    form('/auth/loginadmin', `BEID=x&WebServicesKey=${DEMO.exampleKey}`),
  ),
  row(
    401,
    'loginadmin: a form with a wrong key',
    form('/auth/loginadmin', `beid=${DEMO.exampleBeid}&webserviceskey=${DEMO.closedKey}`),
  ),
  row(415, 'login: charset=utf-16', post('/auth/login', LOGIN_TEXT, 'application/json; charset=utf-16')),
  row(415, 'loginadmin: text/plain', post('/auth/loginadmin', '{}', 'text/plain')),

  // Admin login.
  row(
    400,
    'loginadmin: BEID not a GUID',
    post('/auth/loginadmin', `{"BEID":"x","WebServicesKey":"${DEMO.exampleKey}"}`),
  ),
  row(
    400,
    'loginadmin: BEID in braces',
    post('/auth/loginadmin', `{"BEID":"{${DEMO.exampleBeid}}","WebServicesKey":"${DEMO.exampleKey}"}`),
  ),
  row(
    400,
    'loginadmin: key a number',
    post('/auth/loginadmin', `{"BEID":"${DEMO.exampleBeid}","WebServicesKey":7}`),
  ),
  row(400, 'loginadmin: empty object', post('/auth/loginadmin', '{}')),
  row(
    400,
    'loginadmin: fields under __proto__',
    post('/auth/loginadmin', `{"__proto__":{"BEID":"${DEMO.exampleBeid}"}}`),
  ),
  row(
    401,
    'loginadmin: wrong key',
    post('/auth/loginadmin', `{"BEID":"${DEMO.exampleBeid}","WebServicesKey":"${DEMO.closedKey}"}`),
  ),

  // Bearer tokens on getuser.
  row(401, 'getuser: no Authorization', get(`${A}/auth/getuser`)),
  row(401, 'getuser: Basic credentials', bearer('Basic amRvZTp4')),
  row(401, 'getuser: a path as the token', bearer('Bearer ../../etc/passwd')),
  row(401, 'getuser: an 8 KB token', bearer(`Bearer ${'a'.repeat(8192)}`)),
  row(401, 'getuser: an alg none token', bearer(`Bearer ${ALG_NONE}`)),
  row(
    401,
    'getuser: non-ASCII bytes in Authorization',
    raw(`GET ${A}/auth/getuser HTTP/1.1\r\nAuthorization: Bearer é\xff`),
  ),

  // People.
  row(400, 'people get: not a GUID', get(`${A}/people/not-a-guid`), jdoe),
  row(400, 'people get: encoded NUL', get(`${A}/people/%00`), jdoe),
  row(400, 'people get: bad percent-encoding', get(`${A}/people/%E0%A4%A`), jdoe),
  row(400, 'people get: encoded traversal', get(`${A}/people/..%2f..%2fauth%2fgetuser`), jdoe),
  row(400, 'people lookup: maxResults=abc', get(`${A}/people/lookup?maxResults=abc`), jdoe),
  row(400, 'people lookup: maxResults=-1', get(`${A}/people/lookup?maxResults=-1`), jdoe),
  row(400, 'people lookup: maxResults huge', get(`${A}/people/lookup?maxResults=${'9'.repeat(30)}`), jdoe),
  row(
    400,
    'people lookup: 300-char searchText',
    get(`${A}/people/lookup?searchText=${'%25'.repeat(300)}`),
    jdoe,
  ),
  row(
    200,
    'people lookup: bad percent-encoding in the query',
    get(`${A}/people/lookup?searchText=%E0%A4%A`),
    jdoe,
  ),
  row(400, 'people create: an array', post('/people', `[{${PERSON}}]`), admin),
  row(400, 'people create: invalid JSON', post('/people', '{"FirstName":'), admin),
  row(415, 'people create: text/plain', post('/people', `{${PERSON}}`, 'text/plain'), admin),
  row(400, 'people create: fields under __proto__', post('/people', `{"__proto__":{${PERSON}}}`), admin),
  row(400, 'people create: TypeID as text', post('/people', `{${PERSON},"TypeID":"9"}`), admin),
  row(400, 'people create: NUL in a name', post('/people', `{${PERSON},"Title":"a\\u0000b"}`), admin),
  row(401, 'people create: without a token', post('/people', `{${PERSON}}`)),

  // Wrong methods.
  row(405, 'PUT /api/auth', call('PUT', `${A}/auth`), { allow: 'POST' }),
  row(405, 'DELETE /api/auth/login', call('DELETE', `${A}/auth/login`), { allow: 'POST' }),
  row(405, 'OPTIONS /api/auth/loginadmin', call('OPTIONS', `${A}/auth/loginadmin`), { allow: 'POST' }),
  row(405, 'GET /api/auth/login', get(`${A}/auth/login`), { allow: 'POST' }),
  row(405, 'POST /api/auth/getuser', post('/auth/getuser', '{}'), { allow: 'GET' }),
  row(405, 'PATCH /api/people', { ...post('/people', '{}'), method: 'PATCH' }, { allow: 'POST' }),
  row(405, 'DELETE /api/people/{uid}', call('DELETE', `${A}/people/${JDOE_UID}`), {
    allow: 'GET, POST, PATCH',
  }),
  row(405, 'PUT /api/people/lookup', call('PUT', `${A}/people/lookup`), { allow: 'GET' }),
  row(405, 'POST /api/auth/loginsso', post('/auth/loginsso', '{}'), { allow: 'GET' }),
  row(405, 'POST /healthz', call('POST', '/healthz'), { allow: 'GET' }),
  row(405, 'DELETE / (static)', call('DELETE', '/'), { allow: 'GET, HEAD', ...staticFile }),

  // Unknown API paths, long URLs and big headers.
  row(404, 'an unknown API path', get(`${A}/nope`)),
  row(404, 'the API base itself', get('/TDWebApi')),
  row(404, 'an unknown sandbox path', get('/SBTDWebApi/api/auth/unknown')),
  row(404, 'an extra segment', get(`${A}/auth/getuser/extra`)),
  row(404, 'a very long API URL (8 KB)', get(`${A}/${'a'.repeat(8000)}`)),
  row(404, 'a catalog endpoint the emulator does not implement', get(`${A}/42/tickets/7`)),
  row(404, 'a catalog endpoint with a bad appId', get(`${A}/%00%2F../tickets/search`)),
  row(401, 'PATCH /api/people/{uid} without a token', call('PATCH', `${A}/people/${JDOE_UID}`)),
  row(405, 'POST /TDWebApi/openapi.json', call('POST', '/TDWebApi/openapi.json'), { allow: 'GET' }),
  row(431, 'a URL over the header limit (20 KB)', get(`${A}/${'a'.repeat(20_000)}`)),
  row(431, 'a 20 KB header', get('/healthz', { 'X-Big': 'b'.repeat(20_000) })),

  // Static files: traversal and bad paths never reach outside dist/.
  row(404, 'static: /../package.json', raw('GET /../package.json HTTP/1.1'), staticFile),
  row(404, 'static: /%2e%2e/package.json', get('/%2e%2e/package.json'), staticFile),
  row(404, 'static: /assets/..%2f..%2fpackage.json', get('/assets/..%2f..%2fpackage.json'), staticFile),
  row(404, 'static: backslash traversal', get('/..%5c..%5cpackage.json'), staticFile),
  row(404, 'static: encoded NUL', get('/index.html%00.js'), staticFile),
  row(400, 'static: bad percent-encoding', get('/%E0%A4%A'), staticFile),
  row(404, 'static: a server source file', get('/server/app.ts'), staticFile),
  row(404, 'static: a path below index.html', get('/index.html/x'), staticFile),
  row(404, 'static: a path below a hashed asset', get('/assets/app-abc123.js/y'), staticFile),
  row(404, 'static: a path below a plain file', get('/favicon.svg/x/y.js'), staticFile),
  row(404, 'static: a 300-character segment', get(`/${'a'.repeat(300)}`), staticFile),
  row(404, 'static: a 300-character asset name', get(`/assets/${'b'.repeat(300)}.js`), staticFile),
  row(404, 'static: a 300-character segment below a file', get(`/index.html/${'c'.repeat(300)}`), staticFile),
  row(404, 'static: HEAD below a file', call('HEAD', '/favicon.svg/x'), staticFile),

  // Requests addressed to another host name (DNS rebinding) are refused before any handler runs.
  row(421, 'host: another name on the API', {
    ...login(LOGIN_TEXT),
    headers: { 'Content-Type': 'application/json', Host: 'evil.example' },
  }),
  row(421, 'host: another name on the console', get('/', { Host: 'evil.example' })),
  row(
    421,
    'host: another name on the identity provider',
    get('/idp/.well-known/openid-configuration', { Host: 'rebound.example:80' }),
  ),
  row(421, 'host: another name on /healthz', get('/healthz', { Host: 'localhost.evil.example' })),
  row(421, 'host: a name that is not a host', get('/healthz', { Host: 'a b/c' })),
  row(400, 'raw: HTTP/1.1 without a Host header', {
    raw: 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n',
  }),
  row(417, 'raw: an expectation other than 100-continue', raw('GET /healthz HTTP/1.1\r\nExpect: teapot')),

  // Broken HTTP framing, answered before any route runs.
  row(
    400,
    'raw: Content-Length and chunked together',
    raw(`POST ${A}/auth HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked`, '0\r\n\r\n'),
  ),
  row(400, 'raw: non-numeric Content-Length', raw(`POST ${A}/auth HTTP/1.1\r\nContent-Length: abc`)),
  row(400, 'raw: invalid method token', raw('G@T /healthz HTTP/1.1')),
  row(400, 'raw: a space in the path', raw('GET /a b HTTP/1.1')),
  row(400, 'raw: a NUL in a header value', raw('GET /healthz HTTP/1.1\r\nX-A: b\u0000c')),
  row(
    400,
    'raw: Content-Length shorter than the body',
    raw(`POST ${A}/auth HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 3`, LOGIN_TEXT),
  ),
];

let server: TestServer;
let dist: string;
const tokens: Record<'jdoe' | 'admin', string> = { jdoe: '', admin: '' };
const statuses: number[] = [];

beforeAll(async () => {
  // A high limit so that the table itself is never rate limited; rate limiting has its own tests.
  dist = makeTempDist();
  server = await startTestServer({ config: { rateLimit: 10_000, distDir: dist } });
  tokens.jdoe = await signIn(server.api, DEMO.jdoe);
  tokens.admin = await loginAdmin(server.api);
});
afterAll(async () => {
  await server.stop(true);
  rmSync(dist, { recursive: true, force: true });
});

async function perform(row: Row): Promise<RawResponse> {
  if ('raw' in row.request) return sendRaw(server.origin, row.request.raw);
  const headers = {
    ...row.request.headers,
    ...(row.as ? { Authorization: `Bearer ${tokens[row.as]}` } : {}),
  };
  return send(server.origin, { ...row.request, headers });
}

describe('malformed and hostile requests', () => {
  it('the table has at least 40 rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
  });

  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const res = await perform(row);
    statuses.push(res.status);
    expect(res.status, res.text).toBe(row.status);
    expectNoLeak(res.text);
    // Node's own answers to broken bytes included.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    if (row.status >= 400 && row.json !== false) expectApiError(res, row.status);
    if (row.allow) expect(res.headers.allow).toBe(row.allow);
  });

  it('answered every row, none with a 5xx, logged no internal error, and the server is still healthy', async () => {
    expect(statuses).toHaveLength(rows.length);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(server.logs).toEqual([]);
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await signIn(server.api, DEMO.jdoe)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
