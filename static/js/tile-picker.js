/* The tile picker: taps write the same notation a referee or a player could type, into the
   form's notation field (and the winning tile into its own field). Without JavaScript the
   typed notation works alone. Modes: hand tiles, an open meld [..], a concealed kong (..),
   the winning tile. */
(function () {
  "use strict";
  function compact(tiles) {
    var out = "", run = "", suit = "";
    tiles.forEach(function (t) {
      if (t[1] !== suit && run) { out += run + suit; run = ""; }
      run += t[0]; suit = t[1];
    });
    return run ? out + run + suit : out;
  }
  function sorted(tiles) {
    var order = "mpszf";
    return tiles.slice().sort(function (a, b) {
      var sa = order.indexOf(a[1]), sb = order.indexOf(b[1]);
      if (sa !== sb) return sa - sb;
      var na = a[0] === "0" ? 5 : +a[0], nb = b[0] === "0" ? 5 : +b[0];
      return na - nb || (a < b ? -1 : 1);
    });
  }
  function setUp(form) {
    var picker = form.querySelector("[data-picker]");
    if (!picker) return;
    var notation = form.querySelector("[name=notation]");
    var win = form.querySelector("[name=win]");
    var parts = [];  // {kind: "hand"|"open"|"closed"|"flower", tiles: []}
    var base = notation.value.trim();  // what was typed (or came back from the server)
    var winTile = win.value || "";
    var mode = "hand";
    var meld = null;
    picker.hidden = false;
    // Typing takes over: the taps that follow add to what is typed.
    notation.addEventListener("input", function () { base = notation.value.trim(); parts = []; });
    win.addEventListener("input", function () { winTile = win.value.trim(); });
    function render() {
      var hand = [], flowers = [], melds = [];
      parts.forEach(function (p) {
        if (p.kind === "hand") hand = hand.concat(p.tiles);
        else if (p.kind === "flower") flowers = flowers.concat(p.tiles);
        else melds.push(p.kind === "open" ? "[" + compact(p.tiles) + "]" : "(" + compact(p.tiles) + ")");
      });
      var text = [base, compact(sorted(hand))].concat(melds);
      if (flowers.length) text.push(compact(sorted(flowers)));
      notation.value = text.filter(Boolean).join(" ");
      win.value = winTile;
    }
    function setMode(next) {
      mode = next;
      meld = null;
      picker.querySelectorAll("[data-mode]").forEach(function (b) {
        b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
      });
    }
    picker.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      if (button.dataset.mode) { setMode(button.dataset.mode); return; }
      if (button.dataset.action === "end-meld") { setMode("hand"); return; }
      if (button.dataset.action === "undo") {
        var last = parts[parts.length - 1];
        if (last) { last.tiles.pop(); if (!last.tiles.length) parts.pop(); }
        meld = null; render(); return;
      }
      if (button.dataset.action === "clear") {
        parts = []; base = ""; winTile = ""; setMode("hand"); render(); return;
      }
      var tile = button.dataset.tile;
      if (!tile) return;
      if (tile[1] === "f") { parts.push({kind: "flower", tiles: [tile]}); render(); return; }
      if (mode === "win") { winTile = tile; setMode("hand"); render(); return; }
      if (mode === "hand") {
        var lastPart = parts[parts.length - 1];
        if (lastPart && lastPart.kind === "hand") lastPart.tiles.push(tile);
        else parts.push({kind: "hand", tiles: [tile]});
      } else {
        if (!meld || meld.tiles.length >= 4) { meld = {kind: mode, tiles: []}; parts.push(meld); }
        meld.tiles.push(tile);
      }
      render();
    });
  }
  document.querySelectorAll("[data-tile-form]").forEach(setUp);
})();
