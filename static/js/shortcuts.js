/* Director keyboard shortcuts: Enter confirms the step at hand, R rolls, A resolves the rest
   of the phase's plain steps, N next phase.
   Each key clicks the visible button marked data-shortcut; typing in a field is left alone. */
(function () {
  var keys = { Enter: "confirm", r: "roll", R: "roll", a: "all", A: "all", n: "next", N: "next" };
  document.addEventListener("keydown", function (e) {
    var t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var name = keys[e.key];
    if (!name) return;
    var button = document.querySelector('[data-shortcut="' + name + '"]');
    if (!button) return;
    e.preventDefault();
    button.click();
  });
})();
