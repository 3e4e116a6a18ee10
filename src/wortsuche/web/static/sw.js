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
const FILES = [
  "style.css", "texts.js", "api.js", "geometry.js", "game.js", "celebrate.js", "hashes.js",
  "play.js", "install.js", "create.js",
].map((name) => `/static/${name}?v=${VERSION}`);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll([...FILES, "/static/icon.svg"])).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

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
    const kept = await cache.match(request, { ignoreSearch: false });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const kept = await caches.match(request);
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
