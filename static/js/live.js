/*
 * Live parts of public pages. An element with data-live="<url>" is refreshed every few seconds
 * with a conditional request (If-None-Match): an unchanged page costs a 304 and no rendering.
 * With data-live-select="<css>" only that part of the fetched page replaces the same part here.
 * An input[data-seat-filter] filters the seating tables (and the byes) as the player types:
 * any case, with or without accents, by the start of the name's words.
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

  // As scoring.public.search_key: no accents, case-folded, single spaces.
  var PLAIN = { "ł": "l", "đ": "d", "ø": "o", "ħ": "h", "ı": "i", "æ": "ae", "ß": "ss" };
  function searchKey(text) {
    return text.toLowerCase().replace(/[łđøħıæß]/g, function (c) { return PLAIN[c]; })
      .normalize("NFKD").replace(/[\u0300-\u036f]/g, "").trim().split(/\s+/).join(" ");
  }

  // Every word typed starts a word of the name, or the whole name starts with what was typed.
  function nameMatches(needle, name) {
    if (name.indexOf(needle) === 0) { return true; }
    var words = name.split(" ");
    return needle.split(" ").every(function (part) {
      return words.some(function (word) { return word.indexOf(part) === 0; });
    });
  }

  function filterSeats(input) {
    var needle = searchKey(input.value);
    document.querySelectorAll("[data-table]").forEach(function (table) {
      var hit = !needle || Array.prototype.some.call(
        table.querySelectorAll("[data-name]"),
        function (li) { return nameMatches(needle, li.getAttribute("data-name")); }
      );
      table.hidden = !hit;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var live = document.querySelectorAll("[data-live]");
    if (live.length) {
      setInterval(function () {
        if (document.hidden) { return; }
        live.forEach(refresh);
      }, INTERVAL_MS);
    }
    document.querySelectorAll("input[data-seat-filter]").forEach(function (input) {
      input.addEventListener("input", function () { filterSeats(input); });
      filterSeats(input);
    });
  });
})();
