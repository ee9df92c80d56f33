/**
 * Whether the library stands open beside the form on a wide screen: a preference, in localStorage (it holds no
 * secret). Open unless closed before.
 */
export const LIBRARY_OPEN_KEY = 'auth-console.library-open';

export function readLibraryOpen(): boolean {
  try {
    return localStorage.getItem(LIBRARY_OPEN_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** A refused write (storage full or denied) only forgets the preference: the panel works the same. */
export function writeLibraryOpen(open: boolean) {
  try {
    localStorage.setItem(LIBRARY_OPEN_KEY, String(open));
  } catch {
    // Nothing lost but the preference.
  }
}
