import diff from 'microdiff';

/** Where two answers differ: a field (or item) and its value in each; absent where one does not have it. */
interface Difference {
  where: string;
  a?: string;
  b?: string;
}

/** Two lines side by side, at the same line number. */
interface LinePair {
  a: string | undefined;
  b: string | undefined;
  differs: boolean;
}

export type Comparison =
  { kind: 'json'; differences: Difference[] } | { kind: 'text'; lines: LinePair[]; differing: number };

/** Longest value shown in a difference; the answers themselves stay whole beside it. */
const SHOWN = 200;

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/** `$`, then `.Name` for a field whose name reads as one, `["odd name"]` otherwise, `[0]` for an item. */
function where(path: (string | number)[]): string {
  return path
    .map((p) =>
      typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`,
    )
    .reduce((all, part) => all + part, '$');
}

function parsed(text: string): object | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

/**
 * Two answers compared: field by field when both are JSON objects or arrays (microdiff), each difference named by
 * where it is; otherwise line by line.
 */
export function compareAnswers(a: string, b: string): Comparison {
  const left = parsed(a);
  const right = parsed(b);
  if (left && right && Array.isArray(left) === Array.isArray(right)) {
    return {
      kind: 'json',
      differences: diff(left, right).map((d) =>
        d.type === 'CREATE'
          ? { where: where(d.path), b: shown(d.value) }
          : d.type === 'REMOVE'
            ? { where: where(d.path), a: shown(d.oldValue) }
            : { where: where(d.path), a: shown(d.oldValue), b: shown(d.value) },
      ),
    };
  }
  const linesA = a.split('\n');
  const linesB = b.split('\n');
  const lines = Array.from({ length: Math.max(linesA.length, linesB.length) }, (_, i) => ({
    a: linesA[i],
    b: linesB[i],
    differs: linesA[i] !== linesB[i],
  }));
  return { kind: 'text', lines, differing: lines.filter((l) => l.differs).length };
}
