// @vitest-environment node
// No PowerShell runs here: the script is read as PowerShell's tokenizer would, for its strings, comments and brackets.
import { describe, expect, it } from 'vitest';
import { FORMULA_START } from '@/lib/spreadsheet-formula';
import { HOSTILE_NAMES, jobOf } from '@/testing/job-specs';
import { prepareJob, type JobScriptSpec } from './job-script-spec';
import { powershellJobScript } from './powershell-job-script';

const SINGLE = "'\u2018\u2019\u201A\u201B";
const DOUBLE = '"\u201C\u201D\u201E';
const PAIRS: Record<string, string> = { ')': '(', '}': '{', ']': '[' };
/** PowerShell's own commands the script calls (cmdlets of PowerShell 7). */
const POWERSHELL_COMMANDS = [
  'ConvertFrom-Json',
  'ConvertTo-Json',
  'ForEach-Object',
  'Import-Csv',
  'Invoke-WebRequest',
  'Read-Host',
  'Start-Sleep',
  'Test-Path',
  'Where-Object',
  'Write-Host',
];
/** PowerShell's own variables the script reads. */
const AUTOMATIC = ['_', 'true', 'null', 'ExecutionContext'];

/**
 * The script as PowerShell reads it: its code with each string literal as `''` and comments left out, the values of
 * its single-quoted strings in order, and whether its brackets balance. A single-quoted string ends at any of the
 * five single quotes unless another follows; a double-quoted one at a double quote not escaped by a backtick.
 */
function readPowerShell(text: string) {
  let code = '';
  const strings: string[] = [];
  const open: string[] = [];
  let balanced = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      expect(text[i - 1], 'no block comments').not.toBe('<');
      while (i < text.length && text[i] !== '\n') i++;
      code += '\n';
    } else if (c === '@' && SINGLE.includes(text[i + 1] ?? '') && text[i + 2] === '\n') {
      throw new Error('no here-strings expected');
    } else if (SINGLE.includes(c)) {
      let value = '';
      for (i++; ; i++) {
        if (i >= text.length) throw new Error('unterminated single-quoted string');
        if (SINGLE.includes(text[i]!)) {
          if (!SINGLE.includes(text[i + 1] ?? '')) break;
          i++;
        }
        value += text[i];
      }
      strings.push(value);
      code += "''";
    } else if (DOUBLE.includes(c)) {
      for (i++; !DOUBLE.includes(text[i]!) || DOUBLE.includes(text[i + 1] ?? ''); i++) {
        if (i >= text.length) throw new Error('unterminated double-quoted string');
        if (text[i] === '`' || DOUBLE.includes(text[i]!)) i++;
      }
      code += '""';
    } else {
      if ('({['.includes(c)) open.push(c);
      if (c in PAIRS) balanced &&= open.pop() === PAIRS[c];
      code += c;
    }
  }
  return { code, strings, balanced: balanced && open.length === 0 };
}

describe('powershellJobScript', () => {
  it('is PowerShell 7 with balanced brackets that reads the CSV, asks for the secret unseen, calls with -Headers and paces by the rate headers', () => {
    const script = powershellJobScript(jobOf(['Name'], 'Acme'));
    expect(readPowerShell(script).balanced).toBe(true);
    expect(script.startsWith('#Requires -Version 7.0\n')).toBe(true);
    for (const part of [
      'param(\n  [Parameter(Mandatory = $true)][string]$RowsPath,',
      'Import-Csv -LiteralPath $RowsPath -Encoding UTF8',
      "Read-Host -Prompt 'Password' -AsSecureString",
      'Invoke-WebRequest -Method $Method -Uri $uri -Headers $headers -TimeoutSec 60 -SkipHttpErrorCheck',
      "Get-Header $answer 'X-RateLimit-Remaining'",
      "Get-Header $Answer 'X-RateLimit-Reset'",
      "Get-Header $Answer 'Retry-After'",
      '[System.IO.FileMode]::CreateNew',
    ])
      expect(script).toContain(part);
    expect(script).not.toMatch(/AsPlainText|ConvertFrom-SecureString|Export-Clixml/);
    const { code } = readPowerShell(script);
    // Every command it calls is PowerShell's own or defined in it; every variable it reads is set, a parameter or
    // one of PowerShell's own (names are case-insensitive).
    const defined = new Set([...code.matchAll(/^function ([\w-]+)/gm)].map((m) => m[1]!.toLowerCase()));
    const called = new Set([...code.matchAll(/(?<![\w$:.-])([A-Z][A-Za-z]+-[A-Z]\w+)/g)].map((m) => m[1]!));
    expect([...called].filter((name) => !defined.has(name.toLowerCase())).sort()).toEqual(
      POWERSHELL_COMMANDS,
    );
    const set = new Set(
      [
        ...code.matchAll(/\$(?:script:)?(\w+)\s*(?:=|\+=|\+\+)|\](\$\w+)|foreach \(\$(\w+)|\[ref\]\$(\w+)/g),
      ].map((m) => (m[1] ?? m[2]?.slice(1) ?? m[3] ?? m[4])!.toLowerCase()),
    );
    for (const [, name] of code.matchAll(/\$(?:script:)?(\w+)/g))
      expect(set.has(name!.toLowerCase()) || AUTOMATIC.includes(name!), name).toBe(true);
    expect(powershellJobScript({ ...jobOf(['Name'], 'Acme'), signIn: 'admin-key' })).toContain(
      "Read-Host -Prompt 'WebServicesKey' -AsSecureString",
    );
  });

  it('keeps hostile column names and a hostile connection inside strings and comments: the code is that of plain names', () => {
    const hostile = readPowerShell(
      powershellJobScript(jobOf(HOSTILE_NAMES, "Acme\n$(rm -rf /) \u2028 <# '")),
    );
    const plain = readPowerShell(
      powershellJobScript(
        jobOf(
          HOSTILE_NAMES.map((_, i) => `c${i}`),
          'Acme',
        ),
      ),
    );
    expect(hostile.balanced).toBe(true);
    expect(hostile.code).toBe(plain.code);
  });

  it('holds every name and template as written', () => {
    const spec = jobOf(HOSTILE_NAMES, 'Acme');
    const job = prepareJob(spec);
    const expected = [
      'Stop',
      spec.baseUrl,
      'password',
      'POST',
      spec.path,
      ...spec.query.flatMap(({ name, value }) => [name, value]),
      spec.body!,
      ...HOSTILE_NAMES,
      ...job.referenced,
      ...HOSTILE_NAMES,
      '<redacted>',
      FORMULA_START.source,
    ];
    const { strings } = readPowerShell(powershellJobScript(spec));
    expect(strings.slice(0, expected.length)).toEqual(expected);
  });

  it('never holds a secret: literal ones in the body and query are masked, {{column}} ones stay to be read from the CSV', () => {
    const spec: JobScriptSpec = {
      baseUrl: 'https://acme.teamdynamix.com/SBTDWebApi',
      signIn: 'admin-key',
      method: 'POST',
      path: '/api/people',
      query: [{ name: 'X-Api-Key', value: 'k-literal-1' }],
      body: JSON.stringify({ UserName: '{{User}}', password: 'p-literal-2', WebServicesKey: '{{Key}}' }),
      columns: ['User', 'Key'],
      answerFields: ['UID'],
    };
    const script = powershellJobScript(spec);
    for (const secret of ['k-literal-1', 'p-literal-2']) expect(script).not.toContain(secret);
    const { strings } = readPowerShell(script);
    expect(strings).toContain('<redacted>');
    expect(strings).toContain(
      JSON.stringify({ UserName: '{{User}}', password: '<redacted>', WebServicesKey: '{{Key}}' }, null, 2),
    );
  });
});
