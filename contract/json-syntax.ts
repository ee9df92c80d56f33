/** Where a text stops being JSON, and why: the offset, and the 1-based line and column of it. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  reason: string;
  /** Valid JSON so far, but nested deeper than the reader's `maxDepth`. */
  tooDeep: boolean;
}

/** Line and column (both from 1) of a character offset in a text. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

class SyntaxAt extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
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
 * reliably name a position (V8 often says only "Unexpected token"), and some quote the text, which may hold a
 * secret: a reason here names at most the one character it stopped at. Nesting deeper than `maxDepth` stops it
 * too, so that a deep text never runs it out of stack.
 */
function scan(text: string, maxDepth: number): void {
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
    if (++depth > maxDepth) throw new SyntaxAt(at, `nested more than ${maxDepth} levels deep`, true);
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

/** The first place where `text` is not JSON (or nests deeper than `maxDepth`), or null when it is JSON. */
export function findJsonSyntaxError(text: string, maxDepth: number): JsonSyntaxError | null {
  try {
    scan(text, maxDepth);
    return null;
  } catch (error) {
    if (!(error instanceof SyntaxAt)) throw error;
    const { offset, reason, tooDeep } = error;
    return { offset, ...lineAndColumn(text, offset), reason, tooDeep };
  }
}
