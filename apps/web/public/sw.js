// Riposte's service worker: device notifications (Web Push) and an offline shell for the
// installed app. Plain JavaScript served as /sw.js so its scope is the whole site.
//
// A push carries the notification as JSON (core/push/message.ts: title, body, url, tag); a tap
// opens its url: X's composer pre-filled for a reply that is ready, the reply history for one
// that failed. Pages are fetched from the network first; only when that fails (offline) is the
// last shell served, so a deploy is never hidden behind a stale cache.
const SHELL_CACHE = 'riposte-shell-v1';
const SHELL = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(SHELL_CACHE).then((cache) => cache.put('/', copy));
        }
        return response;
      })
      .catch(() => caches.match('/').then((cached) => cached || Response.error())),
  );
});

/** The notification a push asks for; a push that is not ours still shows something honest. */
const notificationOf = (data) => {
  let message = null;
  try {
    message = data ? data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') {
    return { title: 'Riposte', options: { body: 'Something changed in your replies.', data: { url: '/ready-to-send' }, icon: '/icons/icon-192.png' } };
  }
  return {
    title: message.title,
    options: {
      body: message.body,
      tag: message.tag,
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url, replyId: message.replyId, kind: message.kind },
    },
  };
};

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/ready-to-send';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const target = new URL(url, self.location.origin).href;
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    }),
  );
});
