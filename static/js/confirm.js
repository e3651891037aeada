/* Ask before a step that cannot be undone: a button or form with data-confirm="question"
   asks it, and a "no" stops the submission. Replaces inline onclick="return confirm(...)",
   which the Content-Security-Policy forbids. */
(function () {
  document.addEventListener("click", function (e) {
    var el = e.target.closest ? e.target.closest("[data-confirm]") : null;
    if (el && !window.confirm(el.dataset.confirm)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);
})();
