/* Keeps, in this browser, every log seal (chain head) the page has shown: after the game the
   audit's "verify this game" (static/audit/verify.js) checks that the published chain holds
   each one, so a log rewritten afterwards cannot match what this phone saw. Storage only:
   nothing is sent anywhere. */
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
