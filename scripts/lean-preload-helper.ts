import type { Plugin } from 'vite';

/** The module Vite wraps every dynamic import with (`__vitePreload(() => import(…), deps)`). */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Vite's preload helper, without the part this build never runs. With `build.modulePreload: false` every call gets
 * no list of files to preload, yet the helper still carries the code that would add `<link rel=modulepreload>`
 * tags: 0.7 KB (gzip) of the first page. What is left is what the console relies on: a failed import is reported
 * as a cancelable `vite:preloadError` event (with the error as `payload`) and rethrown unless a listener prevented
 * it, as Vite documents.
 */
export function leanPreloadHelper(): Plugin {
  let replaced = false;
  return {
    name: 'auth-console:lean-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load: {
      filter: { id: new RegExp(`^${PRELOAD_HELPER_ID}$`) },
      handler() {
        replaced = true;
        return `export const __vitePreload = (load) => load().catch((error) => {
  const event = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
});`;
      },
    },
    buildEnd(error) {
      // The id is Vite's internal name: should a new Vite rename it, say so rather than quietly ship the full helper.
      if (!error && !replaced)
        this.error(
          `Vite's preload helper (${JSON.stringify(PRELOAD_HELPER_ID)}) was never loaded; has Vite renamed it?`,
        );
    },
  };
}
