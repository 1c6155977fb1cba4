/*
 * Live parts of public pages. An element with data-live="<url>" is refreshed every few seconds
 * with a conditional request (If-None-Match): an unchanged page costs a 304 and no rendering.
 * With data-live-select="<css>" only that part of the fetched page replaces the same part here.
 * An input[data-seat-filter] filters the seating tables as the player types.
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
      .catch(function () { /* offline for a moment: try again at the next tick */ });
  }

  function filterSeats(input) {
    var needle = input.value.trim().toLowerCase();
    document.querySelectorAll("[data-table]").forEach(function (table) {
      var hit = !needle || Array.prototype.some.call(
        table.querySelectorAll("[data-name]"),
        function (li) { return li.getAttribute("data-name").indexOf(needle) !== -1; }
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
