/* The shared screen holds the whole table on one screen. When a busy turn is too long for it,
   the texts every phone also shows fold to their titles, the least needed first: the laws up
   for a vote, then this turn's destiny cards. Nothing the table must read shrinks. */
(function () {
  var LEVELS = ["fit-law-row", "fit-destiny"];
  function fit() {
    var screen = document.querySelector(".screen");
    if (!screen) return;
    LEVELS.forEach(function (level) { screen.classList.remove(level); });
    for (var i = 0; i < LEVELS.length; i++) {
      if (document.documentElement.scrollHeight <= window.innerHeight) return;
      screen.classList.add(LEVELS[i]);
    }
  }
  window.addEventListener("load", fit);
  window.addEventListener("resize", fit);
  document.addEventListener("htmx:afterSettle", fit);
})();
