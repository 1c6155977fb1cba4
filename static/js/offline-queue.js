/*
 * The referee's offline queue. A foul form marked data-offline-form is sent with fetch; the
 * report is first written to localStorage under its idempotency key, and removed only once the
 * server has answered for it (stored, or refused with a reason). Network failures, server
 * errors and an expired login keep it queued; it is resent on load, when the browser comes back
 * online and every few seconds. The server stores each idempotency key once, so a resend after
 * a lost answer cannot double a report. Without JavaScript the form posts normally.
 *
 * The key belongs to the form's content: the page's key is used for the first save, and a
 * save of the same content at the same address within KEY_MEMORY_MS (a second tap, a resend,
 * Back and Save again) reuses the key it got then, so the server stores it once. Different
 * content gets a fresh key. (Two truly identical reports within that time need a note that
 * tells them apart.) Forms that need the server's refusal shown (a 403 after the round closed,
 * a stale result version) get it on the form, and queued items in the queue's notice.
 */
(function () {
  "use strict";
  var QUEUE = "mahjong.foulQueue.v1";
  var REJECTED = "mahjong.foulRejected.v1";
  var KEYS = "mahjong.formKeys.v1";
  var KEY_MEMORY_MS = 30 * 60 * 1000;
  var RETRY_MS = 5000;
  var sending = false;

  function load(name) {
    try { return JSON.parse(localStorage.getItem(name) || "[]"); } catch (e) { return []; }
  }
  function save(name, items) { localStorage.setItem(name, JSON.stringify(items)); }
  function queue() { return load(QUEUE); }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  /* The form's content without what changes from one page load to the next. */
  function content(data) {
    var pairs = [];
    data.forEach(function (value, name) {
      if (name === "idempotency_key" || name === "csrfmiddlewaretoken" || name === "action") {
        return;
      }
      pairs.push([name, String(value)]);
    });
    pairs.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; });
    return JSON.stringify(pairs);
  }

  /* The key for this content at this address: the one used before for the same content, else
     the page's key unless it already went out with other content, else a fresh one. */
  function keyFor(url, text, pageKey) {
    var now = Date.now();
    var known = load(KEYS);
    var same = known.filter(function (k) {
      return k.url === url && k.content === text && now - k.at < KEY_MEMORY_MS;
    })[0];
    var key = same ? same.key : pageKey;
    /* A page kept for offline use holds the key it was served with: once that key went out
       with some content, other content needs its own. */
    if (!same && known.some(function (k) { return k.key === key; })) { key = newKey(); }
    known = known.filter(function (k) { return k.key !== key; });
    known.push({ url: url, content: text, key: key, at: now });
    save(KEYS, known.slice(-200));
    return key;
  }

  /* Keep the referee's tables and forms on the tablet (templates/referee/sw.js). */
  function registerWorker() {
    if (!("serviceWorker" in navigator)) { return; }
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var holder = document.querySelector("[data-offline-urls]");
      var urls = holder ? holder.getAttribute("data-offline-urls").split(" ").filter(Boolean) : [];
      if (urls.length && registration.active) {
        registration.active.postMessage({ type: "cache-urls", urls: urls });
      }
    }).catch(function () { /* no worker: pages open online only */ });
  }

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function enqueue(item) {
    var items = queue().filter(function (q) { return q.key !== item.key; });
    items.push(item);
    save(QUEUE, items);
    render();
  }
  function dequeue(key) {
    save(QUEUE, queue().filter(function (q) { return q.key !== key; }));
    render();
  }

  var needsLogin = false;
  function render() {
    var count = queue().length;
    document.querySelectorAll("[data-queue-badge]").forEach(function (badge) {
      badge.hidden = count === 0;
      var n = badge.querySelector("[data-queue-count]");
      if (n) { n.textContent = String(count); }
      var login = badge.querySelector("[data-queue-login]");
      if (login) { login.hidden = !needsLogin; }
    });
    var rejected = load(REJECTED);
    var box = document.querySelector("[data-queue-rejected]");
    if (rejected.length && !box) {
      box = document.createElement("div");
      box.setAttribute("data-queue-rejected", "");
      box.className = "errors";
      box.setAttribute("role", "alert");
      var main = document.querySelector("main");
      if (main) { main.insertBefore(box, main.firstChild); }
    }
    if (box) {
      box.textContent = rejected.map(function (r) { return r.message; }).join(" · ");
      box.hidden = rejected.length === 0;
    }
  }

  function post(item) {
    var body = new URLSearchParams(item.body);
    body.set("csrfmiddlewaretoken", csrfToken());
    return fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: "manual",
      headers: { "Accept": "application/json", "X-CSRFToken": csrfToken() }
    });
  }

  function errorText(payload, status) {
    var errors = (payload && payload.errors) || {};
    var text = Object.keys(errors).map(function (field) {
      return errors[field].map(function (e) { return e.message; }).join(" ");
    }).join(" ");
    if (!text && payload && payload.detail) { text = payload.detail; }
    if (!text) {
      /* The page's words (referee/_queue.html, on every page that loads this script). */
      var holder = document.querySelector("[data-refused-text]");
      text = [holder ? holder.getAttribute("data-refused-text") : "",
              status ? "(HTTP " + status + ")" : ""].join(" ").trim();
    }
    return text;
  }

  /* Send one queued item. Resolves to "sent", "refused" (with payload) or "kept". */
  function send(item) {
    return post(item).then(function (response) {
      if (response.type === "opaqueredirect" || response.status === 0) {
        needsLogin = true;
        return { state: "kept" };
      }
      needsLogin = false;
      if (response.status === 200 || response.status === 201) {
        return response.json().then(function (payload) {
          dequeue(item.key);
          return { state: "sent", payload: payload };
        });
      }
      if (response.status >= 400 && response.status < 500 && response.status !== 408 &&
          response.status !== 429) {
        return response.json().catch(function () { return {}; }).then(function (payload) {
          dequeue(item.key);
          return { state: "refused", payload: payload, status: response.status };
        });
      }
      return { state: "kept" };
    }, function () { return { state: "kept" }; });
  }

  function flush() {
    if (sending) { return Promise.resolve(); }
    var items = queue();
    if (!items.length) { render(); return Promise.resolve(); }
    sending = true;
    var chain = Promise.resolve();
    items.forEach(function (item) {
      chain = chain.then(function () {
        return send(item).then(function (result) {
          if (result.state === "refused") {
            var rejected = load(REJECTED);
            rejected.push({
              key: item.key,
              message: item.label + ": " + errorText(result.payload, result.status)
            });
            save(REJECTED, rejected.slice(-10));
          }
        });
      });
    });
    return chain.then(function () { sending = false; render(); },
                      function () { sending = false; render(); });
  }

  /* A stale result version: what is stored now beside what was typed here (not stored). */
  function showConflict(form, conflict) {
    var old = document.querySelector("[data-conflict]");
    if (old) { old.remove(); }
    if (!conflict) { return; }
    var box = document.createElement("section");
    box.className = "conflict";
    box.setAttribute("data-conflict", "");
    var table = document.createElement("table");
    table.className = "list side-by-side";
    var head = table.insertRow();
    ["", form.getAttribute("data-yours-text") || "", "v" + conflict.version].forEach(function (t) {
      var th = document.createElement("th");
      th.textContent = t;
      head.appendChild(th);
    });
    conflict.rows.forEach(function (row) {
      var tr = table.insertRow();
      [row.wind + " · " + row.name, row.yours, row.theirs].forEach(function (t) {
        tr.insertCell().textContent = t;
      });
    });
    box.appendChild(table);
    form.parentNode.insertBefore(box, form);
    var base = form.querySelector("input[name=based_on_version]");
    if (base) { base.value = String(conflict.version); }
  }

  function showErrors(form, payload, status) {
    form.querySelectorAll(".js-error").forEach(function (el) { el.remove(); });
    showConflict(form, payload && payload.conflict);
    var errors = (payload && payload.errors) || {};
    if (!Object.keys(errors).length) {
      errors = { __all__: [{ message: errorText(payload, status) }] };
    }
    Object.keys(errors).forEach(function (field) {
      var text = errors[field].map(function (e) { return e.message; }).join(" ");
      var holder = form.querySelector("#field-" + field) || form;
      var div = document.createElement("div");
      div.className = "errors js-error";
      div.setAttribute("role", "alert");
      div.textContent = text;
      holder.appendChild(div);
    });
  }

  function setStatus(form, text) {
    var box = form.querySelector("[data-preview]");
    if (box) { box.textContent = text; }
  }

  function wireForm(form) {
    var saveButton = form.querySelector("[data-save]");
    var keyInput = form.querySelector("input[name=idempotency_key]");
    var label = (document.querySelector("h1") || {}).textContent || "";
    var previewTimer = null;

    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.value === "preview") { return; }  /* normal post */
      event.preventDefault();
      if (saveButton.disabled) { return; }  /* a double tap */
      saveButton.disabled = true;
      var data = new FormData(form);
      if (!data.get("action")) { data.set("action", "save"); }
      var url = form.getAttribute("action") || window.location.pathname;
      keyInput.value = keyFor(url, content(data), keyInput.value);
      data.set("idempotency_key", keyInput.value);
      var item = {
        key: keyInput.value,
        url: url,
        body: new URLSearchParams(data).toString(),
        label: label.trim(),
        queuedAt: new Date().toISOString()
      };
      enqueue(item);  /* before sending: a closed tab or lost answer loses nothing */
      send(item).then(function (result) {
        if (result.state === "sent") {
          var receipt = result.payload.receipt;
          if (result.payload.created === false) {
            /* The same content was saved before (same key): say so on the receipt. */
            receipt += (receipt.indexOf("?") < 0 ? "?" : "&") + "replayed=1";
          }
          window.location.assign(receipt);
          return;
        }
        if (result.state === "refused") {
          saveButton.disabled = false;
          showErrors(form, result.payload, result.status);
          return;
        }
        /* Kept for later. A foul form (data-fresh-after-queue) starts afresh for the next
           report (a form still filled would invite saving the same report twice); Save waits
           for the first change, so an impatient second tap queues nothing. Other forms (a
           result) keep what they hold. */
        setStatus(form, form.getAttribute("data-queued-text") || "");
        if (!form.hasAttribute("data-fresh-after-queue")) {
          saveButton.disabled = false;
        } else {
          form.reset();
          var again = function () {
            saveButton.disabled = false;
            form.removeEventListener("input", again);
            form.removeEventListener("change", again);
          };
          form.addEventListener("input", again);
          form.addEventListener("change", again);
        }
        render();
      });
    });

    form.addEventListener("change", function () {
      if (!navigator.onLine || !form.hasAttribute("data-preview-prefix")) { return; }
      clearTimeout(previewTimer);
      previewTimer = setTimeout(function () {
        var data = new FormData(form);
        data.set("action", "preview");
        fetch(form.getAttribute("action") || window.location.pathname, {
          method: "POST", body: data, credentials: "same-origin", redirect: "manual",
          headers: { "Accept": "application/json", "X-CSRFToken": csrfToken() }
        }).then(function (response) {
          return response.json().then(function (payload) {
            if (payload.preview) {
              form.querySelectorAll(".js-error").forEach(function (el) { el.remove(); });
              setStatus(form, (form.getAttribute("data-preview-prefix") || "") + payload.preview);
            }
          });
        }).catch(function () { /* the preview is a convenience; offline it stays empty */ });
      }, 250);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-offline-form]").forEach(wireForm);
    registerWorker();
    render();
    flush();
    window.addEventListener("online", flush);
    setInterval(flush, RETRY_MS);
  });
})();
