// The static site's own script: the service worker (sw.js) keeps every file
// of the site, so that the page works offline after the first visit. It is
// registered once the engine has answered the page's first requests and is
// idle (api.js says so), so that its download of the site does not slow the
// first guess.
if ("serviceWorker" in navigator) {
  window.addEventListener("mastermind-engine", () => {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn(`The page will not work offline: ${e.message}`));
  }, { once: true });
}
