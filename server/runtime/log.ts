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
 * The server's one log: JSON lines through pino, to standard output or, for tests, to `sink` one line at a time.
 * Nothing logged may carry a token, password, key, cookie or query value.
 */
export function createLogger(level: LogLevel, sink?: (line: string) => void): Logger {
  const destination = sink ? { write: (line: string) => sink(line.trimEnd()) } : pino.destination(1);
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
