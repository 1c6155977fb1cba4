// Public round page: refresh the live tables (running scores from the sheets) every 20 s.
(function () {
  "use strict";
  var box = document.querySelector("[data-live-tables]");
  if (!box || !window.fetch || !window.DOMParser) return;
  function refresh() {
    if (document.hidden) return;
    fetch(box.getAttribute("data-live-tables"), { headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("#live-tables");
        if (fresh) { box.innerHTML = fresh.innerHTML; }
      })
      .catch(function () {});
  }
  setInterval(refresh, 20000);
})();
