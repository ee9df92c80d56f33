export type Dialect = 'bash' | 'cmd' | 'powershell';

/** A shell variable as written (`$TOKEN`), and the word it is in (its index in `words`). */
interface ShellVariable {
  name: string;
  word: number;
}

/**
 * What a word was written as: bare, quoted (any part of it), or, in a PowerShell script, one of its operators
 * (`@{`, `(`, `=`, `|`, `;` for a statement's end…), which a quoted `'='` never is.
 */
export type WordKind = 'bare' | 'quoted' | 'operator';

export type SplitResult =
  | {
      ok: true;
      words: string[];
      /** Each word's kind, by the word's index. */
      kinds: WordKind[];
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
 * `curl.exe` without carets for PowerShell too (its alias `curl` is not curl, so that is how it is called there),
 * unless its quotes are cmd's: a `\"` inside double quotes (where PowerShell would end the string) and no
 * single-quoted word (cmd has no single quotes).
 */
export function dialectOf(text: string): Dialect {
  if (/`\r?\n/.test(text)) return 'powershell';
  if (/\^\r?\n|\^"/.test(text)) return 'cmd';
  if (/^\s*curl\.exe\s/i.test(text)) return /\\"/.test(text) && !/(^|\s)'/.test(text) ? 'cmd' : 'powershell';
  return 'bash';
}

/** A quoted part of a word: its text and where its closing quote is, or why it cannot be read. */
type Quoted = { text: string; end: number } | { message: string };

/**
 * What a script reads outside quotes besides words, ending at `end` (the last character it takes): an operator,
 * a word of its own; a comment (`operator` null), skipped; or why the text cannot be read.
 */
type Special = { operator: string | null; end: number } | { message: string };

/** How a shell writes words: its escape character outside quotes, and its quotes. */
interface Shell {
  /** Escapes the next character; before a line break it joins the two lines. */
  escape: string;
  escapeName: string;
  /** The quoted part opening at `at` (each shell variable it expands given to `note`), or null if none does. */
  quoted(text: string, at: number, note: (variable: string) => void): Quoted | null;
  /** A comment or an operator starting at `at`, given the word read so far (null between words). */
  special?(text: string, at: number, word: string | null): Special | null;
}

/** A comment from `at` to the end of its line (the line break is not part of it). */
function lineComment(text: string, at: number): Special {
  let end = at;
  while (end + 1 < text.length && text[end + 1] !== '\n') end++;
  return { operator: null, end };
}

/** The words read so far, and the one being read (null between words). */
class WordList {
  readonly words: string[] = [];
  readonly kinds: WordKind[] = [];
  current: string | null = null;
  private kind: WordKind = 'bare';

  add(text: string, kind?: WordKind) {
    this.current = (this.current ?? '') + text;
    if (kind) this.kind = kind;
  }

  end() {
    if (this.current !== null) {
      this.words.push(this.current);
      this.kinds.push(this.kind);
    }
    this.current = null;
    this.kind = 'bare';
  }

  operator(op: string) {
    this.end();
    this.words.push(op);
    this.kinds.push('operator');
  }
}

/** bash and PowerShell alike: words split at unquoted white space, escapes and quotes read as the shell does. */
function splitWords(text: string, shell: Shell): SplitResult {
  const list = new WordList();
  const variables: ShellVariable[] = [];
  // The word being read is the next one the list will hold.
  const note = (name: string) => variables.push({ name, word: list.words.length });
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const quoted = shell.quoted(text, i, note);
    if (quoted && 'message' in quoted) return { ok: false, message: quoted.message };
    if (quoted) {
      list.add(quoted.text, 'quoted');
      i = quoted.end;
      continue;
    }
    if (c === shell.escape) {
      const next = text[++i];
      if (next === undefined)
        return { ok: false, message: `The command ends with a lone ${shell.escapeName}.` };
      if (next === '\r' && text[i + 1] === '\n') i++;
      else if (next !== '\n') list.add(next);
      continue;
    }
    const special = shell.special?.(text, i, list.current);
    if (special && 'message' in special) return { ok: false, message: special.message };
    if (special) {
      if (special.operator !== null) list.operator(special.operator);
      i = special.end;
    } else if (/\s/.test(c)) {
      list.end();
    } else {
      const variable = variableAt(text, i);
      if (variable) note(variable);
      list.add(c);
    }
  }
  list.end();
  return { ok: true, words: list.words, kinds: list.kinds, variables };
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
  // A `#` that starts a word starts a comment (the console's own copies start with one naming the connection).
  special: (text, at, word) => (word === null && text[at] === '#' ? lineComment(text, at) : null),
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

/**
 * What cmd itself does first: a caret outside double quotes escapes the next character, and before a line break
 * joins the lines; inside double quotes (which a caret-escaped `^"` neither opens nor closes) it is a caret.
 */
function removeCarets(text: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '^' && !quoted && i + 1 < text.length) {
      const lineBreak = /^\r?\n/.exec(text.slice(i + 1, i + 3));
      out += lineBreak ? ' ' : text[i + 1];
      i += lineBreak ? lineBreak[0].length : 1;
      continue;
    }
    if (c === '"') quoted = !quoted;
    out += c;
  }
  return out;
}

/**
 * cmd removes its carets first; curl.exe then splits its command line by the C runtime's rules: backslashes
 * before a quote escape it (two for one backslash), and inside quotes `""` is a quote.
 */
function splitCmd(text: string): SplitResult {
  const line = removeCarets(text);
  const list = new WordList();
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') {
      let n = 0;
      while (line[i + n] === '\\') n++;
      const beforeQuote = line[i + n] === '"';
      list.add('\\'.repeat(beforeQuote ? Math.floor(n / 2) : n));
      if (beforeQuote && n % 2 === 1) {
        list.add('"');
        i += n;
      } else i += n - 1;
    } else if (c === '"' && quoted && line[i + 1] === '"') {
      list.add('"');
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      list.add('', 'quoted');
    } else if (/\s/.test(c) && !quoted) {
      list.end();
    } else list.add(c);
  }
  if (quoted) return { ok: false, message: 'A double quote is never closed.' };
  list.end();
  const variables = list.words.flatMap((w, index) =>
    [...w.matchAll(/%[A-Za-z_][A-Za-z0-9_]*%/g)].map((m) => ({ name: m[0], word: index })),
  );
  return { ok: true, words: list.words, kinds: list.kinds, variables };
}

const PS_ESCAPES = new Map([...C_ESCAPES, ['`', '`'], ['"', '"'], ['$', '$']]);

/** PowerShell takes the typographic quotes for quotes too, each kind for its ASCII one. */
const PS_SINGLE = "'\u2018\u2019\u201A\u201B";
const PS_DOUBLE = '"\u201C\u201D\u201E';

/** Whether `c` is one of `quotes` (never for a missing character: every string includes ''). */
const isOneOf = (quotes: string, c: string | undefined) => c !== undefined && c !== '' && quotes.includes(c);

const POWERSHELL: Shell = {
  escape: '`',
  escapeName: 'backtick',
  quoted(text, at, note) {
    const single = isOneOf(PS_SINGLE, text[at]);
    if (!single && !isOneOf(PS_DOUBLE, text[at])) return null;
    const quotes = single ? PS_SINGLE : PS_DOUBLE;
    let s = '';
    let i = at + 1;
    for (; i < text.length; i++) {
      const d = text[i]!;
      const isQuote = isOneOf(quotes, d);
      // A quote doubled inside its own kind of quotes stands for itself.
      if (isQuote && isOneOf(quotes, text[i + 1])) {
        s += d;
        i++;
      } else if (isQuote) break;
      else if (!single && d === '`') s += PS_ESCAPES.get(text[++i] ?? '') ?? text[i] ?? '';
      else {
        const variable = single ? null : variableAt(text, i);
        if (variable) note(variable);
        s += d;
      }
    }
    if (i < text.length) return { text: s, end: i };
    return { message: `A ${single ? 'single' : 'double'} quote is never closed.` };
  },
};

/**
 * A here-string (`@'` or `@"` ending its line, closed by `'@` or `"@` at the start of a line), or null where none
 * opens. The line breaks after the opening and before the closing are not part of it; a `@"` one expands its
 * variables and backtick escapes, as a double-quoted string does, and takes its quotes literally.
 */
function hereString(text: string, at: number, note: (variable: string) => void): Quoted | null {
  const quote = text[at + 1];
  if (text[at] !== '@' || (quote !== "'" && quote !== '"')) return null;
  let i = at + 2;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] === '\r') i++;
  if (text[i] !== '\n') return null;
  // An empty one: its closing line follows the opening one.
  if (text[i + 1] === quote && text[i + 2] === '@') return { text: '', end: i + 2 };
  let s = '';
  for (i++; i < text.length; i++) {
    const d = text[i]!;
    if (d === '\n' && text[i + 1] === quote && text[i + 2] === '@')
      return { text: s.endsWith('\r') ? s.slice(0, -1) : s, end: i + 2 };
    if (quote === '"' && d === '`') s += PS_ESCAPES.get(text[++i] ?? '') ?? text[i] ?? '';
    else {
      const variable = quote === '"' ? variableAt(text, i) : null;
      if (variable) note(variable);
      s += d;
    }
  }
  return { message: `A here-string (@${quote}) is never closed.` };
}

/**
 * PowerShell as a script reads it, for a pasted `Invoke-RestMethod` and the lines that set up its variables:
 * here-strings; comments (`#` starting a word, `<# … #>`); and its operators as words of their own: `@{`, `@(`,
 * `{`, `(`, `)`, `}`, `|`, `,`, `;`, and `=` where it assigns (in a hashtable, after a variable, or standing
 * alone; in a bare word such as a URL's query it is a character). A line break ends a statement (an operator `;`)
 * except inside parentheses.
 */
function powerShellScript(): Shell {
  const open: string[] = [];
  return {
    ...POWERSHELL,
    quoted: (text, at, note) => hereString(text, at, note) ?? POWERSHELL.quoted(text, at, note),
    special(text, at, word) {
      const c = text[at]!;
      const top = open.at(-1);
      if (c === '\n' || (c === '\r' && text[at + 1] === '\n')) {
        if (top === '(' || top === '@(') return null;
        return { operator: ';', end: c === '\r' ? at + 1 : at };
      }
      if (word === null && c === '#') return lineComment(text, at);
      if (word === null && c === '<' && text[at + 1] === '#') {
        let close = at + 2;
        while (close < text.length && !(text[close] === '#' && text[close + 1] === '>')) close++;
        if (close >= text.length) return { message: 'A <# comment is never closed.' };
        return { operator: null, end: close + 1 };
      }
      const two = text.slice(at, at + 2);
      if (two === '@{' || two === '@(') {
        open.push(two);
        return { operator: two, end: at + 1 };
      }
      if (c === '(' || (c === '{' && word === null)) {
        open.push(c);
        return { operator: c, end: at };
      }
      if (c === ')' || (c === '}' && (top === '{' || top === '@{'))) {
        open.pop();
        return { operator: c, end: at };
      }
      if (c === ';' || c === '|' || c === ',') return { operator: c, end: at };
      if (c === '=' && (top === '@{' || word === null || word.startsWith('$')))
        return { operator: c, end: at };
      return null;
    },
  };
}

/** A PowerShell script split into its words and operators (see `powerShellScript`), or why it cannot be. */
export function splitPowerShellScript(text: string): SplitResult {
  return splitWords(text, powerShellScript());
}

/** A command line split into its words as the shell that wrote it would pass them, or why it cannot be. */
export function splitCommandLine(text: string, dialect: Dialect = dialectOf(text)): SplitResult {
  if (dialect === 'cmd') return splitCmd(text);
  if (dialect === 'powershell') return splitWords(text, POWERSHELL);
  return splitWords(text, BASH);
}
