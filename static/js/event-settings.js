// Event settings: show the chosen ruleset's options only, and keep the derived amounts'
// placeholders in step with their base amount (the server applies the same rule: the
// fraction of the base, rounded down, at least 1).
(function () {
  "use strict";
  var select = document.getElementById("id_ruleset");
  var groups = document.querySelectorAll("[data-ruleset-options]");
  function showChosen() {
    groups.forEach(function (group) {
      var chosen = select && group.getAttribute("data-ruleset-options") === select.value;
      group.hidden = !chosen;
      group.disabled = !chosen;
    });
  }
  if (select) {
    select.addEventListener("change", showChosen);
    showChosen();
  }
  document.querySelectorAll("input[data-base]").forEach(function (input) {
    var base = document.getElementById("id_" + input.getAttribute("data-base"));
    var parts = input.getAttribute("data-fraction").split("/");
    var num = Number(parts[0]);
    var den = Number(parts[1]);
    if (!base || !den) {
      return;
    }
    function update() {
      var raw = base.value.trim() || base.placeholder;
      var value = Number.parseInt(raw, 10);
      if (!Number.isFinite(value) || value < 1) {
        return;
      }
      input.placeholder = String(Math.max(1, Math.floor((value * num) / den)));
    }
    base.addEventListener("input", update);
    update();
  });
})();
