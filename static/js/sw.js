/* referee's service worker: static files from the cache; pages from the network, and when the
   network (or the server) is gone, the last copy of a match page this phone saw (marked as
   offline by the page itself), else the offline page. Entries made meanwhile wait on the phone
   (table.js) and are sent when the referee can be reached. */
const CACHE = "referee-static"; // named for the files it keeps when served (referee/web/service_worker.py)
const PAGES = "referee-pages-v1";
const OFFLINE = "/offline";
const STATIC = [
  OFFLINE,
  "/static/css/referee.css",
  "/static/vendor/htmx/htmx.min.js",
  "/static/js/app.js",
  "/static/js/table.js",
  "/static/icons/icon-192.png",
  "/static/manifest.webmanifest",
];
const MATCH_PAGE = /^\/m\/[A-Za-z0-9_-]{1,16}$/;
const KEEP_PAGES = 20;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(STATIC)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && key !== PAGES).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function keepPage(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(request, response);
  const kept = await cache.keys();
  await Promise.all(kept.slice(0, Math.max(0, kept.length - KEEP_PAGES)).map((old) => cache.delete(old)));
}

async function page(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && MATCH_PAGE.test(url.pathname)) keepPage(url.pathname, response.clone());
    return response;
  } catch (_e) {
    const kept = MATCH_PAGE.test(url.pathname) && (await caches.match(url.pathname, { cacheName: PAGES }));
    return kept || caches.match(OFFLINE);
  }
}

async function asset(request) {
  const hit = await caches.match(request, { cacheName: CACHE });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith("/static/")) event.respondWith(asset(request));
});
