/*
 * Live parts of public pages. An element with data-live="<url>" is refreshed every few seconds
 * with a conditional request (If-None-Match): an unchanged page costs a 304 and no rendering.
 * With data-live-select="<css>" only that part of the fetched page replaces the same part here.
 * An input[data-seat-filter] searches the seating as the player types (the server answers:
 * any case, with or without accents, by the start of the name's words).
 */
(function () {
  "use strict";
  var INTERVAL_MS = 5000;

  function refresh(el) {
    var url = el.getAttribute("data-live");
    var select = el.getAttribute("data-live-select");
    var headers = { "X-Requested-With": "live" };
    var etag = el.getAttribute("data-etag");
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        // Other scripts of the page follow this heartbeat instead of polling on their own
        // (static/js/play.js refreshes the sheet when the live part changed).
        el.dispatchEvent(new CustomEvent("live:answered", {
          bubbles: true, detail: { changed: response.ok && response.status !== 304 }
        }));
        if (response.status === 304 || !response.ok) { return; }
        var newTag = response.headers.get("ETag");
        if (newTag) { el.setAttribute("data-etag", newTag); }
        return response.text().then(function (html) {
          if (!select) { el.innerHTML = html; return; }
          var doc = new DOMParser().parseFromString(html, "text/html");
          var source = doc.querySelector(select);
          var target = el.matches(select) ? el : el.querySelector(select);
          if (source && target && source.innerHTML !== target.innerHTML) {
            target.innerHTML = source.innerHTML;
          }
        });
      })
      .catch(function () {
        // Offline for a moment: try again at the next tick.
        el.dispatchEvent(new CustomEvent("live:failed", { bubbles: true }));
      });
  }

  // The round clock counts down on the phone, from what was left when the part was answered:
  // the part's tag moves with the clock's end, not with every minute, so a minute passing
  // costs no request (and never sends the whole hall's phones to the server at once).
  function hms(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return (h ? h + ":" + ("0" + m).slice(-2) : String(m)) + ":" + ("0" + s).slice(-2);
  }

  function tick() {
    // A copy kept for offline use counts to the clock's end by the phone's own time.
    var kept = document.querySelector("[data-from-cache]");
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      if (!el.countingSince) { el.countingSince = Date.now(); }
      var left = kept ? (parseInt(el.getAttribute("data-ends"), 10) - Date.now()) / 1000
        : parseInt(el.getAttribute("data-remaining"), 10) - (Date.now() - el.countingSince) / 1000;
      var clock = el.closest("[data-state]");
      if (left <= 0) {
        el.textContent = el.getAttribute("data-time-up");
        if (clock) { clock.setAttribute("data-state", "time"); }
        return;
      }
      el.textContent = el.getAttribute("data-ticking").replace("{LEFT}", hms(left));
      if (clock) { clock.setAttribute("data-state", left <= 600 ? "last_minutes" : "running"); }
    });
  }

  // The search itself is the server's (tournament.collation, one rule for every search): as
  // the player types, the page is asked again with ?q= and its results replace these. Offline,
  // the "Find" button still submits the form.
  var asked = 0;
  function filterSeats(input) {
    var mine = ++asked;
    var url = new URL(input.form.action || window.location.href, window.location.href);
    url.search = new URLSearchParams({ q: input.value.trim() }).toString();
    fetch(url, { headers: { "X-Requested-With": "seat-filter" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || mine !== asked) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var source = doc.querySelector("[data-seat-results]");
        var target = document.querySelector("[data-seat-results]");
        if (source && target) { target.innerHTML = source.innerHTML; }
        window.history.replaceState(null, "", input.value.trim() ? url : window.location.pathname);
      })
      .catch(function () { /* offline for a moment: the form still works */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (document.querySelector("[data-countdown]")) { setInterval(tick, 1000); }
    var live = document.querySelectorAll("[data-live]");
    if (live.length) {
      setInterval(function () {
        if (document.hidden) { return; }
        live.forEach(refresh);
      }, INTERVAL_MS);
    }
    document.querySelectorAll("input[data-seat-filter]").forEach(function (input) {
      var timer = null;
      input.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { filterSeats(input); }, 200);
      });
    });
  });
})();
