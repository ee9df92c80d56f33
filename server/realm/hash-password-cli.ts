import type { Readable, Writable } from 'node:stream';
import { DEFAULT_SCRYPT_COST, hashPassword } from '../auth/passwords.ts';

/** The longest password a sign-in takes (auth/routes.ts): a longer one could never sign in. */
const MAX_PASSWORD = 1024;

/** Standard input as the command reads it: a terminal has a raw mode, where typing is not echoed. */
export type PasswordInput = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

interface Io {
  args: string[];
  stdin: PasswordInput;
  stdout: Writable;
  stderr: Writable;
}

class Aborted extends Error {}

/** Reads all of a pipe or file; one line ending at its end is not part of the password. */
async function readPiped(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Reads one line typed at a terminal without showing it; Ctrl-C or Ctrl-D on an empty line abort. */
function readTyped(input: PasswordInput): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    input.setRawMode?.(true);
    input.setEncoding('utf8');
    const finish = (error: Error | null) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (text: string) => {
      for (const char of text) {
        if (char === '\r' || char === '\n') return finish(null);
        if (char === '\u0003' || (char === '\u0004' && typed === '')) return finish(new Aborted());
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

/**
 * `auth-console-emulator hash-password`: reads a password from standard input (typed at a terminal without being
 * shown, or piped) and prints the `PasswordHash` a realm file takes instead of its `Password`, so that the file
 * need not hold the password and no start or reset hashes it. Never from an argument: `ps` shows those to every
 * user of the machine. Returns the exit code.
 */
export async function hashPasswordCommand({ args, stdin, stdout, stderr }: Io): Promise<number> {
  const fail = (message: string) => {
    stderr.write(`auth-console-emulator hash-password: ${message}\n`);
    return 1;
  };
  if (args.length > 0) {
    return fail(
      'takes no argument: it reads the password from standard input, never from the command line (where ps shows it).',
    );
  }
  let password: string;
  if (stdin.isTTY) {
    stderr.write('Password (not shown; Enter to finish): ');
    try {
      password = await readTyped(stdin);
    } catch {
      stderr.write('\n');
      return 130;
    }
    stderr.write('\n');
  } else {
    password = await readPiped(stdin);
  }
  if (password === '') return fail('no password on standard input.');
  if (password.length > MAX_PASSWORD) return fail(`the password is longer than ${MAX_PASSWORD} characters.`);
  stdout.write(`${await hashPassword(password, DEFAULT_SCRYPT_COST)}\n`);
  return 0;
}
