const RELOADED_FOR = 'auth-console.reloaded-for-build';

/**
 * After a redeploy, the code of a screen loaded on demand may be gone from the server (its file name has the old
 * build's hash). Vite reports that as `vite:preloadError`; the page then reloads once to get the new build. The
 * build is told by this module's own (hashed) address: a second failure in the same build is not reloaded again,
 * and reaches the route's error screen instead of looping.
 */
export function reloadOnStaleChunk(build: string = import.meta.url): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem(RELOADED_FOR) === build) return;
    sessionStorage.setItem(RELOADED_FOR, build);
    event.preventDefault();
    window.location.reload();
  });
}
