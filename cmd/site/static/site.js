// The static site's own script: the service worker (sw.js) keeps every file
// of the site, so that the page works offline after the first visit.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch((e) => console.warn(`The page will not work offline: ${e.message}`));
}
