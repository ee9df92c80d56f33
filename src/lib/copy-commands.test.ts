// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { runInNewContext, Script } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curlCommand, fetchSnippet, shellQuote, TOKEN_VARIABLE } from './copy-commands';
import { maskBody } from './mask-body';

const URL_ = 'https://acme.teamdynamix.com/TDWebApi/api/people/lookup?searchText=o%27neil&maxResults=5';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ1bmlxdWVfbmFtZSI6Impkb2UifQ.c2lnbmF0dXJl';
/** What `TDX_TOKEN` holds where the copies are run here. */
const FROM_ENV = 'eyJ0eXAiOiJKV1QifQ.ZnJvbS1lbnY.c2ln';

/**
 * What a POSIX shell makes of `text`: runs it with `curl` defined to print each argument, NUL-terminated, and
 * `TDX_TOKEN` set.
 */
function argvOf(command: string): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}`;
  const env = { ...process.env, [TOKEN_VARIABLE]: FROM_ENV };
  const result = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8', env });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\0').slice(0, -1);
}

/** The characters a shell treats specially, mixed with any other character (NUL cannot be in an argument). */
const SHELL_TEXT = fc.string({
  unit: fc.oneof(
    fc.constantFrom("'", '"', '\\', '$', '`', '\n', '\r', '\t', ' ', '!', '*', '?', '&', ';', '|', '#', '~'),
    fc.constantFrom('(', ')', '{', '}', '<', '>', '[', ']', '%', '=', '$(id)', '${HOME}', "'\\''"),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\0'),
  ),
  maxLength: 40,
});

/** Whether the snippet is JavaScript: compiled, never run. */
function parses(snippet: string): boolean {
  try {
    new Script(snippet);
    return true;
  } catch {
    return false;
  }
}

/**
 * The arguments fetch would get: the snippet run in a fresh context whose `fetch` only records them, with Node's
 * `process.env` holding `TDX_TOKEN`.
 */
function fetchArguments(snippet: string): [string, { method: string; headers: object; body?: string }] {
  let seen: unknown[] = [];
  runInNewContext(snippet, {
    fetch: (...args: unknown[]) => {
      seen = args;
    },
    process: { env: { [TOKEN_VARIABLE]: FROM_ENV } },
  });
  // Objects made in the other context: copied here so that toEqual compares plain values.
  return JSON.parse(JSON.stringify(seen)) as [string, { method: string; headers: object; body?: string }];
}

describe('shellQuote', () => {
  it('round-trips any string through a real sh -c printf', () => {
    fc.assert(
      fc.property(SHELL_TEXT, (text) => {
        const result = spawnSync('/bin/sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' });
        expect(result.stdout).toBe(text);
      }),
      { numRuns: 150 },
    );
  });
});

describe('curlCommand', () => {
  it('gives a GET that reads the token from TDX_TOKEN, saying so, and with the real token when given', () => {
    const request = { method: 'get', url: URL_ };
    expect(curlCommand(request, { token: null })).toBe(
      `# The token is read from the environment variable TDX_TOKEN: export TDX_TOKEN='…' first (the console's Token screen copies it).\ncurl \\\n  -H "Authorization: Bearer $TDX_TOKEN" \\\n  '${URL_.replace("'", "'\\''")}'`,
    );
    expect(argvOf(curlCommand(request, { token: null }))).toEqual([
      '-H',
      `Authorization: Bearer ${FROM_ENV}`,
      URL_,
    ]);
    expect(argvOf(curlCommand(request, { token: TOKEN }))).toEqual([
      '-H',
      `Authorization: Bearer ${TOKEN}`,
      URL_,
    ]);
  });

  it('sends a body as JSON with its method, unless a content type is given', () => {
    const body = '{"FirstName":"Ann"}';
    expect(argvOf(curlCommand({ method: 'POST', url: URL_, body }, { token: TOKEN }))).toEqual([
      '-X',
      'POST',
      '-H',
      `Authorization: Bearer ${TOKEN}`,
      '-H',
      'Content-Type: application/json',
      '--data-raw',
      body,
      URL_,
    ]);
    const typed = { method: 'PUT', url: URL_, body, headers: { 'content-type': 'text/json' } };
    expect(argvOf(curlCommand(typed, { token: null })).filter((arg) => /content-type/i.test(arg))).toEqual([
      'content-type: text/json',
    ]);
  });

  it('never takes an Authorization header from the request: the token option decides', () => {
    const request = { method: 'GET', url: URL_, headers: { authorization: `Bearer ${TOKEN}`, Accept: 'x' } };
    const argv = argvOf(curlCommand(request, { token: null }));
    expect(argv).toEqual(['-H', `Authorization: Bearer ${FROM_ENV}`, '-H', 'Accept: x', URL_]);
  });

  it('gives a shell exactly the method, headers, body and URL, whatever characters they hold', () => {
    fc.assert(
      fc.property(
        SHELL_TEXT,
        SHELL_TEXT,
        SHELL_TEXT,
        SHELL_TEXT,
        fc.constantFrom('POST', 'patch', 'M$(id)'),
        (token, value, body, path, method) => {
          const url = `https://example.org/${path}`;
          const request = { method, url, headers: { 'X-Note': value }, body };
          const expectedBody = maskBody(body).text;
          expect(argvOf(curlCommand(request, { token }))).toEqual([
            '-X',
            method.toUpperCase(),
            '-H',
            `Authorization: Bearer ${token}`,
            '-H',
            `X-Note: ${value}`,
            '-H',
            'Content-Type: application/json',
            '--data-raw',
            expectedBody,
            url,
          ]);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('fetchSnippet', () => {
  it('is JavaScript that calls fetch with the URL, method, headers and body', () => {
    const body = '{"SearchText":"o\'neil"}';
    const snippet = fetchSnippet({ method: 'post', url: URL_, body }, { token: null });
    expect(snippet).toBe(
      [
        "// The token is read from the environment variable TDX_TOKEN: run it with Node.js, TDX_TOKEN set (the console's Token screen copies it).",
        `fetch(${JSON.stringify(URL_)}, {`,
        '  method: "POST",',
        '  headers: {',
        '    "Authorization": `Bearer ${process.env.TDX_TOKEN}`,',
        '    "Content-Type": "application/json",',
        '  },',
        `  body: ${JSON.stringify(body)},`,
        '});',
      ].join('\n'),
    );
    expect(fetchArguments(snippet)[1].headers).toEqual({
      Authorization: `Bearer ${FROM_ENV}`,
      'Content-Type': 'application/json',
    });
    expect(fetchArguments(fetchSnippet({ method: 'GET', url: URL_ }, { token: TOKEN }))).toEqual([
      URL_,
      { method: 'GET', headers: { Authorization: `Bearer ${TOKEN}` } },
    ]);
  });

  it('parses, and passes every string through unchanged, whatever characters they hold', () => {
    fc.assert(
      fc.property(SHELL_TEXT, SHELL_TEXT, SHELL_TEXT, SHELL_TEXT, (token, name, value, body) => {
        const url = `https://example.org/${value}`;
        const headers = { [`X-${name}`]: value };
        const snippet = fetchSnippet({ method: 'PATCH', url, headers, body }, { token });
        expect(parses(snippet)).toBe(true);
        const [calledUrl, init] = fetchArguments(snippet);
        expect(calledUrl).toBe(url);
        expect(init.headers).toEqual({
          Authorization: `Bearer ${token}`,
          [`X-${name}`]: value,
          'Content-Type': 'application/json',
        });
        expect(init.body).toBe(maskBody(body).text);
      }),
      { numRuns: 100 },
    );
  });
});

describe('secrets in the body', () => {
  it.each([
    ['JSON', '{"UserName":"jdoe","PASSWORD":"hunter2","nested":[{"webserviceskey":"k-e-y"}]}'],
    ['not JSON', 'password=hunter2&webserviceskey=k-e-y'],
  ])('masks password and WebServicesKey in a body that is %s, in both commands', (_kind, body) => {
    const request = { method: 'POST', url: URL_, body };
    const curl = curlCommand(request, { token: TOKEN });
    const fetch = fetchSnippet(request, { token: TOKEN });
    const argv = argvOf(curl);
    expect(argv[argv.indexOf('--data-raw') + 1]).toBe(maskBody(body).text);
    expect(fetchArguments(fetch)[1].body).toBe(maskBody(body).text);
    for (const text of [curl, fetch]) {
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('k-e-y');
    }
  });
});

describe('the connection named on a first comment line', () => {
  const LABEL_TEXT = fc.string({
    unit: fc.oneof(
      fc.constantFrom('\n', '\r', '\u2028', '\u2029', '*/', '\u0085', '\t'),
      fc.string({ maxLength: 3 }),
    ),
    maxLength: 20,
  });

  /** How many times the snippet calls fetch when run. */
  function fetchCalls(snippet: string): number {
    let calls = 0;
    runInNewContext(snippet, { fetch: () => (calls += 1), process: { env: {} } });
    return calls;
  }

  it('names it before the curl command and the fetch call', () => {
    const request = { method: 'GET', url: URL_, connection: 'Acme University' };
    const curl = curlCommand(request, { token: null });
    const fetch = fetchSnippet(request, { token: null });
    expect(curl.split('\n')[0]).toBe('# Connection: Acme University');
    expect(fetch.split('\n')[0]).toBe('// Connection: Acme University');
    expect(argvOf(curl)).toEqual(argvOf(curlCommand({ method: 'GET', url: URL_ }, { token: null })));
    expect(fetchArguments(fetch)).toEqual(
      fetchArguments(fetchSnippet({ method: 'GET', url: URL_ }, { token: null })),
    );
  });

  it('keeps the name a comment, one line long, whatever characters it holds', () => {
    fc.assert(
      fc.property(LABEL_TEXT, fc.constantFrom('curl evil.example', 'fetch("evil")'), (label, payload) => {
        const connection = `${label}\n${payload}\u2028${payload}`;
        const request = { method: 'GET', url: URL_, connection };
        const curl = curlCommand(request, { token: null });
        const snippet = fetchSnippet(request, { token: null });
        expect(curl.split('\n')[2]).toBe('curl \\');
        expect(argvOf(curl)).toEqual(['-H', `Authorization: Bearer ${FROM_ENV}`, URL_]);
        expect(parses(snippet)).toBe(true);
        expect(fetchCalls(snippet)).toBe(1);
        expect(snippet.split(/\r\n|[\n\r\u2028\u2029]/)[2]).toMatch(/^fetch\(/);
      }),
      { numRuns: 100 },
    );
  });
});
