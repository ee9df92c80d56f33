export type Dialect = 'bash' | 'cmd' | 'powershell';

export type SplitResult =
  | {
      ok: true;
      words: string[];
      /** Shell variables it uses, kept as written (`$TOKEN`): their values are not in the text. */
      variables: string[];
    }
  | { ok: false; message: string };

const VARIABLE = /^\$(\{[^}]*\}|\(|[A-Za-z_][A-Za-z0-9_:]*)/;

function variableAt(text: string, i: number): string | null {
  return text[i] === '$' ? (VARIABLE.exec(text.slice(i))?.[0] ?? null) : null;
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

const ANSI_C: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
};

function splitBash(text: string): SplitResult {
  const words: string[] = [];
  const variables: string[] = [];
  let word: string | null = null;
  const add = (s: string) => (word = (word ?? '') + s);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[++i];
      if (next === undefined) return { ok: false, message: 'The command ends with a lone backslash.' };
      if (next === '\r' && text[i + 1] === '\n') i++;
      else if (next !== '\n') add(next);
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return { ok: false, message: 'A single quote is never closed.' };
      add(text.slice(i + 1, end));
      i = end;
    } else if (c === '$' && text[i + 1] === "'") {
      let s = '';
      for (i += 2; i < text.length && text[i] !== "'"; i++) {
        if (text[i] !== '\\') s += text[i];
        else {
          const e = text[++i] ?? '';
          const hex = /^x([0-9a-f]{1,2})|^u([0-9a-f]{4})/i.exec(text.slice(i));
          if (hex) {
            s += String.fromCharCode(parseInt(hex[1] ?? hex[2]!, 16));
            i += hex[0].length - 1;
          } else s += ANSI_C[e] ?? `\\${e}`;
        }
      }
      if (i >= text.length) return { ok: false, message: "A $'…' quote is never closed." };
      add(s);
    } else if (c === '"') {
      let s = '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        const variable = variableAt(text, i);
        if (variable) variables.push(variable);
        if (text[i] === '\\' && /["\\$`\n]/.test(text[i + 1] ?? '')) {
          i++;
          if (text[i] !== '\n') s += text[i];
        } else s += text[i];
      }
      if (i >= text.length) return { ok: false, message: 'A double quote is never closed.' };
      add(s);
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      const variable = variableAt(text, i);
      if (variable) variables.push(variable);
      add(c);
    }
  }
  if (word !== null) words.push(word);
  return { ok: true, words, variables };
}

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
  const variables = [...uncareted.matchAll(/%[A-Za-z_][A-Za-z0-9_]*%/g)].map((m) => m[0]);
  return { ok: true, words, variables };
}

const PS_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  '`': '`',
  '"': '"',
  $: '$',
};

function splitPowerShell(text: string): SplitResult {
  const words: string[] = [];
  const variables: string[] = [];
  let word: string | null = null;
  const add = (s: string) => (word = (word ?? '') + s);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') {
      const next = text[++i];
      if (next === undefined) return { ok: false, message: 'The command ends with a lone backtick.' };
      if (next === '\r' && text[i + 1] === '\n') i++;
      else if (next !== '\n') add(next);
    } else if (c === "'") {
      let s = '';
      for (i++; i < text.length; i++) {
        if (text[i] === "'" && text[i + 1] === "'") {
          s += "'";
          i++;
        } else if (text[i] === "'") break;
        else s += text[i];
      }
      if (i >= text.length) return { ok: false, message: 'A single quote is never closed.' };
      add(s);
    } else if (c === '"') {
      let s = '';
      for (i++; i < text.length; i++) {
        const d = text[i]!;
        if (d === '"' && text[i + 1] === '"') {
          s += '"';
          i++;
        } else if (d === '"') break;
        else if (d === '`') s += PS_ESCAPES[text[++i] ?? ''] ?? text[i] ?? '';
        else {
          const variable = variableAt(text, i);
          if (variable) variables.push(variable);
          s += d;
        }
      }
      if (i >= text.length) return { ok: false, message: 'A double quote is never closed.' };
      add(s);
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      const variable = variableAt(text, i);
      if (variable) variables.push(variable);
      add(c);
    }
  }
  if (word !== null) words.push(word);
  return { ok: true, words, variables };
}

/** A command line split into its words as the shell that wrote it would pass them, or why it cannot be. */
export function splitCommandLine(text: string, dialect: Dialect = dialectOf(text)): SplitResult {
  if (dialect === 'cmd') return splitCmd(text);
  if (dialect === 'powershell') return splitPowerShell(text);
  return splitBash(text);
}
