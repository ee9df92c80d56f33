import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOG_MODULE = pathToFileURL(new URL('./log.ts', import.meta.url).pathname).href;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Two loggers, as the server has (the app's and the start's): three lines in one turn, then one alone; after the
 * test answers on standard input, one more line and process.exit at once.
 */
const SCRIPT = `
  const { createLogger } = await import(${JSON.stringify(LOG_MODULE)});
  const app = createLogger('info');
  const start = createLogger('info');
  app.info('one');
  start.info('two');
  app.info({ n: 3 }, 'three');
  setTimeout(() => app.info('alone'), 0);
  process.stdin.once('data', () => {
    start.warn('last');
    process.exit(0);
  });
`;

describe('the log on standard output', () => {
  it('writes each line without waiting for more, in order across loggers, and the last one before an exit', async () => {
    const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', SCRIPT], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Nothing more is logged until the test answers: the line alone must come out on its own.
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('"msg":"alone"')) resolve();
      });
    });
    child.stdin.write('go\n');
    expect(await exited).toBe(0);
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; msg: string; n?: number; time: string });
    expect(lines.map((line) => line.msg)).toEqual(['one', 'two', 'three', 'alone', 'last']);
    expect(lines[2]).toMatchObject({ level: 'info', n: 3 });
    expect(lines[4]!.level).toBe('warn');
    for (const line of lines) expect(Number.isNaN(Date.parse(line.time))).toBe(false);
  });

  it('goes on without its reader: a closed standard output ends the log, not the process', async () => {
    const script = `
      const { createLogger } = await import(${JSON.stringify(LOG_MODULE)});
      const log = createLogger('info');
      log.info('first');
      process.stdin.once('data', async () => {
        for (let turn = 0; turn < 5; turn++) {
          log.info({ turn }, 'x'.repeat(70_000));
          await new Promise((resolve) => setImmediate(resolve));
        }
        process.stderr.write('still here');
      });
    `;
    const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    child.stdin.end('go\n');
    expect(await exited).toBe(0);
    expect(errors).toBe('still here');
  });
});
