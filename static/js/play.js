// The signed-in player's page (/e/<event>/play/): registers the player's service worker, which
// keeps this page readable offline (scoring/sheets/templates/sheets/play-sw.js); polls the page
// with If-None-Match (an unchanged sheet costs a 304) and refreshes the parts marked
// data-play-live; shows the "offline" banner while the network is gone; and on sign-out deletes
// what the worker kept (the answer's Clear-Site-Data clears the rest).
(function () {
  "use strict";
  var INTERVAL_MS = 5000;
  var PREFIX = "mahjong-play-";
  var banner = document.querySelector("[data-offline-banner]");
  if (!banner) { return; }
  var etag = null;

  function forget() {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "forget" });
    }
    if (!window.caches) { return Promise.resolve(); }
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name.indexOf(PREFIX) === 0; })
        .map(function (name) { return caches.delete(name); }));
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) ||
        !form.hasAttribute("data-player-sign-out")) { return; }
    forget();
  });

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(banner.getAttribute("data-play-sw"), {
      scope: banner.getAttribute("data-play-scope")
    }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (registration.active && !banner.hasAttribute("data-from-cache")) {
        registration.active.postMessage({ type: "keep" });
      }
    }).catch(function () { /* no worker: the page works online only */ });
  }

  function clock() {
    var now = new Date();
    return ("0" + now.getHours()).slice(-2) + ":" + ("0" + now.getMinutes()).slice(-2);
  }

  function showOffline(offline) {
    banner.hidden = !offline;
  }

  function refresh() {
    if (document.hidden) { return; }
    var headers = { "X-Requested-With": "sheet" };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(window.location.pathname, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (banner.hasAttribute("data-from-cache")) { window.location.reload(); return; }
        showOffline(false);
        var updated = banner.querySelector("[data-updated]");
        if (response.status === 304) {
          if (updated) { updated.textContent = clock(); }
          return;
        }
        if (!response.ok || !response.headers.get("X-Player-Cache")) {
          return;
        }
        etag = response.headers.get("ETag");
        return response.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var parts = document.querySelectorAll("[data-play-live]");
          var fresh = doc.querySelectorAll("[data-play-live]");
          if (parts.length !== fresh.length) { window.location.reload(); return; }
          parts.forEach(function (part, i) {
            if (part.innerHTML !== fresh[i].innerHTML) { part.innerHTML = fresh[i].innerHTML; }
          });
          var stamp = doc.querySelector("[data-updated]");
          if (updated && stamp) { updated.textContent = stamp.textContent; }
        });
      })
      .catch(function () { showOffline(true); });
  }

  if (!navigator.onLine) { showOffline(true); }
  window.addEventListener("offline", function () { showOffline(true); });
  window.addEventListener("online", refresh);
  if (document.querySelector("[data-live]")) {
    // The player's live part (static/js/live.js) already asks every few seconds, and its tag
    // moves with every write to this table: one request per tick, and the sheet is fetched
    // only when something moved.
    document.addEventListener("live:answered", function (event) {
      if (banner.hasAttribute("data-from-cache")) { window.location.reload(); return; }
      showOffline(false);
      if (event.detail && event.detail.changed) { refresh(); }
    });
    document.addEventListener("live:failed", function () { showOffline(true); });
  } else {
    setInterval(refresh, INTERVAL_MS);
  }
})();
