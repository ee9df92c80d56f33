import { createContext, useContext, useSyncExternalStore, type FocusEvent } from 'react';
import { createActiveItem, type ActiveItem } from './active-item';

export const ActiveItemContext = createContext<ActiveItem>(createActiveItem());

/**
 * Whether the item `id` is the one Tab reaches, and the focus handler that makes it so: focus on the item or in
 * its own row (its first child), not in its members. Until an item has had focus, the `first` one is.
 */
export function useRovingItem(id: string, first: boolean) {
  const active = useContext(ActiveItemContext);
  const isActive = useSyncExternalStore(active.subscribe, () => {
    const current = active.get();
    return current === null ? first : current === id;
  });
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const item = event.currentTarget;
    if (event.target === item || item.firstElementChild?.contains(event.target)) active.set(id);
  };
  return { isActive, onFocus };
}
