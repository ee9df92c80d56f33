export interface DuplicateKey {
  /** Where the object that repeats the key sits: keys and array indexes from the top. */
  path: (string | number)[];
  key: string;
}

type Frame =
  | { kind: 'object'; keys: Set<string>; key: string | null; expectsKey: boolean }
  | { kind: 'array'; index: number };

/**
 * The first key that an object of `text` repeats, or null. JSON.parse keeps the last of them without a word,
 * and Node 20's parser does not show the source, hence this scan. `text` must already be valid JSON.
 */
export function findDuplicateKey(text: string): DuplicateKey | null {
  const frames: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const top = frames.at(-1);
    if (char === '{') frames.push({ kind: 'object', keys: new Set(), key: null, expectsKey: true });
    else if (char === '[') frames.push({ kind: 'array', index: 0 });
    else if (char === '}' || char === ']') frames.pop();
    else if (char === ',' && top?.kind === 'array') top.index += 1;
    else if (char === ',' && top?.kind === 'object') top.expectsKey = true;
    else if (char === ':' && top?.kind === 'object') top.expectsKey = false;
    else if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.kind === 'object' && top.expectsKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) {
          const path = frames
            .slice(0, -1)
            .map((frame) => (frame.kind === 'array' ? frame.index : frame.key!));
          return { path, key };
        }
        top.keys.add(key);
        top.key = key;
      }
      i = end;
    }
    i += 1;
  }
  return null;
}
