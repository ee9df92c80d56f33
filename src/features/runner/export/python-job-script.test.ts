// @vitest-environment node
// Reads the exported script with python3's own tokenizer and runs its filling (python3 with requests: apt install
// python3-requests, or pip install requests).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PYTHON } from '../../../../server/testing/python-client.ts';
import { FORMULA_START } from '@/lib/spreadsheet-formula';
import { HOSTILE_NAMES, jobOf } from '@/testing/job-specs';
import type { JobScriptSpec } from './job-script-spec';
import { pythonJobScript } from './python-job-script';

const dir = mkdtempSync(join(tmpdir(), 'python-job-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function python(program: string, input: string): unknown {
  const result = spawnSync(PYTHON, ['-c', program], { input, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** The script's tokens as Python reads them, each string literal as `""` and comments left out: its code alone. */
const skeleton = (script: string) =>
  python(
    `import io, json, sys, tokenize
tokens = tokenize.generate_tokens(io.StringIO(sys.stdin.read()).readline)
skip = (tokenize.COMMENT, tokenize.NL)
print(json.dumps(['""' if t.type == tokenize.STRING else t.string for t in tokens if t.type not in skip]))`,
    script,
  );

/** Loads the script as a module (its main() does not run) and fills a row with it as it would before sending. */
function loaded(script: string, row: Record<string, string>) {
  const path = join(dir, `job-${Math.random().toString(36).slice(2)}.py`);
  writeFileSync(path, script);
  return python(
    `import json, runpy, sys
job = runpy.run_path(sys.argv[1], run_name="job")
row = json.loads(sys.stdin.read())
print(json.dumps({
    "constants": {name: job[name] for name in ["BASE", "SIGN_IN", "METHOD", "PATH", "BODY", "COLUMNS", "ANSWER_FIELDS"]},
    "query": [list(pair) for pair in job["QUERY"]],
    "path": job["fill"](job["PATH"], row, job["url_value"]),
    "values": [job["fill"](value, row, str) for name, value in job["QUERY"]],
    "body": job["fill"](job["BODY"], row, job["json_value"]),
    "formula": job["FORMULA_START"].pattern,
}))`.replace('sys.argv[1]', JSON.stringify(path)),
    JSON.stringify(row),
  ) as {
    constants: Record<string, unknown>;
    query: [string, string][];
    path: string;
    values: string[];
    body: string;
    formula: string;
  };
}

describe('pythonJobScript', () => {
  it('keeps hostile column names and a hostile connection inside strings and comments: the code is that of plain names', () => {
    const hostile = pythonJobScript(jobOf(HOSTILE_NAMES, 'Acme\n$(rm -rf /) """ \u2028 #'));
    const plain = pythonJobScript(
      jobOf(
        HOSTILE_NAMES.map((_, i) => `c${i}`),
        'Acme',
      ),
    );
    expect(skeleton(hostile)).toEqual(skeleton(plain));
  });

  it('holds every name as written, and fills a row of hostile values URL-encoded in the path and query, JSON-escaped in the body', () => {
    const spec = jobOf(HOSTILE_NAMES, 'Acme');
    const row = Object.fromEntries(
      HOSTILE_NAMES.map((name, i) => [name, `${HOSTILE_NAMES[(i + 1) % 11]}/?&#%`]),
    );
    const read = loaded(pythonJobScript(spec), row);

    expect(read.constants).toEqual({
      BASE: spec.baseUrl,
      SIGN_IN: 'password',
      METHOD: 'POST',
      PATH: spec.path,
      BODY: spec.body,
      COLUMNS: HOSTILE_NAMES,
      ANSWER_FIELDS: HOSTILE_NAMES,
    });
    expect(read.query).toEqual(spec.query.map(({ name, value }) => [name, value]));
    const [, api, people, ...segments] = read.path.split('/');
    expect([api, people]).toEqual(['api', 'people']);
    for (const segment of segments) expect(segment).toMatch(/^[\w.~%-]+$/);
    expect(segments.map(decodeURIComponent)).toEqual(HOSTILE_NAMES.map((name) => row[name]));
    expect(read.values).toEqual(HOSTILE_NAMES.map((name) => `v=${row[name]}`));
    const body = JSON.parse(read.body) as Record<string, string>;
    const inBody = HOSTILE_NAMES.filter((name) => JSON.stringify(name) === `"${name}"`);
    expect(body).toEqual(Object.fromEntries(inBody.map((name, i) => [`m${i}`, `v ${row[name]}`])));
    expect(read.formula).toBe(FORMULA_START.source);
  });

  it('never holds a secret: literal ones in the body and query are masked, {{column}} ones stay to be read from the CSV', () => {
    const spec: JobScriptSpec = {
      baseUrl: 'https://acme.teamdynamix.com/SBTDWebApi',
      signIn: 'admin-key',
      method: 'POST',
      path: '/api/people',
      query: [
        { name: 'api_key', value: 'k-literal-1' },
        { name: 'token', value: '{{Token}}' },
      ],
      body: JSON.stringify({
        UserName: '{{User}}',
        Password: 'p-literal-2',
        Nested: { client_secret: 's-literal-3' },
        WebServicesKey: '{{Key}}',
      }),
      columns: ['User', 'Token', 'Key'],
      answerFields: ['UID'],
    };
    const script = pythonJobScript(spec);
    for (const secret of ['k-literal-1', 'p-literal-2', 's-literal-3']) expect(script).not.toContain(secret);
    const read = loaded(script, { User: 'u', Token: 't', Key: 'k' });
    expect(read.query).toEqual([
      ['api_key', '<redacted>'],
      ['token', '{{Token}}'],
    ]);
    expect(JSON.parse(read.body)).toEqual({
      UserName: 'u',
      Password: '<redacted>',
      Nested: { client_secret: '<redacted>' },
      WebServicesKey: 'k',
    });
    expect(script).toContain('getpass.getpass("WebServicesKey: ")');
    expect(script).toContain('SECRET_NAMES = [\n    "Token",\n    "Key",\n]');
  });
});
