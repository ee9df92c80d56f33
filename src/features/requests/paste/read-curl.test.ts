import { afterEach, describe, expect, it, vi } from 'vitest';
import { curlCommand } from '@/lib/copy-commands';
import { readCurl } from './read-curl';
import { splitCommandLine } from './split-command-line';

const URL_ = 'https://acme.teamdynamix.com/TDWebApi/api/people';

describe('splitCommandLine', () => {
  it.each([
    [
      'bash',
      `curl -H 'a: "b"' "c \\"d\\" \\$e" f\\ g 'it'\\''s' $'x\\ny\\u00e9'`,
      ['curl', '-H', 'a: "b"', 'c "d" $e', 'f g', "it's", 'x\nyé'],
    ],
    ['bash', 'curl \\\n  -X POST \\\r\n  u', ['curl', '-X', 'POST', 'u']],
    ['cmd', 'curl ^"u^" ^\n  --data-raw ^"^{^\\^"a^\\^":1^}^"', ['curl', 'u', '--data-raw', '{"a":1}']],
    ['cmd', 'curl -d "{\\"a\\":\\"b c\\"}" u', ['curl', '-d', '{"a":"b c"}', 'u']],
    [
      'powershell',
      'curl.exe `\n  -d \'{"a":\'\'b\'\'}\' `\n  "x`"y""z"',
      ['curl.exe', '-d', `{"a":'b'}`, 'x"y"z'],
    ],
    ['bash', "curl $'a\\tb\\'\\0'", ['curl', "a\tb'\0"]],
    ['powershell', 'curl.exe "a`tb`$c`0"', ['curl.exe', 'a\tb$c\0']],
  ] as const)('%s: %j', (dialect, text, words) => {
    expect(splitCommandLine(text, dialect)).toMatchObject({ ok: true, words });
  });

  it.each([
    ['bash', `curl 'x`, 'A single quote is never closed.'],
    ['bash', 'curl "x', 'A double quote is never closed.'],
    ['bash', "curl $'x", "A $'…' quote is never closed."],
    ['bash', 'curl x\\', 'The command ends with a lone backslash.'],
    ['cmd', 'curl "x', 'A double quote is never closed.'],
    ['powershell', "curl.exe 'x", 'A single quote is never closed.'],
    ['powershell', 'curl.exe "x', 'A double quote is never closed.'],
    ['powershell', 'curl.exe x`', 'The command ends with a lone backtick.'],
  ] as const)('%s: names what stops %j', (dialect, text, message) => {
    expect(splitCommandLine(text, dialect)).toEqual({ ok: false, message });
  });

  it.each([
    ['bash', 'curl "$A/\\${B}" $C \'$D\' \\$E', ['$A', 1, '$C', 2]],
    ['cmd', 'curl "%A%/x" %B%', ['%A%', 1, '%B%', 2]],
    ['powershell', 'curl.exe "$A/`$B" $C \'$D\'', ['$A', 1, '$C', 2]],
  ] as const)(
    '%s: names the shell variables in %j and their words, not the quoted or escaped',
    (dialect, text, [a, aWord, c, cWord]) => {
      expect(splitCommandLine(text, dialect)).toMatchObject({
        ok: true,
        variables: [
          { name: a, word: aWord },
          { name: c, word: cWord },
        ],
      });
    },
  );
});

describe('readCurl', () => {
  it('reads method, URL and JSON body; drops the Authorization header with a note', () => {
    const read = readCurl(
      `curl -X PUT -H 'Authorization: Bearer abc.def.ghi' -H 'Content-Type: application/json' --data-raw '{"FirstName":"Ann"}' '${URL_}/1'`,
    );
    expect(read).toEqual({
      ok: true,
      dialect: 'bash',
      method: 'PUT',
      url: `${URL_}/1`,
      getData: null,
      body: '{"FirstName":"Ann"}',
      notes: ['The Authorization header was left out: the session’s token is used.'],
      unread: [],
    });
    expect(JSON.stringify(read)).not.toContain('abc.def.ghi');
  });

  it.each([
    [`curl -d '{"a":1}' ${URL_}`, 'POST', '{"a":1}', null],
    [`curl --json '{"a":1}' ${URL_}`, 'POST', '{"a":1}', null],
    [`curl -sSL -XPATCH --data='{"a":1}' --url ${URL_}`, 'PATCH', '{"a":1}', null],
    [
      `curl -G -d searchText=smith -d maxResults=5 ${URL_}/lookup`,
      'GET',
      null,
      'searchText=smith&maxResults=5',
    ],
    [`curl ${URL_}`, 'GET', null, null],
  ])('%s', (text, method, body, getData) => {
    expect(readCurl(text)).toMatchObject({ ok: true, method, body, getData, unread: [] });
  });

  it('reads Chrome’s cmd and a PowerShell curl.exe alike', () => {
    const cmd = readCurl(
      `curl ^"${URL_}^" ^\n  -H ^"accept: application/json^" ^\n  -H ^"authorization: Bearer x^" ^\n  --data-raw ^"^{^\\^"a^\\^":1^}^"`,
    );
    expect(cmd).toMatchObject({ ok: true, dialect: 'cmd', method: 'POST', url: URL_, body: '{"a":1}' });
    const ps = readCurl(
      `curl.exe -X POST \`\n  -H "Content-Type: application/json" \`\n  -d '{"a":"b"}' \`\n  '${URL_}'`,
    );
    expect(ps).toMatchObject({
      ok: true,
      dialect: 'powershell',
      method: 'POST',
      body: '{"a":"b"}',
      url: URL_,
    });
    expect(readCurl(`curl.exe -d '{"a":"it''s"}' ${URL_}`)).toMatchObject({
      ok: true,
      dialect: 'powershell',
      body: `{"a":"it's"}`,
    });
  });

  it('names what it cannot read, and guesses nothing', () => {
    expect(readCurl(`curl --frobnicate -d @body.json ${URL_}`)).toMatchObject({
      ok: true,
      method: 'POST',
      body: null,
      unread: [
        '--frobnicate',
        'the body in the file body.json (-d @body.json): paste its text into the JSON body',
      ],
    });
    expect(readCurl(`curl -d 'username=a&password=b' ${URL_}`)).toMatchObject({
      body: null,
      unread: ['the body: it is not JSON (curl sends it as form data)'],
    });
    expect(readCurl(`curl -H 'Content-Type: text/xml' -d '<a/>' ${URL_}`)).toMatchObject({
      body: null,
      unread: ['Content-Type: text/xml (the console sends JSON bodies only)'],
    });
    expect(readCurl(`curl -H "Authorization: Bearer $TOKEN" "${URL_}/$UID"`)).toMatchObject({
      unread: ['$UID (a shell variable: put in its value)'],
    });
    expect(readCurl(`curl -u admin:secret -b 'a=b' -H 'X-Thing: 1' ${URL_}`)).toMatchObject({
      notes: [
        '-u and its credentials were left out: the session’s token is used.',
        '-b was left out: the console sends no cookies to the API.',
        'The header X-Thing was left out: the console sends only its own headers.',
      ],
    });
  });

  it('keeps a body read from a file a POST, saying the body is in the file', () => {
    for (const [text, option] of [
      [`curl -d @body.json ${URL_}/search`, '-d @body.json'],
      [`curl --json @body.json ${URL_}/search`, '--json @body.json'],
      [
        `curl -H 'Content-Type: application/json' --data-binary @"my body.json" ${URL_}/search`,
        '--data-binary @my body.json',
      ],
    ] as const)
      expect(readCurl(text)).toMatchObject({
        ok: true,
        method: 'POST',
        body: null,
        unread: [
          `the body in the file ${option.slice(option.indexOf('@') + 1)} (${option}): paste its text into the JSON body`,
        ],
      });
    expect(readCurl(`curl -X PUT -d @- ${URL_}/1`)).toMatchObject({
      method: 'PUT',
      unread: ['the body from standard input (-d @-): paste its text into the JSON body'],
    });
    expect(readCurl(`curl -G -d @query.txt ${URL_}/lookup`)).toMatchObject({
      method: 'GET',
      unread: ['the query in the file query.txt (-d @query.txt): paste its text into the query rows'],
    });
    // --data-raw takes an @ as it is.
    expect(readCurl(`curl --data-raw '"@x"' ${URL_}`)).toMatchObject({ method: 'POST', body: '"@x"' });
  });

  it('reads --data-urlencode as curl does: with -G the query, encoded once', () => {
    const read = readCurl(
      `curl -G --data-urlencode "searchText=john smith&co" --data-urlencode =only --data-urlencode 'maxResults=5' ${URL_}/lookup`,
    );
    expect(read).toMatchObject({
      ok: true,
      method: 'GET',
      url: `${URL_}/lookup`,
      getData: 'searchText=john%20smith%26co&only&maxResults=5',
      body: null,
      unread: [],
    });
    expect([...new URLSearchParams(read.ok ? read.getData! : '')]).toEqual([
      ['searchText', 'john smith&co'],
      ['only', ''],
      ['maxResults', '5'],
    ]);
    expect(readCurl(`curl -G --data-urlencode name@names.txt ${URL_}/lookup`)).toMatchObject({
      ok: true,
      method: 'GET',
      unread: [
        'the query in the file names.txt (--data-urlencode name@names.txt): paste its text into the query rows',
      ],
    });
    // Without -G it is a form body, which the console does not send.
    expect(readCurl(`curl --data-urlencode "a=b c" ${URL_}`)).toMatchObject({
      method: 'POST',
      body: null,
      unread: ['the body: it is not JSON (curl sends it as form data)'],
    });
  });

  it('reads curl.exe with cmd’s quoting: \\" and "" inside double quotes, carets outside them', () => {
    for (const [text, body] of [
      [
        `curl.exe -X POST "${URL_}/search" -H "Content-Type: application/json" -d "{\\"SearchText\\":\\"john smith\\"}"`,
        { SearchText: 'john smith' },
      ],
      [
        `curl.exe -X POST "${URL_}/search" ^\r\n  -d "{\\"SearchText\\": \\"john smith\\"}"`,
        { SearchText: 'john smith' },
      ],
      // A caret inside cmd's double quotes is a caret.
      [
        `curl.exe -X POST "${URL_}/search" ^\n  -H "Content-Type: application/json" ^\n  -d "{""SearchText"":""john smith"",""Note"":""a^b""}"`,
        { SearchText: 'john smith', Note: 'a^b' },
      ],
    ] as const) {
      const read = readCurl(text);
      expect(read).toMatchObject({
        ok: true,
        dialect: 'cmd',
        method: 'POST',
        url: `${URL_}/search`,
        unread: [],
      });
      expect(JSON.parse(read.ok ? read.body! : '')).toEqual(body);
    }
    // A PowerShell line is still read as PowerShell: single quotes, and no backslash before a quote.
    expect(readCurl(`curl.exe -d '{\\"a\\":1}' ${URL_}`)).toMatchObject({ dialect: 'powershell' });
    expect(readCurl(`curl.exe -d "{""a"":1}" ${URL_}`)).toMatchObject({
      dialect: 'powershell',
      body: '{"a":1}',
    });
  });

  it('reads back the console’s own Copy as curl, whose first line is a comment naming the connection', () => {
    const body = JSON.stringify({ FirstName: 'Ann', Note: "it's # not a comment" });
    const copy = curlCommand(
      { method: 'POST', url: `${URL_}?x=1`, body, connection: 'Acme # University' },
      { token: 'abc.def.ghi' },
    );
    expect(copy.startsWith('# Connection: Acme # University\ncurl')).toBe(true);
    expect(readCurl(copy)).toEqual({
      ok: true,
      dialect: 'bash',
      method: 'POST',
      url: `${URL_}?x=1`,
      getData: null,
      body,
      notes: ['The Authorization header was left out: the session’s token is used.'],
      unread: [],
    });
  });

  it('reads PowerShell’s typographic quotes as PowerShell does, doubled ones as themselves', () => {
    expect(readCurl(`curl.exe -d ‘{"a":"O’’Brien"}’ ${URL_}`)).toMatchObject({
      ok: true,
      body: '{"a":"O’Brien"}',
    });
  });

  it('refuses what is not one curl call', () => {
    expect(readCurl('wget x')).toMatchObject({ ok: false, message: /not a curl command/ });
    expect(readCurl('curl -s')).toMatchObject({ ok: false, message: 'The command names no URL.' });
    expect(readCurl('curl a b')).toMatchObject({ ok: false, message: /more than one URL: a, b/ });
  });
});

describe('a hostile paste', () => {
  afterEach(() => vi.restoreAllMocks());

  /** 160 KB of `${`, the paste that took seconds when each `${` was read to the end of the text. */
  const DOLLAR_BRACES = '${'.repeat(80_000);

  it('reads 160 KB of ${ with each character in at most one variable', () => {
    for (const text of [`curl ${DOLLAR_BRACES}`, `curl "${DOLLAR_BRACES}}"`, `curl ${DOLLAR_BRACES}}`]) {
      const split = splitCommandLine(text, 'bash');
      if (!split.ok) throw new Error(split.message);
      // Variables are disjoint slices of the text: reading them reads each character at most once.
      const read = split.variables.reduce((sum, v) => sum + v.name.length, 0);
      expect(read).toBeLessThanOrEqual(text.length);
      expect(split.words[1]!.length).toBeGreaterThanOrEqual(DOLLAR_BRACES.length);
    }
    expect(splitCommandLine(`curl ${DOLLAR_BRACES}}`, 'bash')).toMatchObject({
      variables: [{ name: '${}', word: 1 }],
    });
    expect(readCurl(`curl ${URL_}/${DOLLAR_BRACES}`)).toMatchObject({
      ok: true,
      url: `${URL_}/${DOLLAR_BRACES}`,
    });
  });

  it('names each of 20,000 shell variables once, without searching the text once per variable', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `$v${i}`);
    const text = `curl "${URL_}/${names.join('/')}"`;
    const includes = vi.spyOn(String.prototype, 'includes');
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    const read = readCurl(text);
    const wholeTextSearches = [...includes.mock.contexts, ...indexOf.mock.contexts].filter(
      (self) => String(self).length > 100_000,
    );
    expect(wholeTextSearches).toHaveLength(0);
    expect(read).toMatchObject({ ok: true });
    if (read.ok) expect(read.unread).toEqual(names.map((n) => `${n} (a shell variable: put in its value)`));
  });
});
