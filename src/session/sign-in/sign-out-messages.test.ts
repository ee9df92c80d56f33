import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGN_OUT_MESSAGES } from './sign-out-messages';

// Vitest runs from the repository's root.
const SRC = join(process.cwd(), 'src');
const HOME = 'session/sign-in/sign-out-messages.ts';

/** A sentence that tells a session ended or expired, in any of the ways the console once wrote it. */
const SESSION_END = /session (has |is )?(expired|ended|no longer valid)/i;

/** The text of each string literal in a source file: '…', "…" and `…` on one line. */
const literalsOf = (source: string) =>
  source.match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? [];

describe('how a session ended', () => {
  it('is said in one sentence per reason, held in sign-out-messages.ts alone', () => {
    const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('testing/'),
    );
    expect(sources.length).toBeGreaterThan(100);
    const copies = sources.flatMap((file) =>
      literalsOf(readFileSync(join(SRC, file), 'utf8'))
        .filter((literal) => SESSION_END.test(literal))
        .map((literal) => `${file}: ${literal}`),
    );
    expect(copies).toEqual([
      `${HOME}: '${SIGN_OUT_MESSAGES.expired}'`,
      `${HOME}: '${SIGN_OUT_MESSAGES.ended}'`,
    ]);
  });
});
