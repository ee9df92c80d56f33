/** A promise that says how it settled, the way React's `use` reads it: a settled one renders without suspending. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * A dynamic import started at most once, for code fetched on demand (a screen, or a part of one). Once it has
 * arrived, `use()` reads it at once, so what it renders appears in the same frame instead of after a Suspense
 * fallback. A failed import is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Tracked<T> | null = null;
  return () => {
    if (pending) return pending;
    const promise: Tracked<T> = load();
    promise.then(
      (value) => {
        promise.status = 'fulfilled';
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = 'rejected';
        promise.reason = reason;
        pending = null;
      },
    );
    pending = promise;
    return promise;
  };
}

/** What a `loadOnce` load has brought, or undefined while it is on its way. */
export function arrived<T>(loading: Promise<T>): T | undefined {
  return (loading as Tracked<T>).value;
}
