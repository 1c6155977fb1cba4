// Behaviour every page shares, kept out of the HTML so that the Content-Security-Policy can
// refuse inline scripts and handlers: a select marked data-autosubmit submits its form when
// changed (the language switch), a button marked data-print prints the page, and logging out
// forgets the pages the referee tablet kept (the answer's Clear-Site-Data clears the rest),
// after a warning when reports still wait unsent in the tablet's queue.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target instanceof HTMLSelectElement && target.hasAttribute("data-autosubmit") && target.form) {
      target.form.submit();
    }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-logout")) { return; }
    var unsent = 0;
    try { unsent = JSON.parse(localStorage.getItem("mahjong.foulQueue.v1") || "[]").length; }
    catch (e) { unsent = 0; }
    if (unsent && !window.confirm(form.getAttribute("data-unsent-warning").replace("{count}", unsent))) {
      event.preventDefault();
      return;
    }
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "forget" });
    }
  });
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-print]") : null;
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
})();
