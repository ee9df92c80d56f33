// @vitest-environment node
// Runs an exported job with python3 and requests (apt install python3-requests, or pip install requests; .ci/run
// installs it) against a real emulator, its time.sleep moving the emulator's clock instead of waiting.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { controlCall } from '../../../../server/testing/control-client.ts';
import { PYTHON } from '../../../../server/testing/python-client.ts';
import { DEMO, startTestServer, type TestServer } from '../../../../server/testing/start-server.ts';
import type { JobScriptSpec } from './job-script-spec';
import { pythonJobScript } from './python-job-script';

/**
 * Moves the emulator's clock where the script would sleep (its second wait also expires every token issued, as a
 * long run meets), then runs the script as `python3 job.py rows results`.
 */
const WRAPPER = `
import json, runpy, sys, time, requests
control, script = sys.argv[1], sys.argv[2]
waits = []
def sleep(seconds):
    waits.append(seconds)
    requests.post(control + "/clock", json={"advance": seconds}, timeout=20).raise_for_status()
    if len(waits) == 2:
        requests.post(control + "/tokens/expire", timeout=20).raise_for_status()
time.sleep = sleep
sys.argv = [script] + sys.argv[3:]
try:
    runpy.run_path(script, run_name="__main__")
finally:
    print("WAITS " + json.dumps(waits), flush=True)
`;

/** Runs it with no terminal (so getpass reads the piped answers, as it would a typed one) and `input` on stdin. */
function runJob(
  args: string[],
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-c', WRAPPER, ...args], { detached: true, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const csvLine = (cells: string[]) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(',');

/** An RFC 4180 text whose every cell is quoted, as both the console and the scripts write it. */
function readQuotedCsv(text: string): string[][] {
  const rows: string[][] = [];
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/gy;
  let row: string[] = [];
  for (let match = cell.exec(text); match; match = cell.exec(text)) {
    row.push(match[1]!.replaceAll('""', '"'));
    if (match[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  expect(cell.lastIndex === 0 ? text.length : cell.lastIndex, 'every cell quoted, every line CRLF').toBe(
    text.length,
  );
  return rows;
}

/** jdoe's UID in the demo realm. */
const JDOE_UID = 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8';
const HOSTILE_COLUMN = "Tag \"}} $(whoami) `tick` 'q'";
const COLUMNS = ['UserName', 'FirstName', 'LastName', 'Title', HOSTILE_COLUMN, 'Password'];
const ROWS = [
  [
    'ada@example.edu',
    'Ada "Q" \\ $(whoami) `tick` \'s',
    'Lovelace',
    '=HYPERLINK("http://x")',
    'a&b=c d/é?#',
    's3cret-1',
  ],
  ['bob@example.edu', 'Bob', "O'Brien", '-5', '$(Get-Date)', 's3cret-2'],
  ['cy@example.edu', 'Cy', 'Two\nLines', '', '', ''],
];

const SPEC: JobScriptSpec = {
  baseUrl: '',
  signIn: 'admin-key',
  method: 'POST',
  path: '/api/people',
  query: [{ name: 'tag', value: `{{${HOSTILE_COLUMN}}}` }],
  body: JSON.stringify({
    UserName: '{{UserName}}',
    PrimaryEmail: '{{UserName}}',
    FirstName: '{{FirstName}}',
    LastName: '{{LastName}}',
    Title: '{{Title}}',
    TypeID: 1,
    IsActive: true,
  }),
  columns: COLUMNS,
  answerFields: ['UserName', 'FirstName', 'Title', 'IsActive', 'TypeID', 'Missing'],
};

let server: TestServer;
let dir: string;
beforeAll(async () => {
  // 2 calls a minute for every operation (RATE_LIMIT set overrides each documented limit): the job meets spent
  // windows.
  server = await startTestServer({
    config: { emulatorControl: { token: null }, rateLimit: 2, journalValues: true },
  });
  dir = mkdtempSync(join(tmpdir(), 'job-script-'));
});
afterAll(async () => {
  await server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

it('the Python export signs in with the asked admin key, fills each row, waits out a 429 and a spent window, signs in again on a 401, and writes the results CSV', async () => {
  const script = join(dir, 'job.py');
  writeFileSync(script, pythonJobScript({ ...SPEC, baseUrl: `${server.origin}/TDWebApi` }));
  const rows = join(dir, 'rows.csv');
  writeFileSync(rows, `\uFEFF${[COLUMNS, ...ROWS].map(csvLine).join('\r\n')}\r\n`);
  const results = join(dir, 'results.csv');
  const fault = { method: 'POST', path: '/api/people', status: 429, times: 1, retryAfter: 7 };
  expect((await controlCall(server.origin, 'POST', '/faults', fault)).status).toBe(201);

  const run = await runJob(
    [`${server.origin}/_emulator`, script, rows, results],
    `${DEMO.exampleBeid}\n${DEMO.exampleKey}\n`,
  );

  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('1/3: 200\n2/3: 200\n3/3: 400\n');
  // The fault's Retry-After (its 429 counted: the first row's retry spends the window of 2), then twice the spent
  // window's X-RateLimit-Reset by the answer's Date, plus 5 s.
  expect(run.stdout).toContain('WAITS [7, 58.0, 65.0]');
  expect(run.stderr).not.toContain(DEMO.exampleKey);
  const journal = JSON.parse((await controlCall(server.origin, 'GET', '/requests')).text) as {
    requests: { path: string; status: number; params?: [string, string][] | null }[];
  };
  const calls = journal.requests.map(({ path, status, params }) => ({ path, status, params }));
  const people = (row: number, status: number) => ({
    path: '/api/people',
    status,
    params: [['tag', ROWS[row]![4]]],
  });
  const signIn = { path: '/api/auth/loginadmin', status: 200, params: null };
  // The second row meets the tokens expired during the wait before it: a new sign-in, and the row once more.
  expect(calls).toEqual([
    signIn,
    people(0, 429),
    people(0, 200),
    people(1, 401),
    signIn,
    people(1, 200),
    people(2, 400),
  ]);

  const text = readFileSync(results, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  for (const secret of [DEMO.exampleKey, 's3cret-1', 's3cret-2']) expect(text).not.toContain(secret);
  const [head, ...lines] = readQuotedCsv(text.slice(1));
  expect(head).toEqual([...COLUMNS, 'status', 'time', ...SPEC.answerFields]);
  const timeless = lines.map((line) => [...line.slice(0, 7), ...line.slice(8)]);
  expect(timeless).toEqual([
    [...ROWS[0]!.slice(0, 3), `'${ROWS[0]![3]}`, ROWS[0]![4], '<redacted>', '200'].concat([
      ROWS[0]![0],
      ROWS[0]![1],
      `'${ROWS[0]![3]}`,
      'true',
      '1',
      '',
    ]),
    [...ROWS[1]!.slice(0, 3), "'-5", ROWS[1]![4], '<redacted>', '200'].concat([
      ROWS[1]![0],
      'Bob',
      "'-5",
      'true',
      '1',
      '',
    ]),
    [...ROWS[2]!, '400', '', '', '', '', '', ''],
  ]);
  for (const line of lines) expect(line[7]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
});

it('the Python export signs in with the asked password, GETs each row’s path URL-encoded, waits out a 429 without Retry-After, and never writes over results', async () => {
  const script = join(dir, 'get.py');
  const spec: JobScriptSpec = {
    baseUrl: `${server.origin}/TDWebApi`,
    signIn: 'password',
    method: 'GET',
    path: '/api/people/{{UID}}',
    query: [],
    body: null,
    columns: ['UID'],
    answerFields: ['UserName', 'IsActive'],
  };
  writeFileSync(script, pythonJobScript(spec));
  const rows = join(dir, 'uids.csv');
  writeFileSync(rows, `UID\n${JDOE_UID}\n../auth/getuser\n`);
  const results = join(dir, 'uids-results.csv');
  const fault = {
    method: 'GET',
    path: '/api/people/{uid}',
    status: 429,
    times: 1,
    retryAfter: 3,
    omitRetryAfter: true,
  };
  expect((await controlCall(server.origin, 'POST', '/faults', fault)).status).toBe(201);
  const args = [`${server.origin}/_emulator`, script, rows, results];
  const answers = `${DEMO.jdoe}\n${DEMO.password}\n`;

  const run = await runJob(args, answers);

  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('1/2: 200\n2/2: 400\n');
  // No Retry-After: X-RateLimit-Reset, 3 s after the answer's Date, plus 5 s; the retry then spends the window of 2,
  // waited out (its reset 52 s after the Date, plus 5 s) before the second row.
  expect(run.stdout).toContain('WAITS [8.0, 57.0]');
  const written = readFileSync(results, 'utf8');
  expect(readQuotedCsv(written.slice(1)).map((line) => [...line.slice(0, 2), ...line.slice(3)])).toEqual([
    ['UID', 'status', 'UserName', 'IsActive'],
    [JDOE_UID, '200', DEMO.jdoe, 'true'],
    ['../auth/getuser', '400', '', ''],
  ]);

  const again = await runJob(args, answers);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain(`${results} already exists: name a new file for the results`);
  expect(readFileSync(results, 'utf8')).toBe(written);
});
