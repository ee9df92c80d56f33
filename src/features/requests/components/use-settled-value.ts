import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: what a check made while the person types looks at, so that
 * it speaks up when they pause, not at every keystroke.
 */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
