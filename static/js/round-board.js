/*
 * The director's round board refreshes itself: it polls the board's JSON feed and updates
 * each table's tile (result state, fouls, extra time), the list of tables without a counting
 * result and the clock, which ticks every second between polls.
 */
(function () {
  "use strict";
  var POLL_MS = 5000;

  function hms(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return (h ? h + ":" + ("0" + m).slice(-2) : String(m)) + ":" + ("0" + s).slice(-2);
  }

  function wire(board) {
    var clockBox = board.querySelector("[data-board-clock]");
    var state = clockBox.getAttribute("data-state");
    var remaining = parseInt(clockBox.getAttribute("data-remaining"), 10) || 0;
    var fetchedAt = Date.now();

    function showClock() {
      if (state === "not_scheduled") { clockBox.textContent = ""; return; }
      var left = remaining;
      if (state === "running" || state === "last_minutes") {
        left = remaining - (Date.now() - fetchedAt) / 1000;
      }
      var text = hms(left);
      if (state === "paused") { text += " (" + board.getAttribute("data-paused-text") + ")"; }
      clockBox.textContent = text;
      clockBox.setAttribute("data-state", state);
    }

    function update(feed) {
      state = feed.clock.state;
      remaining = feed.clock.remaining_seconds;
      fetchedAt = Date.now();
      showClock();
      var status = board.querySelector("[data-round-status]");
      if (status) { status.textContent = feed.status_label; }
      feed.tables.forEach(function (t) {
        var tile = board.querySelector("[data-table='" + t.number + "']");
        if (!tile) { return; }
        tile.setAttribute("data-state", t.state);
        var label = tile.querySelector("[data-tile-state]");
        if (label) { label.textContent = t.state_label + (t.version > 1 ? " (v" + t.version + ")" : ""); }
        var fouls = tile.querySelector("[data-tile-fouls]");
        if (fouls) { fouls.textContent = t.fouls_label; }
        var extra = tile.querySelector("[data-tile-extra]");
        if (extra) { extra.textContent = t.extra_minutes ? "+" + t.extra_minutes + " min" : ""; }
      });
      board.setAttribute("data-missing", feed.missing.join(","));
      // Open disputes and referee calls: the count, and a reload link once they changed.
      var floor = board.querySelector("[data-floor-count]");
      if (floor && feed.floor) {
        var keys = feed.floor.map(function (f) {
          return f.kind + f.id + ",";
        }).join("");
        floor.textContent = feed.floor.length;
        var reload = board.querySelector("[data-floor-reload]");
        if (reload) { reload.hidden = keys === floor.getAttribute("data-floor-keys"); }
      }
    }

    function poll() {
      fetch(board.getAttribute("data-feed"), {
        credentials: "same-origin", headers: { "Accept": "application/json" }
      }).then(function (r) { return r.ok ? r.json() : null; })
        .then(function (feed) { if (feed) { update(feed); } })
        .catch(function () { /* the next poll tries again */ });
    }

    showClock();
    setInterval(showClock, 1000);
    setInterval(poll, POLL_MS);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-board]").forEach(wire);
  });
})();
