import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a send, the answer's heading is brought into view and focused when it lies outside the window (on a narrow
 * screen it sits below the whole form), so that an answer never arrives unseen; when it is in view already, nothing
 * moves and focus stays where it was.
 */
export function useRevealAnswer() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const element = heading.current;
    if (asked === 0 || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    element.scrollIntoView({ block: 'start' });
    element.focus({ preventScroll: true });
  }, [asked]);
  const reveal = useCallback(() => setAsked((n) => n + 1), []);
  return { heading, reveal };
}
