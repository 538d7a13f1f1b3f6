import { useSyncExternalStore } from 'react';
import { serviceWorker } from './service-worker.ts';

/*
 * The update prompt (docs/decisions/045): each release serves a new /sw.js, which the browser installs beside the
 * running one and keeps waiting. The page then offers the new version; choosing it lets the waiting worker take over
 * and reloads once it has.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const announce = (worker: ServiceWorker | null) => {
  waiting = worker;
  for (const listener of listeners) listener();
};

/** Registers the site's service worker and watches for a new release; once per page, where the site has one. */
export function watchServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !waiting) return;
    reloading = true;
    window.location.reload();
  });
  void serviceWorker()
    .then((registration) => {
      // A worker of a newer release waits only when an older one controls the page; the first install just runs.
      if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) announce(installing);
        });
      });
      // A tab left open for days still hears of a release.
      setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
    })
    .catch(() => {});
}

/** The new version waiting to take over, if any, and the way to switch to it. */
export function useWaitingUpdate(): { available: boolean; apply: () => void } {
  const worker = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => null,
  );
  return { available: worker !== null, apply: () => worker?.postMessage({ type: 'SKIP_WAITING' }) };
}
