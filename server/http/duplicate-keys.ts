/**
 * The first key that an object of a JSON text names twice, in any letter case (as the later one, spelled as
 * sent), or null. Read from the raw text because JSON.parse silently keeps the last of two same-case keys, while a
 * filter in front of this server may read the first. `text` must be valid JSON (parsed already); any depth is
 * checked, without recursion.
 */
export function firstDuplicateKey(text: string): string | null {
  /** One entry per open object (its keys, lower-cased) or array (null). */
  const open: (Set<string> | null)[] = [];
  let atKey = false;
  for (let i = 0; i < text.length; i++) {
    switch (text[i]) {
      case '{':
        open.push(new Set());
        atKey = true;
        break;
      case '[':
        open.push(null);
        atKey = false;
        break;
      case '}':
      case ']':
        open.pop();
        atKey = false;
        break;
      case ',':
        atKey = open.at(-1) != null;
        break;
      case '"': {
        let end = i + 1;
        while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
        const keys = open.at(-1);
        if (atKey && keys) {
          const raw = text.slice(i + 1, end);
          const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
          const folded = key.toLowerCase();
          if (keys.has(folded)) return key;
          keys.add(folded);
          atKey = false;
        }
        i = end;
        break;
      }
    }
  }
  return null;
}
