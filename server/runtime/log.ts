import { pino, type Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

let lastMs = Number.NaN;
let lastTime = '';

/** pino's isoTime, its text made once a millisecond: a busy server logs several request lines in each. */
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/**
 * Standard output, the lines of one turn of the event loop written together at the end of that turn (setImmediate:
 * never held back for a timer), through Node's own `process.stdout` as the start's banner is, so the two keep their
 * order; one for the process, so the lines of several loggers keep theirs. A write per line, through pino's
 * destination and libuv's thread pool, was a tenth of a replayed call's time under load (profiled).
 */
let stdout: { write(line: string): void } | null = null;

function batchedStdout(): { write(line: string): void } {
  if (stdout) return stdout;
  let waiting = '';
  let scheduled = false;
  // A reader that went away (`| head`, a closed pipe) ends the log, never the server.
  let broken = false;
  process.stdout.on('error', () => {
    broken = true;
  });
  const flush = () => {
    scheduled = false;
    const text = waiting;
    waiting = '';
    if (text === '' || broken) return;
    process.stdout.write(text);
  };
  process.on('exit', flush);
  stdout = {
    write(line: string) {
      if (broken) return;
      waiting += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
  return stdout;
}

/**
 * The server's one log: JSON lines through pino, to standard output or, for tests, to `sink` one line at a time.
 * Nothing logged may carry a token, password, key, cookie or query value.
 */
export function createLogger(level: LogLevel, sink?: (line: string) => void): Logger {
  const destination = sink ? { write: (line: string) => sink(line.trimEnd()) } : batchedStdout();
  return pino(
    {
      level,
      base: undefined,
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
