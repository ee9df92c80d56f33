import { spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { docBlocks } from '../testing/doc-blocks.ts';
import { freePort } from '../testing/free-port.ts';

/**
 * docs/testing-your-integration.md's GitHub Actions example, run as written against the packed tarball: its steps
 * are read from the page (the YAML block, through a YAML parser), and each `run:` is run by bash as a GitHub
 * runner runs it (`bash --noprofile --norc -eo pipefail`, `$RUNNER_TEMP`, `$GITHUB_ENV`, `${{ runner.temp }}`), in
 * a directory laid out as the page says an integrator's repository is. What the machine cannot do offline is done
 * beforehand, and nothing else: the `actions/*` steps (Node and Python are here already), the registry (the
 * dependencies the packaged-bin setup installed are put in node_modules first, so `npm install` finds them there;
 * the tarball itself is installed by the page's own command) and PyPI (pip finds requests and pytest installed).
 * The page's port is swapped for a free one. The page's "In a script" start is run the same way.
 */

const DOC = 'docs/testing-your-integration.md';
const { installed, tarball, tarballName } = inject('packed');
const repo = mkdtempSync(join(tmpdir(), 'integrator-repo-'));
const started: number[] = [];

interface Step {
  name?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  env?: Record<string, string>;
  if?: string;
}

const STEP_KEYS = new Set(['name', 'uses', 'with', 'run', 'env', 'if']);
const ACTIONS = new Set(['actions/checkout@v4', 'actions/setup-node@v4', 'actions/setup-python@v5']);

/** The workflow's steps, refused if they hold anything this runner would not do as GitHub does. */
function workflowSteps(): Step[] {
  const [yaml] = docBlocks(DOC, '## GitHub Actions', 'yaml');
  const workflow = parse(yaml!) as { jobs: Record<string, { 'runs-on': string; steps: Step[] }> };
  const jobs = Object.values(workflow.jobs);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!['runs-on']).toBe('ubuntu-latest');
  const steps = jobs[0]!.steps;
  for (const step of steps) {
    for (const key of Object.keys(step)) expect(STEP_KEYS, `step key ${key}`).toContain(key);
    if (step.uses !== undefined) expect(ACTIONS, step.uses).toContain(step.uses);
    else expect(typeof step.run).toBe('string');
    expect(step.if ?? 'always()').toBe('always()');
  }
  return steps;
}

/** The GitHub expressions the page uses: `${{ runner.temp }}` only. */
function expand(value: string, runnerTemp: string): string {
  const expanded = value.replaceAll('${{ runner.temp }}', runnerTemp);
  expect(expanded, value).not.toContain('${{');
  return expanded;
}

interface Ran {
  code: number | null;
  output: string;
}

/** Runs a script with bash as a GitHub runner does; resolves when bash exits (a server it started runs on). */
function bash(script: string, env: Record<string, string>): Promise<Ran> {
  const file = join(mkdtempSync(join(tmpdir(), 'step-')), 'step.sh');
  writeFileSync(file, script);
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

function readGithubEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** Offline stand-ins for the registry and PyPI: every request is answered from what is installed. */
const OFFLINE = {
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  PIP_NO_INDEX: '1',
  PIP_DISABLE_PIP_VERSION_CHECK: '1',
};

/** Runs the workflow's `run:` steps in order, stopping at the first that fails, as GitHub does (but `always()`). */
async function runWorkflow(steps: Step[], port: number, only?: (step: Step) => boolean) {
  const runnerTemp = mkdtempSync(join(tmpdir(), 'runner-temp-'));
  const githubEnv = join(runnerTemp, 'github-env');
  const results: { step: Step; ran: Ran }[] = [];
  let failed = false;
  for (const step of steps) {
    if (step.run === undefined || (only && !only(step)) || (failed && step.if !== 'always()')) continue;
    const env = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(String(value), runnerTemp)]),
    );
    const ran = await bash(withPort(step.run, port), {
      ...OFFLINE,
      RUNNER_TEMP: runnerTemp,
      GITHUB_ENV: githubEnv,
      ...readGithubEnv(githubEnv),
      ...Object.fromEntries(Object.entries(env).map(([name, value]) => [name, withPort(value, port)])),
    });
    const pid = Number(readGithubEnv(githubEnv).EMULATOR_PID);
    if (pid && !started.includes(pid)) started.push(pid);
    results.push({ step, ran });
    if (ran.code !== 0) failed = true;
  }
  return { results, runnerTemp, githubEnv };
}

/** The page's ports (8443 in the workflow, 8080 in the script) swapped for this test's free one. */
function withPort(text: string, port: number): string {
  return text.replaceAll('8443', String(port)).replaceAll('8080', String(port));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once the process has gone, checking every 100 ms for at most 15 s. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 150 && alive(pid); i++) await new Promise((done) => setTimeout(done, 100));
  return !alive(pid);
}

const PYTHON_TESTS = `
import os, subprocess, requests

API = os.environ["TDX_BASE_URL"].rstrip("/") + "/api"
ORIGIN = os.environ["TDX_BASE_URL"].split("/TDWebApi")[0]

def test_signs_in_and_a_day_later_the_token_is_refused():
    res = requests.post(API + "/auth", json={"username": "ci@test.example", "password": "Ci-password-1"}, timeout=30)
    assert res.status_code == 200, res.text
    headers = {"Authorization": "Bearer " + res.text}
    me = requests.get(API + "/auth/getuser", headers=headers, timeout=30)
    assert me.status_code == 200 and me.json()["UserName"] == "ci@test.example"
    assert [app["SystemClass"] for app in me.json()["OrgApplications"]] == ["TDPeople", "TDProjects"]
    requests.post(ORIGIN + "/_emulator/clock", json={"advance": "24h"}, timeout=30).raise_for_status()
    assert requests.get(API + "/auth/getuser", headers=headers, timeout=30).status_code == 401

def test_node_reaches_it_too():
    script = "fetch(process.env.TDX_BASE_URL + 'openapi.json').then((r) => process.exit(r.status === 200 ? 0 : 1), (e) => { console.error(e.cause ?? e); process.exit(2); })"
    assert subprocess.run(["node", "-e", script], timeout=60).returncode == 0
`;

beforeAll(() => {
  // The integrator's repository, as the page lays it out.
  const steps = workflowSteps();
  const install = steps.map((step) => step.run ?? '').find((run) => run.includes('npm install'))!;
  const vendored = /npm install --no-save (\.\/vendor\/\S+\.tgz)/.exec(install)?.[1];
  expect(vendored, 'the page installs the tarball from vendor/ without saving').toBe(
    `./vendor/${tarballName}`,
  );
  mkdirSync(join(repo, 'vendor'));
  copyFileSync(tarball, join(repo, vendored!));
  mkdirSync(join(repo, 'test'));
  const [realm] = docBlocks(DOC, '## A minimal realm', 'json');
  writeFileSync(join(repo, 'test', 'realm.json'), realm!);
  mkdirSync(join(repo, 'tests', 'integration'), { recursive: true });
  writeFileSync(join(repo, 'tests', 'requirements.txt'), 'requests\npytest\n');
  writeFileSync(join(repo, 'tests', 'integration', 'test_emulator.py'), PYTHON_TESTS);
  // What the registry would give: the dependencies, without the package, which the page's own step installs.
  cpSync(join(installed, 'node_modules'), join(repo, 'node_modules'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  for (const path of ['auth-console', '.bin/auth-console-emulator', '.package-lock.json']) {
    rmSync(join(repo, 'node_modules', path), { recursive: true, force: true });
  }
}, 120_000);

afterAll(() => {
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(repo, { recursive: true, force: true });
});

describe('the GitHub Actions example of docs/testing-your-integration.md', () => {
  let run: Awaited<ReturnType<typeof runWorkflow>>;
  beforeAll(async () => {
    run = await runWorkflow(workflowSteps(), await freePort());
  }, 180_000);

  it('runs every step to success: installed, started over https, tested, stopped', () => {
    const report = run.results
      .map(({ step, ran }) => `${step.name} (${ran.code}):\n${ran.output}`)
      .join('\n');
    expect(
      run.results.map(({ step, ran }) => [step.name, ran.code]),
      report,
    ).toEqual([
      ["Install the emulator and the tests' dependencies", 0],
      ['Start the emulator', 0],
      ['Integration tests', 0],
      ['Stop the emulator', 0],
    ]);
    expect(run.results[2]!.ran.output).toMatch(/2 passed/);
  });

  it('installs the tarball without writing package.json or a lockfile into the repository', () => {
    expect(existsSync(join(repo, 'package.json'))).toBe(false);
    expect(existsSync(join(repo, 'package-lock.json'))).toBe(false);
    expect(existsSync(join(repo, 'node_modules', '.bin', 'auth-console-emulator'))).toBe(true);
  });

  it('serves https from a certificate at the path the CA variables name, known before the start', () => {
    expect(readGithubEnv(run.githubEnv).EMULATOR_PID).toMatch(/^\d+$/);
    expect(existsSync(join(run.runnerTemp, 'emulator', 'tls', 'localhost-cert.pem'))).toBe(true);
    expect(readFileSync(join(run.runnerTemp, 'emulator.log'), 'utf8')).toMatch(
      /API base URL: {3}https:\/\/127\.0\.0\.1:\d+\/TDWebApi\//,
    );
  });

  it('stops the emulator cleanly with the last step’s SIGTERM', async () => {
    expect(await gone(Number(readGithubEnv(run.githubEnv).EMULATOR_PID))).toBe(true);
    expect(readFileSync(join(run.runnerTemp, 'emulator.log'), 'utf8')).toContain(
      'Stopping: requests in flight may finish',
    );
  });

  it('has the realm’s $schema resolve, from test/realm.json, to the installed package’s schema', () => {
    const realm = JSON.parse(readFileSync(join(repo, 'test', 'realm.json'), 'utf8')) as { $schema: string };
    const schema = resolve(join(repo, 'test'), realm.$schema);
    expect(schema).toBe(join(repo, 'node_modules', 'auth-console', 'server', 'realm', 'realm.schema.json'));
    expect(existsSync(schema)).toBe(true);
  });

  it('fails the start step at once, with the emulator’s own line, when the realm is invalid', async () => {
    const realm = join(repo, 'test', 'realm.json');
    const good = readFileSync(realm, 'utf8');
    writeFileSync(realm, good.replace('"BEIDInt": 1', '"BEIDInt": 0'));
    try {
      const { results } = await runWorkflow(workflowSteps(), await freePort(), (step) =>
        (step.run ?? '').includes('auth-console-emulator --port'),
      );
      expect(results.map(({ step }) => step.name)).toEqual(['Start the emulator']);
      const { code, output } = results[0]!.ran;
      expect(code).toBe(1);
      // Told by the branch that saw the process exit, not by the one that waited 30 s.
      expect(output).toContain('The emulator exited:');
      expect(output).toContain('Cannot start: organizations[0].BEIDInt must be a positive integer.');
    } finally {
      writeFileSync(realm, good);
    }
  }, 60_000);

  it('runs the page’s "In a script" start, whose exit stops the emulator it started', async () => {
    const port = await freePort();
    const script = docBlocks(DOC, '## Start it', 'sh').find((block) => block.includes('trap'));
    const { code, output } = await bash(withPort(script!, port), {
      ...OFFLINE,
      TDX_BASE_URL: `http://127.0.0.1:${port}/TDWebApi/`,
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/2 passed/);
    let refused = false;
    for (let i = 0; i < 150 && !refused; i++) {
      refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((done) => setTimeout(done, 100));
    }
    expect(refused).toBe(true);
  }, 120_000);
});
