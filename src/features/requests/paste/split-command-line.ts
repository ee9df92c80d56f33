export type Dialect = 'bash' | 'cmd' | 'powershell';

/** A shell variable as written (`$TOKEN`), and the word it is in (its index in `words`). */
interface ShellVariable {
  name: string;
  word: number;
}

export type SplitResult =
  | {
      ok: true;
      words: string[];
      /** Shell variables it uses: their values are not in the text. */
      variables: ShellVariable[];
    }
  | { ok: false; message: string };

/**
 * A variable as bash and PowerShell write one. `${…}` holds no brace, so that matches never overlap: each character
 * is read by at most one of them, which keeps a paste of `${${${…` linear.
 */
const VARIABLE = /\$(\{[^{}]*\}|\(|[A-Za-z_][A-Za-z0-9_:]*)/y;

function variableAt(text: string, i: number): string | null {
  if (text[i] !== '$') return null;
  VARIABLE.lastIndex = i;
  return VARIABLE.exec(text)?.[0] ?? null;
}

/**
 * Which shell wrote the line, from its continuations and escapes: a caret for cmd, a backtick for PowerShell, and
 * `curl.exe` without carets for PowerShell too (its alias `curl` is not curl, so that is how it is called there).
 */
export function dialectOf(text: string): Dialect {
  if (/`\r?\n/.test(text)) return 'powershell';
  if (/\^\r?\n|\^"/.test(text)) return 'cmd';
  if (/^\s*curl\.exe\s/i.test(text)) return 'powershell';
  return 'bash';
}

/** A quoted part of a word: its text and where its closing quote is, or why it cannot be read. */
type Quoted = { text: string; end: number } | { message: string };

/** How a shell writes words: its escape character outside quotes, and its quotes. */
interface Shell {
  /** Escapes the next character; before a line break it joins the two lines. */
  escape: string;
  escapeName: string;
  /** The quoted part opening at `at` (each shell variable it expands given to `note`), or null if none does. */
  quoted(text: string, at: number, note: (variable: string) => void): Quoted | null;
}

/** bash and PowerShell alike: words split at unquoted white space, escapes and quotes read as the shell does. */
function splitWords(text: string, shell: Shell): SplitResult {
  const words: string[] = [];
  const variables: ShellVariable[] = [];
  let word: string | null = null;
  const add = (s: string) => (word = (word ?? '') + s);
  // The word being read is the next one `words` will hold.
  const note = (name: string) => variables.push({ name, word: words.length });
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const quoted = shell.quoted(text, i, note);
    if (quoted && 'message' in quoted) return { ok: false, message: quoted.message };
    if (quoted) {
      add(quoted.text);
      i = quoted.end;
    } else if (c === shell.escape) {
      const next = text[++i];
      if (next === undefined)
        return { ok: false, message: `The command ends with a lone ${shell.escapeName}.` };
      if (next === '\r' && text[i + 1] === '\n') i++;
      else if (next !== '\n') add(next);
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      const variable = variableAt(text, i);
      if (variable) note(variable);
      add(c);
    }
  }
  if (word !== null) words.push(word);
  return { ok: true, words, variables };
}

/** The control characters both shells write as C does, by a letter after their escape character. */
const C_ESCAPES: [string, string][] = [
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['0', '\0'],
];

const ANSI_C = new Map([...C_ESCAPES, ['\\', '\\'], ["'", "'"], ['"', '"']]);

/** A `\x`/`\u` escape in bash's `$'…'`, read where the escape's letter is. */
const HEX_ESCAPE = /x([0-9a-f]{1,2})|u([0-9a-f]{4})/iy;

const BASH: Shell = {
  escape: '\\',
  escapeName: 'backslash',
  quoted(text, at, note) {
    if (text[at] === "'") {
      const end = text.indexOf("'", at + 1);
      return end < 0
        ? { message: 'A single quote is never closed.' }
        : { text: text.slice(at + 1, end), end };
    }
    if (text[at] === '$' && text[at + 1] === "'") {
      let s = '';
      let i = at + 2;
      for (; i < text.length && text[i] !== "'"; i++) {
        if (text[i] !== '\\') s += text[i];
        else {
          const e = text[++i] ?? '';
          HEX_ESCAPE.lastIndex = i;
          const hex = HEX_ESCAPE.exec(text);
          if (hex) {
            s += String.fromCharCode(parseInt(hex[1] ?? hex[2]!, 16));
            i += hex[0].length - 1;
          } else s += ANSI_C.get(e) ?? `\\${e}`;
        }
      }
      return i >= text.length ? { message: "A $'…' quote is never closed." } : { text: s, end: i };
    }
    if (text[at] === '"') {
      let s = '';
      let i = at + 1;
      for (; i < text.length && text[i] !== '"'; i++) {
        const variable = variableAt(text, i);
        if (variable) note(variable);
        if (text[i] === '\\' && /["\\$`\n]/.test(text[i + 1] ?? '')) {
          i++;
          if (text[i] !== '\n') s += text[i];
        } else s += text[i];
      }
      return i >= text.length ? { message: 'A double quote is never closed.' } : { text: s, end: i };
    }
    return null;
  },
};

/** cmd removes its carets first; curl.exe then splits its command line by the C runtime's rules. */
function splitCmd(text: string): SplitResult {
  const uncareted = text.replace(/\^\r?\n/g, ' ').replace(/\^(.)/g, '$1');
  const words: string[] = [];
  let word: string | null = null;
  let quoted = false;
  for (let i = 0; i < uncareted.length; i++) {
    const c = uncareted[i]!;
    if (c === '\\') {
      let n = 0;
      while (uncareted[i + n] === '\\') n++;
      if (uncareted[i + n] === '"') {
        word = (word ?? '') + '\\'.repeat(Math.floor(n / 2));
        if (n % 2 === 1) word += '"';
        else quoted = !quoted;
      } else word = (word ?? '') + '\\'.repeat(n);
      i += n - (uncareted[i + n] === '"' ? 0 : 1);
    } else if (c === '"') {
      quoted = !quoted;
      word ??= '';
    } else if (/\s/.test(c) && !quoted) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + c;
  }
  if (quoted) return { ok: false, message: 'A double quote is never closed.' };
  if (word !== null) words.push(word);
  const variables = words.flatMap((w, index) =>
    [...w.matchAll(/%[A-Za-z_][A-Za-z0-9_]*%/g)].map((m) => ({ name: m[0], word: index })),
  );
  return { ok: true, words, variables };
}

const PS_ESCAPES = new Map([...C_ESCAPES, ['`', '`'], ['"', '"'], ['$', '$']]);

const POWERSHELL: Shell = {
  escape: '`',
  escapeName: 'backtick',
  quoted(text, at, note) {
    const quote = text[at];
    if (quote !== "'" && quote !== '"') return null;
    let s = '';
    let i = at + 1;
    for (; i < text.length; i++) {
      const d = text[i]!;
      // A quote doubled inside its own kind of quotes stands for itself.
      if (d === quote && text[i + 1] === quote) {
        s += quote;
        i++;
      } else if (d === quote) break;
      else if (quote === '"' && d === '`') s += PS_ESCAPES.get(text[++i] ?? '') ?? text[i] ?? '';
      else {
        const variable = quote === '"' ? variableAt(text, i) : null;
        if (variable) note(variable);
        s += d;
      }
    }
    if (i < text.length) return { text: s, end: i };
    return { message: `A ${quote === "'" ? 'single' : 'double'} quote is never closed.` };
  },
};

/** A command line split into its words as the shell that wrote it would pass them, or why it cannot be. */
export function splitCommandLine(text: string, dialect: Dialect = dialectOf(text)): SplitResult {
  if (dialect === 'cmd') return splitCmd(text);
  if (dialect === 'powershell') return splitWords(text, POWERSHELL);
  return splitWords(text, BASH);
}
