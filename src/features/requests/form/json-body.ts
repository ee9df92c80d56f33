import { MAX_JSON_DEPTH } from '@/lib/mask-body';

export type BodyCheck =
  { ok: true } | { ok: false; line: number; column: number; offset: number; message: string };

/** Line and column (both from 1) of a character offset in a text. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

class SyntaxAt extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
    /** Valid JSON, but nested too deep to be read (the reader, and the masking of secrets, would run out of stack). */
    readonly tooDeep = false,
  ) {
    super(reason);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in a string
const STRING_CHARS = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

/**
 * A JSON (RFC 8259) reader that only finds where a text stops being JSON. Engines' JSON.parse messages do not
 * reliably name a position (V8 often says only "Unexpected token"), so the place of the error is found here.
 */
function scan(text: string): void {
  let at = 0;
  let depth = 0;
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const describe = () =>
    at >= text.length ? 'the text ends too early' : `unexpected ${JSON.stringify(text[at])}`;
  const fail = (expected: string): never => {
    throw new SyntaxAt(at, `expected ${expected}, ${describe()}`);
  };
  const string = () => {
    at++;
    STRING_CHARS.lastIndex = at;
    STRING_CHARS.exec(text);
    at = STRING_CHARS.lastIndex;
    if (text[at] === '"') {
      at++;
      return;
    }
    if (at >= text.length) throw new SyntaxAt(at, 'a string is not closed');
    throw new SyntaxAt(
      at,
      text[at] === '\\'
        ? 'a bad escape in a string'
        : 'a control character (such as a line break) in a string',
    );
  };
  /** An object's members or an array's items: `item` read between commas up to `close`. */
  const list = (close: '}' | ']', item: () => void) => {
    if (++depth > MAX_JSON_DEPTH)
      throw new SyntaxAt(at, `nested more than ${MAX_JSON_DEPTH} levels deep`, true);
    at++;
    space();
    if (text[at] === close) {
      at++;
      depth--;
      return;
    }
    for (;;) {
      item();
      space();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === close) {
        at++;
        depth--;
        return;
      }
      fail(`"," or "${close}"`);
    }
  };
  const member = () => {
    space();
    if (text[at] !== '"') fail('a property name in double quotes');
    string();
    space();
    if (text[at] !== ':') fail('":"');
    at++;
    value();
  };
  const value = (): void => {
    space();
    const c = text[at];
    if (c === '{') return list('}', member);
    if (c === '[') return list(']', value);
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return;
      }
    }
    NUMBER.lastIndex = at;
    if (NUMBER.test(text)) {
      at = NUMBER.lastIndex;
      return;
    }
    fail('a value');
  };
  value();
  space();
  if (at < text.length) fail('the end of the text');
}

/** Whether a body is JSON (an empty body is no body), and if not, where and why it breaks. */
export function checkJsonBody(text: string): BodyCheck {
  if (text.trim() === '') return { ok: true };
  try {
    scan(text);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof SyntaxAt)) throw error;
    const { line, column } = lineAndColumn(text, error.offset);
    return {
      ok: false,
      line,
      column,
      offset: error.offset,
      message: error.tooDeep
        ? `The body is ${error.reason} at line ${line}, column ${column}: the console sends at most ${MAX_JSON_DEPTH}.`
        : `Not valid JSON at line ${line}, column ${column}: ${error.reason}.`,
    };
  }
}
