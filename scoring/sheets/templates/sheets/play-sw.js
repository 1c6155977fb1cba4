{% load i18n %}/*
 * The player's service worker (scoring/sheets/offline.py), served from the event's play page
 * so that its scope is that page and what lies under it: it never sees a staff page.
 *
 * A page of the signed-in player is fetched from the network first; its answer names the
 * player's cache (header X-Player-Cache), and the copy goes there, with the static files the
 * page uses. Without the network the kept copy answers, its "offline" banner shown. Another
 * player's answer names another cache: the old one is deleted before anything is kept. An
 * answer without the header (the sign-in page: nobody signed in) deletes them all, and so does
 * signing out (the page's message "forget", and the answer's Clear-Site-Data). The page's
 * polls (X-Requested-With: live) refresh the kept copy when they bring a new page (not on a
 * 304), and fail offline. No other method than GET is ever answered or kept.
 */
"use strict";
var SCOPE = {{ scope|safe }};
var PREFIX = {{ prefix|safe }};
var NOT_KEPT = "{{ not_kept|escapejs }}";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function ours() {
  return caches.keys().then(function (names) {
    return names.filter(function (name) { return name.indexOf(PREFIX) === 0; });
  });
}

function forgetAll(except) {
  return ours().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== except; })
      .map(function (name) { return caches.delete(name); }));
  });
}

function current() {
  return ours().then(function (names) { return names.length ? names[0] : null; });
}

function isPage(url) {
  return url.pathname === SCOPE;
}

/* Keep the page's answer in its player's cache, or forget every player when it names none. */
function keepPage(request, response) {
  if (!response || response.type !== "basic" || response.redirected || response.status !== 200) {
    return Promise.resolve(response);
  }
  var id = response.headers.get("X-Player-Cache");
  if (!id) { return forgetAll(null).then(function () { return response; }); }
  var name = PREFIX + id;
  var copy = response.clone();
  return forgetAll(name).then(function () {
    return caches.open(name);
  }).then(function (cache) {
    return cache.put(new URL(request.url).pathname, copy);
  }).then(function () { return response; }, function () { return response; });
}

function keepAsset(request, response) {
  if (!response || !response.ok || response.type !== "basic") { return response; }
  var copy = response.clone();
  current().then(function (name) {
    if (name) { caches.open(name).then(function (cache) { cache.put(request, copy); }); }
  });
  return response;
}

function offlinePage(url) {
  return current().then(function (name) {
    if (!name) { return null; }
    return caches.open(name).then(function (cache) {
      return cache.match(url.pathname, { ignoreVary: true, ignoreSearch: true });
    });
  }).then(function (hit) {
    if (!hit) {
      return new Response(NOT_KEPT, {
        status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
      });
    }
    return hit.text().then(function (html) {
      return new Response(html.replace("data-offline-banner hidden", "data-offline-banner data-from-cache"), {
        status: 200, headers: { "Content-Type": hit.headers.get("Content-Type") || "text/html" }
      });
    });
  });
}

function offlineAsset(request) {
  return current().then(function (name) {
    return name ? caches.open(name).then(function (cache) {
      return cache.match(request, { ignoreVary: true });
    }) : null;
  }).then(function (hit) {
    return hit || new Response("", { status: 503 });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (isPage(url)) {
    var poll = request.headers.get("X-Requested-With") === "live";
    event.respondWith(fetch(request).then(function (response) {
      return keepPage(request, response);
    }, function () { return poll ? Response.error() : offlinePage(url); }));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fetch(request).then(function (response) {
      return keepAsset(request, response);
    }, function () { return offlineAsset(request); }));
  }
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var done = null;
  if (data.type === "forget") {
    done = forgetAll(null);
  } else if (data.type === "keep") {
    /* The first page a player opens was fetched before this worker ran: fetch it again. */
    var url = new URL(SCOPE, self.location.origin);
    done = fetch(url.href, { credentials: "same-origin" }).then(function (response) {
      return keepPage(new Request(url.href), response);
    }).catch(function () { /* offline: keep what is kept */ });
  }
  if (done) {
    done = done.then(function () {
      if (event.source) { event.source.postMessage({ type: "kept" }); }
    });
    if (event.waitUntil) { event.waitUntil(done); }
  }
});

/* Notifications (tournament/notify): the payload is our JSON {id, tag, title, body, url}.
 * The tag is the outbox id: a message sent again after a crash replaces the shown one. */
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = { body: event.data.text() }; }
  var title = data.title || "Mahjong";
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "",
    tag: data.tag || undefined,
    renotify: false,
    icon: "{% load static %}{% static 'img/icon-192.png' %}",
    data: { url: data.url || SCOPE }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || SCOPE, self.location.origin);
  if (target.origin !== self.location.origin) { target = new URL(SCOPE, self.location.origin); }
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
    for (var i = 0; i < list.length; i++) {
      if (new URL(list[i].url).pathname === target.pathname && "focus" in list[i]) { return list[i].focus(); }
    }
    return self.clients.openWindow(target.href);
  }));
});
