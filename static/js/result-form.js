/*
 * The result form's live sum check (docs/rules/standings.md#table-result): "Adds up to
 * 119 000, 1 000 short."
 * The messages come translated from the page's data attributes; the server checks again.
 */
(function () {
  "use strict";

  // As the server writes them (tournament/numbers.py): a true minus sign, no-break spaces.
  function group(n) {
    var sign = n < 0 ? "\u2212" : "";
    return sign + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  }

  function parse(text) {
    var clean = String(text || "").replace(/[\s\u00a0\u202f'_]/g, "").replace("\u2212", "-");
    return /^[+-]?\d+$/.test(clean) ? parseInt(clean, 10) : null;
  }

  function fill(template, total, diff) {
    return template.replace("%(total)s", group(total)).replace("%(diff)s", group(Math.abs(diff)));
  }

  function wire(form) {
    var out = form.querySelector("[data-sum]");
    var inputs = form.querySelectorAll("input[data-score]");
    var expected = parseInt(form.getAttribute("data-expected"), 10) || 0;
    var sticks = parseInt(form.getAttribute("data-sticks"), 10) || 0;

    function update() {
      var total = 0;
      for (var i = 0; i < inputs.length; i++) {
        var value = parse(inputs[i].value);
        if (value === null) { out.textContent = ""; return; }
        total += value;
      }
      var diff = total - expected;
      var key = "over";
      if (diff === 0) { key = "exact"; }
      else if (diff < 0 && sticks && (-diff) % sticks === 0) { key = "sticks"; }
      else if (diff < 0) { key = "short"; }
      out.textContent = fill(form.getAttribute("data-msg-" + key), total, diff);
      out.className = "sum-check " + (key === "exact" || key === "sticks" ? "ok" : "off");
    }

    for (var i = 0; i < inputs.length; i++) { inputs[i].addEventListener("input", update); }
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-result-form]").forEach(wire);
  });
})();
