/**
 * Which tree item takes Tab (the roving tabindex). Items subscribe to whether they are the one, so a move
 * re-renders two items, not the whole tree.
 */
export interface ActiveItem {
  get: () => string | null;
  set: (id: string) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createActiveItem(): ActiveItem {
  let active: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => active,
    set: (id) => {
      if (id === active) return;
      active = id;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
