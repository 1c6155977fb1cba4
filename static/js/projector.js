/*
 * The hall screen: standings paged automatically, the round clock, when the next round starts
 * and announcements.
 * The feed is fetched every 10 s; the clock ticks every second against the server's time.
 */
(function () {
  "use strict";
  var root, feed = null, page = 0, offsetMs = 0;

  function t(key) { return root.getAttribute("data-i18n-" + key) || key; }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  /* How many standings rows of the rendered table are whole inside the box (a group's
     heading row takes room but is not a standings row). */
  function rowsThatFit(box, table) {
    var bottom = box.getBoundingClientRect().bottom + 0.5;
    var rows = table.tBodies[0] ? table.tBodies[0].rows : [];
    var whole = 0;
    for (var i = 0; i < rows.length; i += 1) {
      if (rows[i].getBoundingClientRect().bottom > bottom) { return whole; }
      if (!rows[i].classList.contains("group")) { whole += 1; }
    }
    return whole;
  }

  var fitted = null;  /* rows per page once measured: the screen, not the setting, decides */

  function renderStandings() {
    var box = root.querySelector("[data-standings]");
    var info = root.querySelector("[data-page-info]");
    if (!feed) { return; }
    var size = fitted || parseInt(root.getAttribute("data-page-size"), 10);
    var pages = Math.max(1, Math.ceil(feed.rows.length / size));
    page = page % pages;
    var table = el("table");
    var head = el("tr");
    ["place", "player"].concat(feed.columns).forEach(function (c) { head.appendChild(el("th", null, t(c))); });
    var thead = el("thead"); thead.appendChild(head); table.appendChild(thead);
    var body = el("tbody");
    var rows = feed.rows.slice(page * size, page * size + size);
    rows.forEach(function (row, i) {
      /* After a cut the feed is the current ranking, group after group: a heading row opens
         each group, and the first row of a page repeats its group's heading. */
      var heading = row.heading || (i === 0 && row.group ? headingOf(page * size) : "");
      if (heading) {
        var th = el("th", null, heading);
        th.colSpan = 2 + feed.columns.length;
        var htr = el("tr", "group"); htr.appendChild(th); body.appendChild(htr);
      }
      var tr = el("tr", (row.dropped ? "dropped" : "") + (row.group === "cut" ? " cut" : ""));
      tr.appendChild(el("td", "num", String(row.place)));
      tr.appendChild(el("td", null, row.name + (row.dropped ? " (" + t("dropped") + ")" : "")));
      feed.columns.forEach(function (c) { tr.appendChild(el("td", "num", row[c])); });
      body.appendChild(tr);
    });
    table.appendChild(body);
    box.replaceChildren(table);
    var whole = rowsThatFit(box, table);
    if (whole < rows.length && whole > 0 && whole !== fitted) {
      page = Math.floor(page * size / whole);
      fitted = whole;
      renderStandings();
      return;
    }
    info.textContent = t("page") + " " + (page + 1) + " / " + pages +
      (feed.updating ? " · " + t("updating") : "");
    root.setAttribute("data-page", String(page + 1));
  }

  /* The heading of the group the feed's row ``index`` belongs to. */
  function headingOf(index) {
    for (var i = index; i >= 0; i -= 1) {
      if (feed.rows[i].heading) { return feed.rows[i].heading; }
    }
    return "";
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }
  function hms(seconds) {
    seconds = Math.max(0, Math.round(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(s);
  }

  function renderClock() {
    var box = root.querySelector("[data-clock]");
    if (!feed || !feed.clock || !feed.clock.ends_at) { box.textContent = ""; box.className = "clock"; return; }
    var now = Date.now() + offsetMs;
    var ends = Date.parse(feed.clock.ends_at);
    var starts = feed.clock.starts_at ? Date.parse(feed.clock.starts_at) : null;
    var state, text;
    if (feed.clock.state === "paused") { state = "paused"; text = hms(feed.clock.remaining_seconds); }
    else if (starts && now < starts) { state = "not_started"; text = hms((starts - now) / 1000); }
    else if (now >= ends) { state = "time"; text = ""; }
    else if (ends - now <= 600000) { state = "last_minutes"; text = hms((ends - now) / 1000); }
    else { state = "running"; text = hms((ends - now) / 1000); }
    box.className = "clock " + state;
    box.setAttribute("data-state", state);
    box.replaceChildren(
      el("span", "round", t("round") + " " + feed.clock.round),
      el("span", "label", t(state)),
      el("span", "time", text)
    );
    /* Each extended table with its own end, counting down to it; then the round's end, which
       waits for the last table (worded by the server, in the event's time zone). */
    (feed.clock.extra || []).forEach(function (extra) {
      var left = (Date.parse(extra.ends_at) - now) / 1000;
      var line = el("span", "extra", extra.text + (left > 0 ? " · " + hms(left) : ""));
      line.setAttribute("data-table", String(extra.table));
      box.appendChild(line);
    });
    if (feed.clock.round_ends_text && (feed.clock.extra || []).length) {
      box.appendChild(el("span", "round-ends", feed.clock.round_ends_text));
    }
  }

  /* When the next round starts ("Round 2 starts at 14:30."), worded by the server. */
  function renderNext() {
    root.querySelector("[data-next-round]").textContent = feed.next ? feed.next.text : "";
  }

  function renderAnnouncements() {
    var box = root.querySelector("[data-announcements]");
    box.replaceChildren.apply(box, (feed.announcements || []).map(function (text) { return el("p", null, text); }));
  }

  function load() {
    return fetch(root.getAttribute("data-projector"), { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) { return; }
        feed = data;
        offsetMs = Date.parse(data.server_time) - Date.now();
        renderStandings(); renderClock(); renderNext(); renderAnnouncements();
      })
      .catch(function () { /* keep showing the last feed */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    root = document.querySelector("[data-projector]");
    /* The live tables and announcements come and go, and take room from the standings: count
       again the rows that fit whenever the standings' box changes size. */
    if (window.ResizeObserver) {
      new ResizeObserver(function () {
        if (feed) { fitted = null; renderStandings(); }
      }).observe(root.querySelector("[data-standings]"));
    }
    load();
    setInterval(load, 10000);
    setInterval(renderClock, 1000);
    setInterval(function () { page += 1; renderStandings(); },
                parseInt(root.getAttribute("data-page-seconds"), 10) * 1000);
  });
})();
