/**
 * One read in flight per key: calls for a key that come while its read runs get that read's answer instead of
 * starting their own. The first page load after a cache was emptied fires several calls at once, and each would
 * otherwise read the same rows again (issue 30: the site record read six times in one dashboard load). A failed
 * read fails every call that shared it; the next call reads again.
 */
export function createSingleFlight() {
  const inFlight = new Map<string, Promise<unknown>>();
  return function once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
