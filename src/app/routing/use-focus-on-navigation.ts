import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The heading of the screen on show: React hides a screen it is replacing with an inline display: none. */
function shownMainHeading(): HTMLElement | null {
  for (const heading of document.querySelectorAll<HTMLElement>('main h1')) {
    if (!heading.closest('[hidden], [style*="display: none"]')) return heading;
  }
  return null;
}

/**
 * On every change of screen: back to the top, and focus on the new screen's main heading (once it is drawn: its
 * code may still be on its way), so that a keyboard or screen-reader user starts from it, as after a page load.
 * A page load and the redirects it makes at once (`/` to the profile or to sign-in) leave focus where the load
 * put it (an autofocused field): only navigations after the person has done something move it.
 */
export function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const acted = useRef(false);
  const first = useRef(true);

  useEffect(() => {
    const note = () => {
      acted.current = true;
    };
    document.addEventListener('pointerdown', note, { capture: true });
    document.addEventListener('keydown', note, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', note, { capture: true });
      document.removeEventListener('keydown', note, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    if (!acted.current) return;
    const focusHeading = () => {
      const heading = shownMainHeading();
      heading?.focus({ preventScroll: true });
      return heading !== null;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['style'],
    });
    return () => observer.disconnect();
  }, [pathname]);
}
