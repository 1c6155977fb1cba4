// Behaviour every page shares, kept out of the HTML so that the Content-Security-Policy can
// refuse inline scripts and handlers: a select marked data-autosubmit submits its form when
// changed (the language switch), a button marked data-print prints the page, and logging out
// forgets the pages the referee tablet kept (the answer's Clear-Site-Data clears the rest),
// after a warning when reports still wait unsent in the tablet's queue. A confirmation
// (tournament/access/confirm.py) takes the focus, so that a screen reader reads the question
// first, and its form is sent once: a second tap on its button does nothing. Otherwise a page
// that answers a form with errors brings the first error into view and focuses its field: a
// form far down the page (adding a stage) would otherwise look as if nothing happened.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var title = document.querySelector("[data-confirm-title]");
    if (title) { title.focus(); return; }
    var error = document.querySelector("main form .has-error, main form .errors");
    if (!error) { return; }
    var field = error.querySelector("input:not([type=hidden]), select, textarea");
    error.scrollIntoView({ block: "center" });
    if (field) { field.focus({ preventScroll: true }); }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-confirm-form")) { return; }
    if (form.hasAttribute("data-sent")) { event.preventDefault(); return; }
    form.setAttribute("data-sent", "");
  });
  window.addEventListener("pageshow", function () {  /* back to the page: it may ask again */
    var sent = document.querySelectorAll("[data-confirm-form][data-sent]");
    for (var i = 0; i < sent.length; i += 1) { sent[i].removeAttribute("data-sent"); }
  });
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
