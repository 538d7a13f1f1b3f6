/**
 * The service worker (docs/decisions/045-installable-app.md), served at /sw.js with the release written in, so each
 * deploy is a new worker the page can offer to switch to (the update prompt). It keeps one page for when the network
 * is gone, shows push messages with the theme's icon and badge, and opens the message's page when one is clicked.
 * Plain JavaScript: it runs in the browser as written, with no build step.
 */
export function serviceWorkerSource(release: string): string {
  return `'use strict';
const RELEASE = ${JSON.stringify(release)};
const OFFLINE_URL = '/offline.html';
const CACHE = 'portal-offline-' + RELEASE;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' }))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('portal-offline-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// The page asks the waiting worker to take over once the person chose to load the new version.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

// Pages come from the network; only when it is unreachable does the offline page stand in. Calls and files pass by.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    fetch(event.request).catch(() =>
      caches.open(CACHE).then((cache) => cache.match(OFFLINE_URL)).then((page) => page || Response.error()),
    ),
  );
});

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: message.icon,
      badge: message.badge || undefined,
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && event.notification.data.url;
  const target = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      // A window this worker does not control cannot be sent elsewhere: a new one opens instead.
      if (open) return open.focus().then((client) => client.navigate(target)).catch(() => self.clients.openWindow(target));
      return self.clients.openWindow(target);
    }),
  );
});
`;
}
