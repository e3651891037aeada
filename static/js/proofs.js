/* What a phone or the board keeps in this browser to check the game afterwards, with the
   audit's "verify this game" (consell/audit/static/audit/verify.js; docs/audit-log.md). Storage
   only: nothing is sent anywhere but the hand-in's own form.

   - Every log seal (chain head) the page has shown: a log rewritten after the table saw a seal
     cannot match it.
   - At hand-in, the secret that seals this phone's plan and adds its entropy to the turn's
     dice, drawn here and sent with the form: the plan resolved can then be proven to be the
     plan sealed. */
(function () {
  function keep() {
    document.querySelectorAll("[data-chain-head]").forEach(function (el) {
      var key = "consell-heads:" + el.dataset.chainGame;
      var seen;
      try { seen = JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { seen = []; }
      var link = Number(el.dataset.chainLink);
      if (seen.some(function (h) { return h.link === link; })) { return; }
      seen.push({ link: link, head: el.dataset.chainHead, seen: new Date().toISOString() });
      try { localStorage.setItem(key, JSON.stringify(seen)); } catch (e) { /* storage full or off */ }
    });
  }
  document.addEventListener("DOMContentLoaded", keep);
  document.addEventListener("htmx:afterSettle", keep);
  if (document.readyState !== "loading") { keep(); }
})();

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
