import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Where focus goes on arrival at the screen on show: the field it marks with `data-focus-on-arrival` (a sign-in
 * whose user name is filled in already: its password), else its main heading. React hides a screen it is
 * replacing with an inline display: none.
 */
function arrivalTarget(): HTMLElement | null {
  const shown = (element: HTMLElement) => !element.closest('[hidden], [style*="display: none"]');
  const marked = [...document.querySelectorAll<HTMLElement>('main [data-focus-on-arrival]')].find(shown);
  return marked ?? [...document.querySelectorAll<HTMLElement>('main h1')].find(shown) ?? null;
}

/**
 * On every change of screen: back to the top, and focus on the new screen's main heading, or the field it marks
 * for arrival (once it is drawn: its code may still be on its way), so that a keyboard or screen-reader user
 * starts from it, as after a page load.
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
    const focusArrival = () => {
      const target = arrivalTarget();
      target?.focus({ preventScroll: true });
      return target !== null;
    };
    if (focusArrival()) return;
    const observer = new MutationObserver(() => {
      if (focusArrival()) observer.disconnect();
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
