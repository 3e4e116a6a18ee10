// The service worker: the game installs to a home screen and plays the puzzles opened before
// without a network. Served as /sw.js (pages.py) so that it may answer for the whole site; the
// server writes its version below, and a new version starts a new cache.
//
// The game's files come from the cache first (their links carry the version). Pages, the
// puzzles and their hashes come from the network first and from the cache when it is gone;
// a selection is then checked against the hashes (play.js).
"use strict";

const CACHE = "wortsuche-{{version}}";
const VERSION = "{{version}}";
// The pages link their stylesheet and their entry module with the version; the modules those
// import are asked for by name alone (a new version starts a new cache, so none is stale).
const FILES = [
  ...["style.css", "play.js", "create.js"].map((name) => `/static/${name}?v=${VERSION}`),
  ...[
    "api.js", "celebrate.js", "clues.js", "game.js", "geometry.js", "hashes.js", "install.js",
    "recent.js", "selection.js", "state.js", "texts.js", "topology.js",
  ].map((name) => `/static/${name}`),
];

// The start pages an installed app opens (the manifest's start_url carries the language).
const START_PAGES = ["/", "/?lang=de", "/?lang=en"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll([...FILES, "/static/icon.svg"]).then(() => keepAll(cache, START_PAGES)))
      .then(() => self.skipWaiting()),
  );
});

// The page a visitor has open was loaded before this worker ran, so none of its requests came
// through it: kept now, a puzzle opened once plays offline after a reload.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
      .then(() => self.clients.matchAll({ type: "window", includeUncontrolled: true }))
      .then(async (windows) => keepAll(await caches.open(CACHE), windows.flatMap((w) => pageWithData(w.url)))),
  );
});

// A page's address and the data it loads: a puzzle page also its puzzle and its hashes.
function pageWithData(address) {
  const url = new URL(address);
  if (url.origin !== self.location.origin || !keptForOffline(url)) return [];
  const puzzle = url.pathname.match(/^\/p\/([^/]+)$/);
  if (!puzzle) return [url.pathname + url.search];
  return [url.pathname + url.search, `/api/puzzles/${puzzle[1]}`, `/p/${puzzle[1]}/hashes.json`];
}

// Each address fetched and kept on its own: one that fails (a class page's hashes are not
// public) keeps the others.
function keepAll(cache, addresses) {
  return Promise.all(addresses.map((address) => cache.add(address).catch(() => undefined)));
}

// The pages and data a puzzle needs to play again offline.
function keptForOffline(url) {
  return url.pathname === "/" || url.pathname.startsWith("/p/") || /^\/api\/puzzles\/[^/]+$/.test(url.pathname);
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (error) {
    // ignoreVary: the page asks with its language in Accept-Language, the worker kept it without
    const kept = await cache.match(request, { ignoreSearch: false, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(event.request));
  } else if (keptForOffline(url)) {
    event.respondWith(networkFirst(event.request));
  }
});
