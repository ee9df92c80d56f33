import { readText, storeText } from '@/lib/local-storage';

/**
 * Whether the library stands open beside the form on a wide screen: a preference, in localStorage (it holds no
 * secret). Open unless closed before.
 */
export const LIBRARY_OPEN_KEY = 'auth-console.library-open';

export const readLibraryOpen = () => readText(LIBRARY_OPEN_KEY) !== 'false';

/** A refused write (storage full or denied) only forgets the preference: the panel works the same. */
export function writeLibraryOpen(open: boolean) {
  storeText(LIBRARY_OPEN_KEY, String(open));
}
