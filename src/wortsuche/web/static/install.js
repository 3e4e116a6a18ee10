// Installable and offline: the service worker (served as /sw.js) keeps the game's files and the
// puzzles opened, so a tablet on its home screen plays them without a network.
// A module with an effect, imported by the start and play pages; the offline file needs none of it.

if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // no offline copy: the game still plays online
    });
  });
}
