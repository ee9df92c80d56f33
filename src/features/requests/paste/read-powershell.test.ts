import { afterEach, describe, expect, it, vi } from 'vitest';
import { powershellCommand } from '@/lib/copy-commands';
import { MAX_NESTING } from './parse-powershell';
import { readPowerShell } from './read-powershell';
import { splitPowerShellScript } from './split-command-line';

const URL_ = 'https://acme.teamdynamix.com/TDWebApi/api/people';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
const AUTH_NOTE = 'The Authorization header was left out: the session’s token is used.';

describe('splitPowerShellScript', () => {
  it('reads here-strings, comments and operators, and quotes of every kind', () => {
    const split = splitPowerShellScript(
      [
        '# a comment',
        '<# a block',
        'comment #> $h = @{ "a"="b"; c = \'d\' }',
        "$b = @'",
        "it's '@ not the end",
        "'@",
        '$e = @"',
        'x `"$y`" "z"',
        '"@',
        'irm -Uri ‘it’’s’ -Body ([Text]::F($b)) -Method:Post x=1 | Out-Null',
      ].join('\r\n'),
    );
    if (!split.ok) throw new Error(split.message);
    const shown = split.words.map((w, i) => (split.kinds[i] === 'operator' ? `«${w}»` : w));
    expect(shown).toEqual([
      '«;»',
      '$h',
      '«=»',
      '«@{»',
      'a',
      '«=»',
      'b',
      '«;»',
      'c',
      '«=»',
      'd',
      '«}»',
      '«;»',
      '$b',
      '«=»',
      "it's '@ not the end",
      '«;»',
      '$e',
      '«=»',
      'x "$y" "z"',
      '«;»',
      'irm',
      '-Uri',
      'it’s',
      '-Body',
      '«(»',
      '[Text]::F',
      '«(»',
      '$b',
      '«)»',
      '«)»',
      '-Method:Post',
      'x=1',
      '«|»',
      'Out-Null',
    ]);
    expect(split.variables.map((v) => v.name)).toEqual(['$h', '$b', '$e', '$y', '$b']);
  });

  it.each([
    ["irm '", 'A single quote is never closed.'],
    ['irm "', 'A double quote is never closed.'],
    ["$b = @'\nnever closed", "A here-string (@') is never closed."],
    ['<# never closed', 'A <# comment is never closed.'],
    ['irm x`', 'The command ends with a lone backtick.'],
  ])('names what stops %j', (text, message) => {
    expect(splitPowerShellScript(text)).toEqual({ ok: false, message });
  });
});

describe('readPowerShell', () => {
  it('reads back what the console’s own Copy as PowerShell writes, without its token', () => {
    const body = JSON.stringify({ FirstName: 'Zoë', LastName: 'O’Brien "$x" `y` \'z\'', IsActive: true });
    for (const token of [null, TOKEN]) {
      const copy = powershellCommand(
        { method: 'POST', url: `${URL_}?notify=false`, body, connection: 'Acme # "x"' },
        { token },
      );
      const read = readPowerShell(copy);
      expect(read).toEqual({
        ok: true,
        cmdlet: 'Invoke-RestMethod',
        method: 'POST',
        url: `${URL_}?notify=false`,
        getData: null,
        body,
        notes: [AUTH_NOTE],
        unread: [],
      });
      expect(JSON.stringify(read)).not.toContain(TOKEN);
    }
    // Escapes and quotes that would end a here-string, were they not inside a JSON string.
    const tricky = '{"a":"x\\n\'@ y \\"@"}';
    const patch = powershellCommand({ method: 'PATCH', url: `${URL_}/1`, body: tricky }, { token: null });
    expect(readPowerShell(patch)).toMatchObject({ ok: true, method: 'PATCH', body: tricky, unread: [] });
    const get = powershellCommand(
      { method: 'GET', url: `${URL_}/lookup?searchText=o’neil` },
      { token: null },
    );
    expect(readPowerShell(get)).toMatchObject({
      ok: true,
      method: 'GET',
      url: `${URL_}/lookup?searchText=o’neil`,
      body: null,
      unread: [],
    });
  });

  it('reads what Chrome’s Copy as PowerShell writes: its web session and headers left out, each named', () => {
    const chrome = [
      '$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession',
      '$session.UserAgent = "Mozilla/5.0 (X11; Linux x86_64)"',
      '$session.Cookies.Add((New-Object System.Net.Cookie("sid", "s3cret", "/", "acme.teamdynamix.com")))',
      `Invoke-WebRequest -UseBasicParsing -Uri "${URL_}" \``,
      '-Method "POST" `',
      '-WebSession $session `',
      '-Headers @{',
      '"authority"="acme.teamdynamix.com"',
      '  "accept"="application/json, text/plain, */*"',
      `  "authorization"="Bearer ${TOKEN}"`,
      '  "x-requested-with"="XMLHttpRequest"',
      '} `',
      '-ContentType "application/json" `',
      '-Body "{`"FirstName`":`"Ann`",`"Note`":`"`$5`"}"',
    ].join('\n');
    const read = readPowerShell(chrome);
    expect(read).toEqual({
      ok: true,
      cmdlet: 'Invoke-WebRequest',
      method: 'POST',
      url: URL_,
      getData: null,
      body: '{"FirstName":"Ann","Note":"$5"}',
      notes: [
        '-WebSession was left out: the console sends no cookies to the API.',
        'The header authority was left out: the console sends only its own headers.',
        AUTH_NOTE,
        'The header x-requested-with was left out: the console sends only its own headers.',
      ],
      unread: [],
    });
    expect(JSON.stringify(read)).not.toMatch(new RegExp(`${TOKEN}|s3cret`));
  });

  it.each([
    [`irm ${URL_}/lookup`, 'GET', `${URL_}/lookup`],
    [`iwr -uri '${URL_}' -method delete`, 'DELETE', URL_],
    [`$r = Invoke-RestMethod -Meth:Put -Ur "${URL_}/1" -B '{}'`, 'PUT', `${URL_}/1`],
    [`Invoke-RestMethod -CustomMethod PATCH -Uri ${URL_}/1 -Body '{"a":1}'`, 'PATCH', `${URL_}/1`],
    [`Invoke-RestMethod -Method Default ${URL_}`, 'GET', URL_],
  ])('%s', (text, method, url) => {
    expect(readPowerShell(text)).toMatchObject({ ok: true, method, url, unread: [] });
  });

  it('sends a GET’s hashtable body as the query string, as PowerShell does', () => {
    expect(
      readPowerShell(`$q = @{ searchText = "o’neil & co"; maxResults = 5 }\nirm ${URL_}/lookup -Body $q`),
    ).toMatchObject({ ok: true, method: 'GET', getData: 'searchText=o%E2%80%99neil+%26+co&maxResults=5' });
  });

  it('reads a body that ConvertTo-Json makes of literal values, within its depth', () => {
    const script = (body: string, convert = '| ConvertTo-Json') =>
      `$body = ${body} ${convert}\nInvoke-RestMethod -Method Post -Uri ${URL_} -Body $body -ContentType 'application/json'`;
    expect(
      readPowerShell(
        script(`[ordered]@{ FirstName = "Ann"; Age = 42; Tags = @('a', 'b'); Active = $true; X = $null }`),
      ),
    ).toMatchObject({
      ok: true,
      body: '{"FirstName":"Ann","Age":42,"Tags":["a","b"],"Active":true,"X":null}',
      unread: [],
    });
    expect(
      readPowerShell(`irm -Method Post ${URL_} -Body (ConvertTo-Json @{ a = @{ b = @{ c = 1 } } } -Depth 5)`),
    ).toMatchObject({ body: '{"a":{"b":{"c":1}}}', unread: [] });
    expect(readPowerShell(script('@{ a = @{ b = @{ c = 1 } } }'))).toMatchObject({
      body: null,
      unread: ['-Body (ConvertTo-Json: it nests deeper than ConvertTo-Json writes at -Depth 2)'],
    });
    expect(readPowerShell(script('@{ UserName = $user; Password = "$pw" }'))).toMatchObject({
      body: null,
      unread: ['$user (a PowerShell variable: put in its value)', '-Body (ConvertTo-Json: it holds $user)'],
    });
  });

  it('names what it cannot read, and guesses nothing', () => {
    expect(
      readPowerShell(
        `irm -Method Post "$base/api/people/$uid" -Frobnicate 1 -InFile body.json -TimeoutSec 30 -Credential $c`,
      ),
    ).toMatchObject({
      ok: true,
      url: '$base/api/people/$uid',
      body: null,
      notes: [
        '-TimeoutSec 30 was left out: it does not change the request.',
        '-Credential and its credentials were left out: the session’s token is used.',
      ],
      unread: [
        '-Frobnicate',
        '-InFile body.json (the body is in a file)',
        '$base (a PowerShell variable: put in its value)',
        '$uid (a PowerShell variable: put in its value)',
      ],
    });
    expect(
      readPowerShell(`irm -Method Post ${URL_} -Body @{ username = 'a'; password = 'b' }`),
    ).toMatchObject({
      body: null,
      unread: ['the body: a hashtable, which PowerShell sends as form data'],
    });
    expect(readPowerShell(`irm -Method Post ${URL_} -Body 'username=a'`)).toMatchObject({
      body: null,
      unread: ['the body: it is not JSON (PowerShell sends it as form data)'],
    });
    expect(readPowerShell(`irm -Method Post ${URL_} -ContentType text/xml -Body '<a/>'`)).toMatchObject({
      body: null,
      unread: ['Content-Type: text/xml (the console sends JSON bodies only)'],
    });
    expect(readPowerShell(`irm ${URL_} -Headers $h -Body (Get-Content body.json)`)).toMatchObject({
      unread: ['-Headers $h (a PowerShell variable: put in its value)', '-Body Get-Content …'],
    });
    expect(
      readPowerShell(
        [
          '[Net.ServicePointManager]::SecurityProtocol = [Net.SecurityProtocolType]::Tls12',
          "$headers = @{ Accept = 'application/json' }",
          `$headers.Add('Authorization', 'Bearer ${TOKEN}')`,
          '$unused.Thing = 1',
          `$r = irm ${URL_} -Headers $headers | Select-Object -First 1`,
          '$r.FullName',
        ].join('\n'),
      ),
    ).toMatchObject({
      ok: true,
      notes: [
        'What the script does with the answer (| Select-Object) was left out: it does not change the request.',
        'The lines after the call were left out: they do not change the request.',
      ],
      unread: [
        'the line [Net.ServicePointManager]::SecurityProtocol = …',
        'the line $headers.Add(…) (it changes $headers)',
      ],
    });
  });

  it('never shows a credential: the token in a header, a variable or a line it does not read', () => {
    const script = [
      `$token = '${TOKEN}'`,
      `$headers = @{ Authorization = "Bearer $token"; 'X-Key' = '${TOKEN}' }`,
      `$headers['Authorization'] = '${TOKEN}'`,
      `irm ${URL_} -Headers $headers -Token (ConvertTo-SecureString '${TOKEN}' -AsPlainText) -Authentication Bearer -ProxyCredential '${TOKEN}' -CertificateThumbprint ${TOKEN}`,
    ].join('\n');
    const read = readPowerShell(script);
    expect(read).toMatchObject({ ok: true, url: URL_ });
    expect(JSON.stringify(read)).not.toContain(TOKEN);
  });

  it('refuses what is not one call it can send', () => {
    expect(readPowerShell('Write-Host "Invoke-RestMethod"')).toMatchObject({
      ok: false,
      message: /neither a curl command nor a PowerShell call/,
    });
    expect(readPowerShell(`irm ${URL_}\nirm ${URL_}`)).toEqual({
      ok: false,
      message: 'The script makes 2 calls: paste one.',
    });
    expect(readPowerShell('irm -Method Get')).toEqual({
      ok: false,
      message: 'The command names no URL (-Uri).',
    });
    expect(readPowerShell('irm -Uri $url')).toEqual({
      ok: false,
      message: 'The URL is in $url, which the paste does not set: put in its value.',
    });
    expect(readPowerShell(`irm ${URL_} -Headers @{ a = 'b'`)).toEqual({
      ok: false,
      message: 'A hashtable (@{) is never closed.',
    });
  });
});

describe('a hostile paste', () => {
  afterEach(() => vi.restoreAllMocks());

  it(`refuses nesting deeper than ${MAX_NESTING}, however deep, and reads ${MAX_NESTING} deep`, () => {
    const deep = (n: number) => `irm -Method Post ${URL_} -Body ${'('.repeat(n)}'{}'${')'.repeat(n)}`;
    expect(readPowerShell(deep(MAX_NESTING - 1))).toMatchObject({ ok: true, body: '{}' });
    expect(readPowerShell(deep(MAX_NESTING + 1))).toMatchObject({ ok: false });
    for (const opening of ['(', '@{ a = ', '@(']) {
      expect(readPowerShell(`irm ${URL_} -Body ${opening.repeat(80_000)}`)).toEqual({
        ok: false,
        message: `The script nests more than ${MAX_NESTING} levels deep.`,
      });
    }
  });

  it('reads 160 KB of ${, @{ and <# with no search of the whole text, and names 20,000 variables once each', () => {
    const includes = vi.spyOn(String.prototype, 'includes');
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    for (const filler of ['${', '@{', '<#', "@'", '#'])
      readPowerShell(`irm ${URL_} ${filler.repeat(80_000)}`);
    const names = Array.from({ length: 20_000 }, (_, i) => `$v${i}`);
    const read = readPowerShell(`irm "${URL_}/${names.join('/')}"`);
    const wholeTextSearches = [...includes.mock.contexts, ...indexOf.mock.contexts].filter(
      (self) => String(self).length > 100_000,
    );
    expect(wholeTextSearches).toHaveLength(0);
    if (!read.ok) throw new Error(read.message);
    expect(read.unread).toEqual(names.map((n) => `${n} (a PowerShell variable: put in its value)`));
  });
});
