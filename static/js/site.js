// Behaviour every page shares, kept out of the HTML so that the Content-Security-Policy can
// refuse inline scripts and handlers: a select marked data-autosubmit submits its form when
// changed (the language switch), a button marked data-print prints the page.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target instanceof HTMLSelectElement && target.hasAttribute("data-autosubmit") && target.form) {
      target.form.submit();
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
