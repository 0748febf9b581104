// The service worker of the static site. cmd/site writes version (a hash of
// every file of the site, the trees too) and files (their names, the trees
// left out) above. On install it keeps every file in a cache named by the
// version, and it answers the site's requests from that cache, so the page
// works offline after the first visit; a new build of the site (a new
// version, even if only a tree changed) replaces the cache, the trees kept
// in it too.
const prefix = `mastermind ${self.registration.scope} `;
const cacheName = prefix + version;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(cacheName)
    .then((c) => c.addAll(files.map((f) => new Request(f, { cache: "reload" }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(prefix) && k !== cacheName).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// A file of the site is answered from the cache; an optimal tree
// (trees/NAME.json.gz, fetched only when the explorer opens it) is kept in
// the cache once fetched, fetched from the host itself (not from the
// browser's HTTP cache, which may hold the tree of an older build).
self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.open(cacheName).then(async (c) => {
    const hit = await c.match(e.request, { ignoreSearch: true });
    if (hit) return hit;
    if (!new URL(e.request.url).pathname.includes("/trees/")) return fetch(e.request);
    const r = await fetch(e.request.url, { cache: "reload" });
    if (r.ok) await c.put(e.request, r.clone());
    return r;
  }));
});
