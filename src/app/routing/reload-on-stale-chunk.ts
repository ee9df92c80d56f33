const RELOADED_FOR = 'auth-console.reloaded-for-build';

export interface StaleChunkDeps {
  /** The running build, told by this module's own (hashed) address. */
  build?: string;
  /** The server's index.html as it serves it now, or null when it cannot be asked. */
  fetchIndex?: () => Promise<string | null>;
  reload?: () => void;
}

async function fetchIndexNow(): Promise<string | null> {
  try {
    const answer = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
    return answer.ok ? await answer.text() : null;
  } catch {
    return null;
  }
}

/**
 * After a redeploy, the code of a screen loaded on demand may be gone from the server (its file name has the old
 * build's hash). Vite reports a failed import as `vite:preloadError`; the failure reaches the screen as usual (its
 * error screen or message), and the page reloads once if the server now serves another build, whose index.html no
 * longer loads this one's entry. Nothing is reloaded when the server cannot be reached (a reload would only show
 * the browser's own error page) or still serves this build (a lost file: a reload would not bring it back), nor a
 * second time for the same build, so it never loops.
 */
export function reloadOnStaleChunk({
  build = import.meta.url,
  fetchIndex = fetchIndexNow,
  reload = () => window.location.reload(),
}: StaleChunkDeps = {}): () => void {
  const entry = new URL(build).pathname;
  let asking = false;
  const onPreloadError = () => {
    if (asking || sessionStorage.getItem(RELOADED_FOR) === build) return;
    asking = true;
    void fetchIndex()
      .then((index) => {
        if (index === null || index.includes(entry)) return;
        sessionStorage.setItem(RELOADED_FOR, build);
        reload();
      })
      .finally(() => {
        asking = false;
      });
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
