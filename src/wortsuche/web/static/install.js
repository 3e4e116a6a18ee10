// Installable and offline: the service worker (served as /sw.js) keeps the game's files and the
// puzzles opened, so a tablet on its home screen plays them without a network.
// A plain script; the offline file needs none of it.
"use strict";

if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // no offline copy: the game still plays online
    });
  });
}
