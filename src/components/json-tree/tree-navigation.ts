import type { KeyboardEvent } from 'react';

const ITEM = '[role="treeitem"]';

/** Every shown item of the tree, in reading order (members of collapsed items are not in the DOM). */
function itemsOf(item: HTMLElement): HTMLElement[] {
  const tree = item.closest('[role="tree"]');
  return tree ? Array.from(tree.querySelectorAll<HTMLElement>(ITEM)) : [];
}

function focus(target: Element | null | undefined) {
  if (target instanceof HTMLElement) target.focus();
}

export function focusFirstChild(item: HTMLElement) {
  focus(item.querySelector(`:scope > [role="group"] > ${ITEM}`));
}

export function focusParent(item: HTMLElement) {
  focus(item.parentElement?.closest(ITEM));
}

/**
 * The moves every item shares (ARIA tree pattern): Down and Up to the next and previous shown item, Home and
 * End to the first and last. Returns whether the key was one of them.
 */
export function moveByKey(event: KeyboardEvent<HTMLElement>): boolean {
  const item = event.currentTarget;
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return false;
  const items = itemsOf(item);
  const at = items.indexOf(item);
  const target =
    event.key === 'ArrowDown'
      ? items[at + 1]
      : event.key === 'ArrowUp'
        ? items[at - 1]
        : event.key === 'Home'
          ? items[0]
          : items[items.length - 1];
  focus(target);
  return true;
}
