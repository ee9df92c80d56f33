import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.ts';
import { login, startTestServer } from '../testing/start-server.ts';
import { testCollegeRealm } from '../testing/test-college.ts';
import { hashPasswordCommand, type PasswordInput } from './hash-password-cli.ts';

const BIN = resolve(import.meta.dirname, '../../bin/auth-console-emulator.js');
const PASSWORD = 'Ci-password-1 with spaces';
const dir = mkdtempSync(join(tmpdir(), 'hash-password-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], input: string) => {
  const result = spawnSync(process.execPath, [BIN, 'hash-password', ...args], { input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('auth-console-emulator hash-password', () => {
  it('prints a PasswordHash for a password piped in, which a realm user then signs in with', async () => {
    const { code, stdout, stderr } = run([], `${PASSWORD}\n`);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+\n$/);
    const hash = stdout.trim();
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);

    const realmFile = join(dir, 'realm.json');
    writeFileSync(
      realmFile,
      JSON.stringify(testCollegeRealm([{ UserName: 'ci@test.example', PasswordHash: hash }])),
    );
    const server = await startTestServer({ config: { realmFile } });
    try {
      expect(await login(server.api, 'ci@test.example', PASSWORD)).toContain('.');
    } finally {
      await server.stop(true);
    }
  }, 60_000);

  it('refuses a password given as an argument, and an empty one, with one line and exit code 1', () => {
    const argument = run([PASSWORD], '');
    expect(argument).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'auth-console-emulator hash-password: takes no argument: it reads the password from standard input, never from the command line (where ps shows it).\n',
    });
    expect(run([], '\n')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'auth-console-emulator hash-password: no password on standard input.\n',
    });
  }, 60_000);

  const terminal = () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true, raw: [] as boolean[] }) as PassThrough &
      PasswordInput & { raw: boolean[] };
    stdin.setRawMode = (raw: boolean) => stdin.raw.push(raw);
    const written = { stdout: '', stderr: '' };
    const sink = (name: keyof typeof written) =>
      Object.assign(new PassThrough(), {
        write: (text: string) => ((written[name] += text), true),
      });
    return { stdin, written, stdout: sink('stdout'), stderr: sink('stderr') };
  };

  it('at a terminal, reads what is typed without showing it, in raw mode until Enter', async () => {
    const { stdin, written, stdout, stderr } = terminal();
    const done = hashPasswordCommand({ args: [], stdin, stdout, stderr });
    stdin.write('Pass-wordX\u007f');
    stdin.write('-2\r');
    expect(await done).toBe(0);
    expect(stdin.raw).toEqual([true, false]);
    expect(written.stderr).toBe('Password (not shown; Enter to finish): \n');
    expect(await verifyPassword('Pass-word-2', written.stdout.trim())).toBe(true);
  });

  it('at a terminal, stops on Ctrl-C with exit code 130 and prints nothing', async () => {
    const { stdin, written, stdout, stderr } = terminal();
    const done = hashPasswordCommand({ args: [], stdin, stdout, stderr });
    stdin.write('Pass\u0003');
    expect(await done).toBe(130);
    expect(stdin.raw).toEqual([true, false]);
    expect(written.stdout).toBe('');
  });
});
