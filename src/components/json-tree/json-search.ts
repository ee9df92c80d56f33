import { createContext } from 'react';
import { isContainer, type JsonContainer } from './json-value';

/**
 * A search of the tree: what is sought, in any letter case, and the containers with a match somewhere inside, whose
 * members are then filtered to those that hold one. `within` is null below a member whose own name matched: all
 * of it is shown.
 */
export interface TreeSearch {
  pattern: RegExp;
  within: ReadonlySet<JsonContainer> | null;
}

export const TreeSearchContext = createContext<TreeSearch | null>(null);

/** The text sought, as a pattern of its own characters in any letter case. */
export function searchPattern(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/** Whether a primitive's text (as the tree shows it, strings without quotes) holds what is sought. */
export function primitiveMatches(value: unknown, pattern: RegExp): boolean {
  if (isContainer(value)) return false;
  return pattern.test(typeof value === 'string' ? value : String(value));
}

/** Whether a member's name holds what is sought; an array's indexes are not searched. */
export function nameMatches(name: string | number | null, pattern: RegExp): boolean {
  return typeof name === 'string' && pattern.test(name);
}

/**
 * The containers of `value` with a match inside (a member's name, or a primitive's text): one walk over the whole
 * value with stacks of its own (an answer may nest deeper than the call stack reaches), each value read once.
 */
export function containersWithMatches(value: unknown, pattern: RegExp): Set<JsonContainer> {
  const found = new Set<JsonContainer>();
  if (!isContainer(value)) return found;
  // Each container is visited twice: first to push its members, then (done) to pass a match up to its parent.
  const containers: JsonContainer[] = [value];
  const parents: (JsonContainer | null)[] = [null];
  const done: boolean[] = [false];
  while (containers.length > 0) {
    const container = containers.pop()!;
    const parent = parents.pop()!;
    if (done.pop()) {
      if (parent && found.has(container)) found.add(parent);
      continue;
    }
    containers.push(container);
    parents.push(parent);
    done.push(true);
    const visit = (inner: unknown) => {
      if (isContainer(inner)) {
        containers.push(inner);
        parents.push(container);
        done.push(false);
      } else if (primitiveMatches(inner, pattern)) found.add(container);
    };
    if (Array.isArray(container)) for (const inner of container) visit(inner);
    else
      for (const key of Object.keys(container)) {
        if (pattern.test(key)) found.add(container);
        visit(container[key]);
      }
  }
  return found;
}

/** Whether a member is shown under a search: its name matches, its value matches, or holds a match. */
export function memberShown(search: TreeSearch, name: string | number, value: unknown): boolean {
  if (!search.within) return true;
  if (nameMatches(name, search.pattern)) return true;
  return isContainer(value) ? search.within.has(value) : primitiveMatches(value, search.pattern);
}

/** `text` in parts, those that match marked; one part when none does. */
export function highlightParts(text: string, pattern: RegExp): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  for (const match of text.matchAll(new RegExp(pattern.source, 'gi'))) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index), match: false });
    parts.push({ text: match[0], match: true });
    from = match.index + match[0].length;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from), match: false });
  return parts;
}
