import { useEffect, useRef } from 'react';

/**
 * Focuses the element once the first frame that shows it has been painted, if nothing else has the focus by then
 * (the person may have clicked or tabbed already). What `autoFocus` does, one frame later: React focuses an
 * autofocused field while it commits, which makes the browser lay the page out and MUI draw it all again (focused,
 * with its theme's client-side state) before the first frame, and the sign-in form showed that much later.
 */
export function useFocusOnceShown<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run before it is painted; a task queued from one runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (active === null || active === document.body || active === document.documentElement)
          ref.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // Once, on arrival, as autoFocus: a later change of `enabled` does not move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
