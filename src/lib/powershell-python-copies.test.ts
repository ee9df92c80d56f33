// @vitest-environment node
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { powershellCommand, powershellQuote, pythonLiteral, pythonSnippet } from './copy-commands';
import { MASKED_SECRET } from '@contract/secret-fields';

const URL_ = 'https://acme.teamdynamix.com/TDWebApi/api/people/lookup?searchText=o%27neil&maxResults=5';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ1bmlxdWVfbmFtZSI6Impkb2UifQ.c2lnbmF0dXJl';
const PS_QUOTES = "'\u2018\u2019\u201A\u201B";

/**
 * PowerShell's reading of a single-quoted string at `at` (its tokenizer's rule): any of the five single-quote
 * characters ends it unless another follows, which makes the second one literal. Returns the value and where it ends.
 */
function readPsSingleQuoted(text: string, at: number): { value: string; end: number } {
  expect(PS_QUOTES).toContain(text[at]);
  let value = '';
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i]!;
    if (PS_QUOTES.includes(c)) {
      const next = text[i + 1];
      if (next === undefined || !PS_QUOTES.includes(next)) return { value, end: i + 1 };
      i++;
      value += text[i];
    } else value += c;
  }
  throw new Error(`unterminated string in ${text}`);
}

/** The whole text must be one single-quoted string, nothing before or after. */
function psValue(quoted: string): string {
  const { value, end } = readPsSingleQuoted(quoted, 0);
  expect(end).toBe(quoted.length);
  return value;
}

const HOSTILE = [
  "o'neil",
  "''",
  'say "hi"',
  '$env:USERPROFILE $(Get-Date) ${x}',
  '`n`t`` back`ticks`',
  'line one\nline two\r\n',
  'Zoë Ångström 李 😀',
  'it\u2019s \u2018typographic\u2019 \u201Aquotes\u201B',
  "'@\n'@",
  '@\'\n"@',
  '\u0000\u0007\t',
  '',
];

describe('powershellQuote', () => {
  it.each(HOSTILE)('reads back exactly: %j', (text) => {
    expect(psValue(powershellQuote(text))).toBe(text);
  });

  it('escapes exactly by doubling quotes, leaving $, backticks and newlines alone', () => {
    expect(powershellQuote("o'neil $x `n\n\u2019")).toBe("'o''neil $x `n\n\u2019\u2019'");
  });

  it('property: any string reads back as itself', () => {
    const unit = fc.oneof(
      fc.constantFrom(...PS_QUOTES, '$', '`', '"', '@', '\n', '\r'),
      fc.string({ maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit: unit.filter((c) => c !== ''), maxLength: 30 }), (text) => {
        expect(psValue(powershellQuote(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});

/** Reads the copy back: the header table's values, the method, URI and content type, and the here-string body. */
function readPowerShell(command: string) {
  const headers: Record<string, string> = {};
  const opening = '$headers = @{\n';
  expect(command.startsWith(opening)).toBe(true);
  let at = opening.length;
  while (!command.startsWith('}\n', at)) {
    expect(command.slice(at, at + 2)).toBe('  ');
    const name = readPsSingleQuoted(command, at + 2);
    expect(command.slice(name.end, name.end + 3)).toBe(' = ');
    const value = readPsSingleQuoted(command, name.end + 3);
    headers[name.value] = value.value;
    expect(command[value.end]).toBe('\n');
    at = value.end + 1;
  }
  const here = /\n\$body = @'\n([\s\S]*?)\n'@\n/.exec(command);
  const argument = (flag: string) => {
    const at = command.indexOf(`${flag} '`);
    return at < 0 ? undefined : readPsSingleQuoted(command, at + flag.length + 1).value;
  };
  return {
    headers,
    method: /-Method (\w+)/.exec(command)?.[1],
    uri: argument('-Uri'),
    contentType: argument('-ContentType'),
    body: here?.[1],
    bodyAsBytes: command.includes('-Body ([System.Text.Encoding]::UTF8.GetBytes($body))'),
  };
}

describe('powershellCommand', () => {
  it('is Invoke-RestMethod reading the token from $env:TDX_TOKEN, saying so, or the token when given', () => {
    expect(powershellCommand({ method: 'GET', url: URL_ }, { token: null })).toBe(
      [
        "# The token is read from the environment variable TDX_TOKEN: $env:TDX_TOKEN = '…' first (the console's Token screen copies it).",
        '$headers = @{',
        '  \'Authorization\' = "Bearer $env:TDX_TOKEN"',
        '}',
        'Invoke-RestMethod `',
        '  -Method Get `',
        "  -Uri 'https://acme.teamdynamix.com/TDWebApi/api/people/lookup?searchText=o%27neil&maxResults=5' `",
        '  -Headers $headers',
      ].join('\n'),
    );
    expect(readPowerShell(powershellCommand({ method: 'GET', url: URL_ }, { token: TOKEN })).headers).toEqual(
      {
        Authorization: `Bearer ${TOKEN}`,
      },
    );
  });

  it.each(HOSTILE.filter((v) => !v.includes('\u0000')))(
    'carries a hostile value in the URL, a header and the body unchanged: %j',
    (value) => {
      const body = JSON.stringify({ Note: value, Nested: { List: [value] } }, null, 2);
      const url = `https://acme.teamdynamix.com/TDWebApi/api/people?x=${value}`;
      const read = readPowerShell(
        powershellCommand({ method: 'POST', url, headers: { 'X-Note': value }, body }, { token: TOKEN }),
      );
      expect(read).toEqual({
        headers: { Authorization: `Bearer ${TOKEN}`, 'X-Note': value },
        method: 'Post',
        uri: url,
        contentType: 'application/json; charset=utf-8',
        body,
        bodyAsBytes: true,
      });
    },
  );

  it('masks the password and the admin key in the body', () => {
    const command = powershellCommand(
      { method: 'POST', url: URL_, body: '{"BEID":"b","WebServicesKey":"k","password":"p"}' },
      { token: TOKEN },
    );
    expect(readPowerShell(command).body).toBe(
      JSON.stringify({ BEID: 'b', WebServicesKey: MASKED_SECRET, password: MASKED_SECRET }),
    );
  });
});

/** What Python makes of a literal: evaluated by python3's `ast.literal_eval`, printed back as JSON. */
function pythonValue(literal: string): unknown {
  const script = 'import ast, json, sys\nprint(json.dumps(ast.literal_eval(sys.stdin.read())))';
  const result = spawnSync('python3', ['-c', script], { input: literal, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe('pythonLiteral', () => {
  it('turns true, false and null into Python, outside strings only, and keeps numbers’ digits', () => {
    expect(
      pythonLiteral('{"a": true, "b": [false, null], "c": "true null \\" false", "d": 12345678901234567890}'),
    ).toBe('{"a": True, "b": [False, None], "c": "true null \\" false", "d": 12345678901234567890}');
  });

  it('property: python3 reads the literal as the JSON value it came from', () => {
    const samples = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 40, seed: 20 });
    const texts = samples.map((v) => JSON.stringify(v, null, samples.indexOf(v) % 2 ? 2 : undefined));
    const read = pythonValue(`[${texts.map(pythonLiteral).join(',\n')}]`);
    expect(read).toEqual(texts.map((t) => JSON.parse(t) as unknown));
  });
});

describe('pythonSnippet', () => {
  it('calls requests with the JSON body as json=, the token read from TDX_TOKEN unless given', () => {
    const snippet = pythonSnippet(
      { method: 'post', url: URL_, body: '{"FirstName":"Zoë","IsActive":true,"password":"p"}' },
      { token: null },
    );
    expect(snippet).toBe(
      [
        "# The token is read from the environment variable TDX_TOKEN: set it before running this (the console's Token screen copies it).",
        'import os',
        '',
        'import requests',
        '',
        'response = requests.request(',
        '    "POST",',
        `    "${URL_}",`,
        '    headers={',
        '        "Authorization": "Bearer " + os.environ["TDX_TOKEN"],',
        '    },',
        `    json={"FirstName":"Zoë","IsActive":True,"password":"${MASKED_SECRET}"},`,
        '    timeout=60,',
        ')',
        'print(response.status_code)',
        'print(response.text)',
      ].join('\n'),
    );
    const compiles = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], {
      input: snippet,
      encoding: 'utf8',
    });
    expect(compiles.status, compiles.stderr).toBe(0);
    const withToken = pythonSnippet({ method: 'GET', url: URL_ }, { token: TOKEN });
    expect(withToken).toContain(`"Authorization": "Bearer ${TOKEN}",`);
    expect(withToken).not.toContain('TDX_TOKEN');
  });
});
