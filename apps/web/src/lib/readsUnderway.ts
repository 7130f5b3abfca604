/**
 * The API reads under way (lib/api.ts notes each GET from its start until its answer's body is read). The first
 * visit's hand-over to the service worker (lib/pwa.ts keepFirstReads) waits for those started before the worker
 * controlled the page: the worker never sees them, so they are kept only if they are asked again once they ended.
 */
const underway = new Set<Promise<unknown>>();

/** Notes `read` as under way until it settles; returns it. */
export function trackRead<T>(read: Promise<T>): Promise<T> {
  underway.add(read);
  const done = () => underway.delete(read);
  read.then(done, done);
  return read;
}

/**
 * Resolves when every read under way now has settled (reads started later are not waited for), or after `maxMs`:
 * a read that hangs does not hold back what waits for this.
 */
export function readsUnderway(maxMs: number): Promise<void> {
  if (underway.size === 0) return Promise.resolve();
  const now = Array.from(underway);
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    void Promise.allSettled(now).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
