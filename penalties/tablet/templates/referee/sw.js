/*
 * The referee tablet's service worker, served from /sw.js so that its scope is the whole site.
 * Pages under /referee/ and the static files are fetched from the network first and kept in a
 * cache; when the network is gone, the kept copy answers. The "My tables" page asks it to keep
 * the referee's own tables, their foul forms and result pages ahead of time, so that they open
 * offline. Saving still goes through the offline queue (static/js/offline-queue.js): this
 * worker never answers a POST.
 */
"use strict";
var CACHE = "mahjong-referee-v1";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function keep(request, response) {
  if (!response || !response.ok || response.redirected || response.type !== "basic") {
    return response;
  }
  var copy = response.clone();
  caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  return response;
}

function cacheUrls(urls) {
  return caches.open(CACHE).then(function (cache) {
    return urls.reduce(function (chain, url) {
      return chain.then(function () {
        return fetch(url, { credentials: "same-origin" }).then(function (response) {
          if (response.ok && !response.redirected) { return cache.put(url, response); }
        }).catch(function () { /* offline already: keep what is cached */ });
      });
    }, Promise.resolve());
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "cache-urls" && Array.isArray(data.urls)) {
    var done = cacheUrls(data.urls.slice(0, 400)).then(function () {
      if (event.source) { event.source.postMessage({ type: "cached", count: data.urls.length }); }
    });
    if (event.waitUntil) { event.waitUntil(done); }
  }
  if (data.type === "forget") {
    caches.delete(CACHE);
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/referee/") !== 0 && url.pathname.indexOf("/static/") !== 0) {
    return;
  }
  event.respondWith(
    fetch(request).then(function (response) { return keep(request, response); }, function () {
      return caches.match(request, { ignoreVary: true }).then(function (hit) {
        return hit || caches.match(url.pathname, { ignoreVary: true, ignoreSearch: true });
      }).then(function (hit) {
        return hit || new Response("Offline, and this page was not kept on this tablet.", {
          status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
        });
      });
    })
  );
});
