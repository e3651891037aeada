/* A box whose choices depend on another box of the same form: a select with
   data-depends-on="targets" shows only the option groups (data-owner="seat") of the values
   chosen in the box named "targets"; with nothing chosen it shows them all. The server
   refuses a mismatch anyway (planner.refusal); this only keeps the list short. */
(function () {
  function refresh(form, name) {
    var chosen = Array.prototype.map.call(
      form.querySelectorAll('[name="' + name + '"]:checked, select[name="' + name + '"]'),
      function (el) { return el.value; }
    ).filter(function (v) { return v !== ""; });
    form.querySelectorAll('select[data-depends-on="' + name + '"]').forEach(function (select) {
      select.querySelectorAll("optgroup[data-owner]").forEach(function (group) {
        var off = chosen.length > 0 && chosen.indexOf(group.dataset.owner) < 0;
        group.hidden = off;
        group.disabled = off;
      });
      var picked = select.selectedOptions[0];
      if (picked && picked.parentElement.disabled) { select.value = ""; }
    });
  }
  document.addEventListener("change", function (e) {
    var form = e.target.form;
    if (form && e.target.name && form.querySelector('[data-depends-on="' + e.target.name + '"]')) {
      refresh(form, e.target.name);
    }
  });
})();
