/* The player's notification page (tournament/notify): "Notify me" registers the player's
 * service worker, asks the browser's permission (only now, after the tap), subscribes with
 * our VAPID key and sends the subscription to the server. A subscription made with another
 * key (after a rotation) is replaced. */
"use strict";
(function () {
  var box = document.querySelector("[data-notify]");
  if (!box) { return; }
  var button = box.querySelector("[data-notify-me]");
  var stop = box.querySelector("[data-notify-stop]");
  var status = box.querySelector("[data-notify-status]");
  var csrf = (document.querySelector("input[name=csrfmiddlewaretoken]") || {}).value || "";

  function say(text) { status.textContent = text; }

  function keyBytes(base64) {
    var padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { out[i] = raw.charCodeAt(i); }
    return out;
  }

  function sameKey(subscription) {
    var key = subscription.options && subscription.options.applicationServerKey;
    if (!key) { return true; }
    var mine = keyBytes(box.dataset.key), theirs = new Uint8Array(key);
    if (mine.length !== theirs.length) { return false; }
    for (var i = 0; i < mine.length; i++) { if (mine[i] !== theirs[i]) { return false; } }
    return true;
  }

  function registration() {
    return navigator.serviceWorker.register(box.dataset.sw, { scope: box.dataset.scope })
      .then(function () { return navigator.serviceWorker.ready; });
  }

  function send(subscription) {
    return fetch(box.dataset.subscribe, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(subscription)
    }).then(function (response) {
      if (response.ok) { return; }
      return response.json().then(function (answer) { throw new Error(answer.error || response.status); });
    });
  }

  function subscribe(reg) {
    return reg.pushManager.getSubscription().then(function (old) {
      if (old && sameKey(old)) { return old; }
      return (old ? old.unsubscribe() : Promise.resolve()).then(function () {
        return reg.pushManager.subscribe({
          userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.key)
        });
      });
    });
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    button.disabled = true;
    say(box.dataset.textUnsupported);
    return;
  }

  button.addEventListener("click", function () {
    button.disabled = true;
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { throw new Error("denied"); }
      return registration();
    }).then(subscribe).then(send).then(function () {
      say(box.dataset.textOn);
      stop.hidden = false;
    }).catch(function (error) {
      say(error.message === "denied" ? box.dataset.textDenied : box.dataset.textFailed + " " + error.message);
    }).then(function () { button.disabled = false; });
  });

  stop.addEventListener("click", function () {
    registration().then(function (reg) { return reg.pushManager.getSubscription(); })
      .then(function (subscription) {
        if (!subscription) { return; }
        var body = new URLSearchParams({ endpoint: subscription.endpoint });
        return fetch(box.dataset.forget, {
          method: "POST", credentials: "same-origin",
          headers: { "X-CSRFToken": csrf }, body: body
        }).then(function () { return subscription.unsubscribe(); });
      }).then(function () { stop.hidden = true; say(""); });
  });

  if (Notification.permission === "granted") {
    navigator.serviceWorker.getRegistration(box.dataset.scope).then(function (reg) {
      return reg && reg.pushManager.getSubscription();
    }).then(function (subscription) {
      if (subscription && sameKey(subscription)) { stop.hidden = false; }
    });
  }
})();
