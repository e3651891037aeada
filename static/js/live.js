/* Live updates: one websocket per page carrying "your view changed" notices.
   On a notice, or after a reconnect, the page asks htmx to re-fetch its fragments
   (elements with hx-trigger="consell:changed from:body"). No game data travels here. */
(function () {
  var root = document.querySelector("[data-live-url]");
  if (!root) return;
  var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + root.dataset.liveUrl;
  var version = parseInt(root.dataset.version || "0", 10);
  var delay = 500;
  var status = document.querySelector("[data-live-status]");

  function refresh() { htmx.trigger(document.body, "consell:changed"); }
  function show(state) { if (status) status.dataset.state = state; }

  function connect() {
    var socket = new WebSocket(url);
    socket.onopen = function () { delay = 500; show("online"); };
    socket.onmessage = function (e) {
      var msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (msg.type === "revoked") { show("revoked"); location.reload(); return; }
      if (typeof msg.version !== "number") return;
      if (msg.version !== version) { version = msg.version; refresh(); }
    };
    socket.onclose = function (e) {
      show("offline");
      if (e.code === 4403 || e.code === 4404) { location.reload(); return; }
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }
  connect();
})();
