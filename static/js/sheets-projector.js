// Projector: the running score of each table from its sheet during a live round, read from
// the projector feed that projector.js polls too (a second light request every 15 s).
(function () {
  "use strict";
  var main = document.querySelector("[data-projector]");
  var box = document.querySelector("[data-live-tables]");
  if (!main || !box || !window.fetch) return;
  function text(tag, value) { var el = document.createElement(tag); el.textContent = value; return el; }
  function render(tables) {
    box.hidden = !tables.length;
    var list = box.querySelector("ol");
    list.textContent = "";
    tables.forEach(function (t) {
      var li = document.createElement("li");
      li.appendChild(text("strong", box.getAttribute("data-i18n-table") + " " + t.table + ": "));
      t.names.forEach(function (name, i) {
        li.appendChild(text("span", name + " " + t.totals[i] + (i < 3 ? " · " : "")));
      });
      list.appendChild(li);
    });
  }
  function poll() {
    fetch(main.getAttribute("data-projector"))
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) render(data.live_tables || []); })
      .catch(function () {});
  }
  poll();
  setInterval(poll, 15000);
})();
