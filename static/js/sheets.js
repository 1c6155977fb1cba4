// Score sheet form: show the fields the chosen kind of hand needs (the server ignores the rest).
(function () {
  "use strict";
  var WIN = ["winner", "discarder", "tiles", "tile_flags", "dora", "ura"];
  var COUNT = ["fan", "bonus", "han", "fu", "limit"];
  var POINTS = ["points_0", "points_1", "points_2", "points_3"];
  document.querySelectorAll("form.hand-form").forEach(function (form) {
    var kind = form.querySelector("[name=kind]");
    if (!kind) return;
    function wrapper(name) {
      var input = form.querySelector("[name=" + name + "]");
      return input ? input.closest(".field") : null;
    }
    function show(names, visible) {
      names.forEach(function (name) {
        var box = wrapper(name);
        if (box) box.hidden = !visible;
      });
    }
    function update() {
      var k = kind.value;
      var tiles = form.querySelector("[name=tiles]");
      show(WIN, k === "win");
      // The tiles give the count: its fields go away while tiles are typed.
      show(COUNT, k === "win" && !(tiles && tiles.value.trim()));
      show(["tenpai"], k === "draw");
      show(POINTS, k === "points" || k === "adjustment");
    }
    kind.addEventListener("change", update);
    var tilesInput = form.querySelector("[name=tiles]");
    if (tilesInput) tilesInput.addEventListener("input", update);
    update();
  });
})();
