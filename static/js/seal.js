/* At hand-in, draws the secret that seals this phone's plan and adds its entropy to the turn's
   dice (docs/audit-log.md, "Sealed plans"), and keeps it in this browser, so that after the
   game the audit's "verify this game" can prove the plan resolved is the plan sealed. */
(function () {
  document.addEventListener("submit", function (e) {
    var input = e.target.querySelector && e.target.querySelector("input[name=secret][data-seal-game]");
    if (!input || !window.crypto || !crypto.getRandomValues) { return; }
    var bytes = crypto.getRandomValues(new Uint8Array(32));
    input.value = Array.prototype.map.call(bytes, function (b) {
      return b.toString(16).padStart(2, "0");
    }).join("");
    var key = "consell-secrets:" + input.dataset.sealGame, kept;
    try { kept = JSON.parse(localStorage.getItem(key) || "[]"); } catch (err) { kept = []; }
    kept.push(input.value);
    try { localStorage.setItem(key, JSON.stringify(kept)); } catch (err) { /* storage off */ }
  }, true);
})();
