import { REFERENCE } from './variable-syntax';

/** A `{{…}}` in a body: where it is, whether inside a JSON string, and the key path that holds it. */
export interface BodyReference {
  start: number;
  end: number;
  /** What is between the braces, as written. */
  inside: string;
  inString: boolean;
  /** `Attributes[0].Value`; '' at the top of the body. */
  at: string;
}

type Frame = { kind: 'object'; key: string | null; expectKey: boolean } | { kind: 'array'; index: number };

const keyPath = (frames: readonly Frame[]) =>
  frames
    .map((f) => (f.kind === 'array' ? `[${f.index}]` : f.key === null ? '' : `.${f.key}`))
    .join('')
    .replace(/^\./, '');

function decodedKey(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

/**
 * The `{{…}}` of a body, read as JSON with references where values may stand: a reference outside a string is a
 * value of its own (`"ID": {{id}}`), one inside a string is part of its text (`"Name": "{{first}} Doe"`). A body
 * that is not JSON is read as far as it goes; its references are found all the same.
 */
export function bodyReferences(body: string): BodyReference[] {
  const found: BodyReference[] = [];
  const frames: Frame[] = [];
  const reference = new RegExp(REFERENCE.source, 'y');
  let stringStart = -1;
  let i = 0;
  while (i < body.length) {
    if (body.startsWith('{{', i)) {
      reference.lastIndex = i;
      const match = reference.exec(body);
      if (match) {
        const end = i + match[0].length;
        found.push({ start: i, end, inside: match[1]!, inString: stringStart >= 0, at: keyPath(frames) });
        i = end;
        continue;
      }
    }
    const ch = body[i]!;
    const top = frames.at(-1);
    if (stringStart >= 0) {
      if (ch === '\\') i++;
      else if (ch === '"') {
        if (top?.kind === 'object' && top.expectKey) top.key = decodedKey(body.slice(stringStart, i + 1));
        stringStart = -1;
      }
    } else if (ch === '"') stringStart = i;
    else if (ch === '{') frames.push({ kind: 'object', key: null, expectKey: true });
    else if (ch === '[') frames.push({ kind: 'array', index: 0 });
    else if (ch === '}' || ch === ']') frames.pop();
    else if (ch === ',' && top?.kind === 'array') top.index++;
    else if (ch === ',' && top?.kind === 'object') top.expectKey = true;
    else if (ch === ':' && top?.kind === 'object') top.expectKey = false;
    i++;
  }
  return found;
}

/**
 * The body with each reference replaced by `fill`'s text for it (null: left as written). Inside a JSON string the
 * text is escaped as JSON, so a value holding a quote or a backslash stays text and cannot end the string or add
 * a field; outside one it is placed as written, so `"ID": {{id}}` sends the number.
 */
export function fillBody(body: string, fill: (ref: BodyReference) => string | null): string {
  let out = '';
  let from = 0;
  let changed = false;
  for (const ref of bodyReferences(body)) {
    const text = fill(ref);
    if (text === null) continue;
    out += body.slice(from, ref.start) + (ref.inString ? JSON.stringify(text).slice(1, -1) : text);
    from = ref.end;
    changed = true;
  }
  return changed ? out + body.slice(from) : body;
}

/**
 * The body with each reference outside a string replaced by `null` and spaces, as long as it was: the body as JSON
 * reads once its references are filled with values, and any error in it at the line and column where it is typed.
 */
export function bodyWithStandIns(body: string): string {
  return fillBody(body, (ref) => (ref.inString ? null : 'null'.padEnd(ref.end - ref.start)));
}
