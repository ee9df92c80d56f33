import { splitPowerShellScript, type WordKind } from './split-command-line';

export type Cmdlet = 'Invoke-RestMethod' | 'Invoke-WebRequest';

/** The cmdlets a request is made with, and their aliases, by their names in lower case. */
const CMDLETS = new Map<string, Cmdlet>([
  ['invoke-restmethod', 'Invoke-RestMethod'],
  ['irm', 'Invoke-RestMethod'],
  ['invoke-webrequest', 'Invoke-WebRequest'],
  ['iwr', 'Invoke-WebRequest'],
]);

/** A value as the script writes it; variables are kept by name, to be looked up where they are used. */
export type Value =
  /** A string, or a bare word (a number, or in an argument a string); `word` is where it is, for its variables. */
  | { kind: 'text'; text: string; word: number; bare: boolean }
  | { kind: 'variable'; name: string }
  /** `$true`, `$false`, `$null`. */
  | { kind: 'constant'; value: boolean | null }
  | { kind: 'hashtable'; entries: [key: string, value: Value][] }
  | { kind: 'array'; items: Value[] }
  /** `[System.Text.Encoding]::UTF8.GetBytes(…)`: the text, as bytes. */
  | { kind: 'bytes'; of: Value }
  /** `… | ConvertTo-Json` or `ConvertTo-Json …`, with its `-Depth` when given. */
  | { kind: 'json'; of: Value; depth: number | null }
  | { kind: 'call'; call: Call }
  /** Anything else, by what starts it (never its strings: they may hold a secret). */
  | { kind: 'other'; what: string };

export interface Argument {
  /** The parameter as written, without its dash; null for a positional argument. */
  name: string | null;
  /** Null for a switch. */
  value: Value | null;
}

interface Call {
  cmdlet: Cmdlet;
  args: Argument[];
  /** The commands the answer is piped to, or null. */
  after: string | null;
}

export type Statement =
  | { kind: 'assign'; name: string; value: Value }
  | { kind: 'call'; call: Call }
  /** Anything else, by what starts it, and the variable it changes (`$headers.Add(…)`), if any. */
  | { kind: 'other'; what: string; target: string | null };

type ParsedScript =
  | { ok: true; statements: Statement[]; variablesIn: (word: number) => readonly string[] }
  | { ok: false; message: string };

/** How deep hashtables, arrays and parentheses may nest: each level is a call of the parser's own. */
export const MAX_NESTING = 50;

/** A script that cannot be read at all: thrown out of the parser, answered as a message. */
class Unreadable extends Error {}

/** The automatic variables that are values. */
const CONSTANTS = new Map<string, boolean | null>([
  ['$true', true],
  ['$false', false],
  ['$null', null],
]);

const GET_BYTES = /^\[(system\.)?text\.encoding\]::utf8\.getbytes$/i;
const TYPED_HASHTABLE = /^\[(ordered|pscustomobject)\]$/i;
const PARAMETER = /^-([A-Za-z][\w]*)(:(.*))?$/s;
/** Where an expression ends: a statement's end, a closing bracket, a pipe. */
const ENDS = new Set([';', ')', '}', '|']);
const OPENS = new Set(['(', '@(', '@{', '{']);

/** The variable a name such as `$headers.Add` or `${my var}` starts with, in lower case, or null. */
export function variableOf(word: string): string | null {
  const match = /^\$(\{([^{}]*)\}|[A-Za-z_][\w:]*?)(?=$|[.[])/.exec(word);
  if (!match) return null;
  return `$${match[2] ?? match[1]!}`.toLowerCase();
}

/**
 * A PowerShell script read into its statements: assignments, calls of Invoke-RestMethod or Invoke-WebRequest (with
 * their arguments, and what their answer is piped to), and anything else by what starts it. One pass over the
 * words, each read once; nesting is bounded by `MAX_NESTING`.
 */
export function parsePowerShell(text: string): ParsedScript {
  const split = splitPowerShellScript(text);
  if (!split.ok) return split;
  const { words, kinds } = split;
  const variablesAt = new Map<number, string[]>();
  for (const { name, word } of split.variables) {
    const list = variablesAt.get(word);
    if (list) list.push(name);
    else variablesAt.set(word, [name]);
  }
  const variablesIn = (word: number) => variablesAt.get(word) ?? [];
  try {
    return { ok: true, statements: new Parser(words, kinds, variablesIn).script(), variablesIn };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, message: error.message };
    throw error;
  }
}

class Parser {
  private i = 0;

  constructor(
    private readonly words: string[],
    private readonly kinds: WordKind[],
    private readonly variablesIn: (word: number) => readonly string[],
  ) {}

  private op(at = this.i): string | null {
    return this.kinds[at] === 'operator' ? this.words[at]! : null;
  }

  private atEnd(): boolean {
    const op = this.op();
    return this.i >= this.words.length || (op !== null && ENDS.has(op));
  }

  private skipLineBreaks() {
    while (this.op() === ';') this.i++;
  }

  /** Past the rest of an expression (brackets balanced), up to where it ends. */
  private skipExpression() {
    let depth = 0;
    for (; this.i < this.words.length; this.i++) {
      const op = this.op();
      if (op === null) continue;
      if (OPENS.has(op)) depth++;
      else if (depth > 0 && (op === ')' || op === '}')) depth--;
      else if (depth === 0 && ENDS.has(op)) return;
    }
  }

  /** What starts the words from `start`, for a note: never a quoted word, which may hold a secret. */
  private what(start: number): string {
    const first = this.kinds[start] === 'quoted' ? '‘…’' : (this.words[start] ?? '');
    const shown = first.length > 60 ? `${first.slice(0, 60)}…` : first;
    const next = this.op(start + 1);
    if (next === '(') return `${shown}(…)`;
    if (next === '=') return `${shown} = …`;
    return start + 1 < this.words.length && next !== ';' ? `${shown} …` : shown;
  }

  private isWholeVariable(at: number): boolean {
    const names = this.variablesIn(at);
    return names.length === 1 && names[0] === this.words[at] && !this.words[at]!.startsWith('$(');
  }

  script(): Statement[] {
    const statements: Statement[] = [];
    while (this.i < this.words.length) {
      if (this.op() === ';') {
        this.i++;
        continue;
      }
      statements.push(this.statement());
      // Whatever is left of it (a stray bracket) is not read.
      while (this.i < this.words.length && this.op() !== ';') this.i++;
    }
    return statements;
  }

  private statement(): Statement {
    const start = this.i;
    const word = this.words[start]!;
    const target = this.kinds[start] === 'operator' ? null : variableOf(word);
    if (target !== null && this.op(start + 1) === '=') {
      this.i += 2;
      this.skipLineBreaks();
      const value = this.value(0, 'expression');
      // `$answer = Invoke-RestMethod …` is the call.
      if (value.kind === 'call') return { kind: 'call', call: value.call };
      if (this.isWholeVariable(start)) return { kind: 'assign', name: target, value };
      return { kind: 'other', what: this.what(start), target };
    }
    const value = this.value(0, 'expression');
    if (value.kind === 'call') return { kind: 'call', call: value.call };
    this.skipExpression();
    return { kind: 'other', what: this.what(start), target };
  }

  /**
   * One value. In an argument a bare word is a string and a pipe ends the command; in an expression a bare word
   * is a number or a command, and a pipe takes the value on.
   */
  private value(depth: number, mode: 'argument' | 'expression'): Value {
    if (depth > MAX_NESTING) throw new Unreadable(`The script nests more than ${MAX_NESTING} levels deep.`);
    let value = this.primary(depth, mode);
    if (this.op() === ',') {
      const items = [value];
      while (this.op() === ',') {
        this.i++;
        items.push(this.primary(depth, mode));
      }
      value = { kind: 'array', items };
    }
    if (mode === 'argument') return value;
    while (this.op() === '|') {
      this.i++;
      const start = this.i;
      const command = this.words[start] ?? '';
      if (value.kind === 'call') {
        this.skipExpression();
        value.call.after = value.call.after ? `${value.call.after} | ${command}` : command;
      } else if (this.kinds[start] === 'bare' && /^convertto-json$/i.test(command)) {
        this.i++;
        value = this.convertToJson(value, depth);
      } else {
        this.skipExpression();
        value = { kind: 'other', what: `… | ${this.what(start)}` };
      }
    }
    return value;
  }

  private primary(depth: number, mode: 'argument' | 'expression'): Value {
    const start = this.i;
    const op = this.op();
    if (this.atEnd()) return { kind: 'other', what: 'nothing' };
    if (op === ',' || op === '=') {
      this.i++;
      return { kind: 'other', what: op };
    }
    if (op === '@{') {
      this.i++;
      return this.hashtable(depth + 1);
    }
    if (op === '@(') {
      this.i++;
      return this.subexpression(depth + 1, true);
    }
    if (op === '(') {
      this.i++;
      return this.subexpression(depth + 1, false);
    }
    if (op !== null) {
      this.i++;
      this.skipBracketed();
      return { kind: 'other', what: op === '{' ? 'a script block' : op };
    }
    const word = this.words[start]!;
    if (this.kinds[start] === 'quoted') {
      this.i++;
      if (this.isWholeVariable(start)) return this.variable(word);
      return { kind: 'text', text: word, word: start, bare: false };
    }
    if (TYPED_HASHTABLE.test(word) && this.op(start + 1) === '@{') {
      this.i += 2;
      return this.hashtable(depth + 1);
    }
    if (GET_BYTES.test(word) && this.op(start + 1) === '(') {
      this.i += 2;
      const of = this.value(depth + 1, 'expression');
      return this.close(')') ? { kind: 'bytes', of } : { kind: 'other', what: this.what(start) };
    }
    if (this.isWholeVariable(start)) {
      this.i++;
      return this.variable(word);
    }
    if (mode === 'argument' || /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(word)) {
      this.i++;
      return { kind: 'text', text: word, word: start, bare: true };
    }
    const cmdlet = CMDLETS.get(word.toLowerCase());
    if (cmdlet) {
      this.i++;
      return { kind: 'call', call: { cmdlet, args: this.args(depth), after: null } };
    }
    if (/^convertto-json$/i.test(word)) {
      this.i++;
      return this.convertToJson(null, depth);
    }
    // A command of another kind, or an expression such as [Text.Encoding]::ASCII: not read.
    this.i++;
    while (!this.atEnd()) {
      if (this.op() !== null && OPENS.has(this.op()!)) {
        this.i++;
        this.skipBracketed();
      } else this.i++;
    }
    return { kind: 'other', what: this.what(start) };
  }

  private variable(name: string): Value {
    const constant = CONSTANTS.get(name.toLowerCase());
    if (constant !== undefined) return { kind: 'constant', value: constant };
    return { kind: 'variable', name };
  }

  /** Past the inside of a bracket just opened, and its closing one. */
  private skipBracketed() {
    let depth = 1;
    for (; this.i < this.words.length && depth > 0; this.i++) {
      const op = this.op();
      if (op !== null && OPENS.has(op)) depth++;
      else if (op === ')' || op === '}') depth--;
    }
  }

  /** Whether the next word closes what was opened (taking it); otherwise past it, up to its closing. */
  private close(closing: ')' | '}'): boolean {
    this.skipLineBreaks();
    if (this.op() === closing) {
      this.i++;
      return true;
    }
    if (this.i >= this.words.length)
      throw new Unreadable(`A bracket is never closed (“${closing}” is missing).`);
    this.skipBracketed();
    return false;
  }

  /** `( … )` or `@( … )`, just opened: one value, or for `@(` a list of them. */
  private subexpression(depth: number, array: boolean): Value {
    const start = this.i;
    this.skipLineBreaks();
    if (array) {
      const items: Value[] = [];
      while (this.op() !== ')' && this.i < this.words.length) {
        const item = this.value(depth, 'expression');
        if (item.kind === 'array') items.push(...item.items);
        else items.push(item);
        if (this.op() === ',' || this.op() === ';') this.i++;
        else if (this.op() !== ')') this.skipExpression();
        this.skipLineBreaks();
      }
      return this.close(')') ? { kind: 'array', items } : { kind: 'other', what: '@(…)' };
    }
    const value = this.value(depth, 'expression');
    return this.close(')') ? value : { kind: 'other', what: `(${this.what(start)})` };
  }

  /** `@{ key = value; … }`, just opened. */
  private hashtable(depth: number): Value {
    const entries: [string, Value][] = [];
    for (;;) {
      this.skipLineBreaks();
      if (this.i >= this.words.length) throw new Unreadable('A hashtable (@{) is never closed.');
      if (this.op() === '}') {
        this.i++;
        return { kind: 'hashtable', entries };
      }
      const at = this.i;
      const key = this.op() === null ? this.words[at]! : null;
      if (key === null || this.op(at + 1) !== '=') {
        this.skipExpression();
        if (this.op() === ')' || this.op() === '|') this.i++;
        entries.push([this.words[at] ?? '', { kind: 'other', what: this.what(at) }]);
        continue;
      }
      this.i += 2;
      this.skipLineBreaks();
      entries.push([key, this.value(depth, 'expression')]);
    }
  }

  /** A cmdlet's arguments, up to the end of its command. */
  private args(depth: number): Argument[] {
    const args: Argument[] = [];
    while (!this.atEnd()) {
      const word = this.words[this.i]!;
      const parameter = this.kinds[this.i] === 'bare' ? PARAMETER.exec(word) : null;
      if (!parameter) {
        args.push({ name: null, value: this.value(depth + 1, 'argument') });
        continue;
      }
      this.i++;
      const [, name, colon, attached] = parameter;
      if (attached) {
        args.push({ name: name!, value: { kind: 'text', text: attached, word: this.i - 1, bare: true } });
      } else if (colon || takesValue(name!, this.words[this.i], this.kinds[this.i])) {
        args.push({ name: name!, value: this.value(depth + 1, 'argument') });
      } else args.push({ name: name!, value: null });
    }
    return args;
  }

  /** `ConvertTo-Json`'s arguments (its input, `-Depth`, switches), with its input piped in or null. */
  private convertToJson(piped: Value | null, depth: number): Value {
    let of = piped;
    let jsonDepth: number | null = null;
    for (const arg of this.args(depth)) {
      const name = arg.name?.toLowerCase() ?? null;
      if (name !== null && 'depth'.startsWith(name) && arg.value?.kind === 'text')
        jsonDepth = Number(arg.value.text);
      else if ((name === null || 'inputobject'.startsWith(name)) && of === null && arg.value) of = arg.value;
      else if (name === null || !['compress', 'asarray', 'enumsasstrings', 'escapehandling'].includes(name))
        return { kind: 'other', what: 'ConvertTo-Json …' };
    }
    if (of === null || (jsonDepth !== null && !Number.isInteger(jsonDepth)))
      return { kind: 'other', what: 'ConvertTo-Json …' };
    return { kind: 'json', of, depth: jsonDepth };
  }
}

/** The cmdlets' switches: parameters that take no value (by their names in lower case). */
export const SWITCHES = new Set(
  [
    'UseBasicParsing',
    'SkipCertificateCheck',
    'UseDefaultCredentials',
    'PassThru',
    'DisableKeepAlive',
    'SkipHttpErrorCheck',
    'ProxyUseDefaultCredentials',
    'NoProxy',
    'Verbose',
    'Debug',
    'AllowUnencryptedAuthentication',
    'PreserveAuthorizationOnRedirect',
    'SkipHeaderValidation',
    'FollowRelLink',
    'Resume',
    'AllowInsecureRedirect',
    'Compress',
    'AsArray',
    'EnumsAsStrings',
  ].map((name) => name.toLowerCase()),
);

/** Whether a parameter takes the next word as its value: a switch does not, nor is a parameter a value. */
function takesValue(name: string, next: string | undefined, kind: WordKind | undefined): boolean {
  const lower = name.toLowerCase();
  if ([...SWITCHES].some((s) => s === lower || (lower.length >= 3 && s.startsWith(lower)))) return false;
  if (next === undefined || kind === 'operator') return kind === 'operator' && OPENS.has(next!);
  return !(kind === 'bare' && PARAMETER.test(next) && !/^-\d/.test(next));
}
