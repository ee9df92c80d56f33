/** Where a text stops being JSON, and why: 1-based line and column. */
export interface JsonSyntaxError {
  line: number;
  column: number;
  reason: string;
}

/** Thrown from deep in the descent to where the first error is reported; never leaves this file. */
class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * The first place where `text` breaks JSON's grammar (RFC 8259, as JSON.parse reads it), or null when it is JSON.
 * JSON.parse says where only in some of its messages, and some of them quote the text, which may hold a
 * password: this says where in every case and never repeats more than the one character it stopped at.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  let i = 0;
  const stop = (reason: string): never => {
    throw new Stop(i, reason);
  };
  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };
  const at = (what: string) =>
    i >= text.length
      ? `the text ends where ${what} was expected`
      : `${describe(text[i]!)} where ${what} was expected`;

  function string() {
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) stop('the text ends inside a string');
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const escaped = text[i + 1];
        if (escaped !== undefined && ESCAPES.has(escaped)) i += 2;
        else if (escaped === 'u' && HEX4.test(text.slice(i + 2, i + 6))) i += 6;
        else stop('a backslash in a string that is not one of JSON’s escapes');
        continue;
      }
      if (c! < ' ') stop('a line break or other control character inside a string');
      i++;
    }
  }

  function members(close: '}' | ']', member: () => void, what: string) {
    i++;
    skipWhitespace();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      member();
      skipWhitespace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === close) {
        i++;
        return;
      }
      stop(at(`',' or '${close}' after ${what}`));
    }
  }

  function value() {
    skipWhitespace();
    const c = text[i];
    if (c === '{') {
      return members(
        '}',
        () => {
          skipWhitespace();
          if (text[i] !== '"') stop(at('a double-quoted property name'));
          string();
          skipWhitespace();
          if (text[i] !== ':') stop(at("':' after a property name"));
          i++;
          value();
        },
        'a property',
      );
    }
    if (c === '[') return members(']', value, 'an array element');
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    if ((c === '-' || (c !== undefined && c >= '0' && c <= '9')) && NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return;
    }
    stop(at('a value'));
  }

  try {
    value();
    skipWhitespace();
    if (i < text.length) stop(`${describe(text[i]!)} after the end of the JSON value`);
    return null;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ...lineAndColumn(text, error.offset), reason: error.reason };
  }
}

function describe(c: string): string {
  return c >= ' ' && c !== '\u007f'
    ? `'${c}'`
    : `the character U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
