/* Live updates: one websocket per page; a change reaches the page as a notice.
   A notice usually carries the page's live parts, made on the server by the page's own view
   for this page's viewer ("changed" with "parts"): they are swapped by id, with no request.
   A notice without parts, or a greeting ("hello" on every reconnect) or pong that says the
   page missed something or a part failed to load, makes the page fetch its parts (elements
   with hx-trigger="consell:changed from:body").
   Versions only move forward: notices relayed by two server processes may arrive out of order,
   and one that is not newer than the page is ignored. A ping every PING_MS asks the current
   version, so a notice lost while the server or Redis restarted is caught up within that time.
   A socket closed with 4403 (this seat's link was reissued) or 4404 (no such page for this
   browser) reloads the page once, which then shows why; it is not retried.
   One request per fetch: the parts' own requests (hx-get="?fragment=NAME" on this page) are
   held back and asked for together, ?fragment=a&fragment=b (with what each part includes);
   the answer holds each part asked for, and each is swapped by its id. A part the answer
   leaves out (a planner whose plan did not change) stays as it is. Any other live element is
   left to htmx. One such request is in flight at a time, so an older answer can never land
   over a newer one, nor over parts a notice brought meanwhile; notices that arrive meanwhile
   are asked for once it is back. A request that fails is tried again soon (RETRY_MS,
   doubling), not left for the next ping. */
(function () {
  var root = document.querySelector("[data-live-url]");
  if (!root) return;
  var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + root.dataset.liveUrl;
  var version = parseInt(root.dataset.version || "0", 10), applied = version;
  var FIRST_DELAY_MS = 250, MAX_DELAY_MS = 2000, PING_MS = 20000, RELOADED_KEY = "consell:refused";
  var delay = FIRST_DELAY_MS;
  var status = document.querySelector("[data-live-status]");
  var pinger = null;

  /* A fragment that failed to load (the server went away mid-request) leaves the page stale
     although its version moved on: the next greeting or pong refreshes it even if nothing is
     newer. */
  var stale = false;
  function refresh() { stale = false; htmx.trigger(document.body, "consell:changed"); }
  var held = [], busy = false, FIRST_RETRY_MS = 300, MAX_RETRY_MS = 4000, retry = FIRST_RETRY_MS;
  document.body.addEventListener("htmx:confirm", function (e) {
    var d = e.detail, name = partOf(d.path);
    if (!d.triggeringEvent || d.triggeringEvent.type !== "consell:changed") return;
    if (!name || d.verb !== "get" || !d.elt.id) return;
    e.preventDefault();
    held = held.filter(function (p) { return p.id !== d.elt.id; });
    held.push({ id: d.elt.id, name: name, values: htmx.values(d.elt, "get") });
    if (held.length === 1 && !busy) setTimeout(fetchHeld, 0);
  });

  /* The part's name when the request is ?fragment=NAME of this very page, else null. */
  function partOf(path) {
    var target = new URL(path, location.href), names = target.searchParams.getAll("fragment");
    if (target.origin !== location.origin || target.pathname !== location.pathname) return null;
    return names.length === 1 && Array.from(target.searchParams.keys()).length === 1 ? names[0] : null;
  }

  function fetchHeld() {
    if (busy || !held.length) return;
    var parts = held, query = new URLSearchParams(), asked = version;
    held = [];
    busy = true;
    parts.forEach(function (p) {
      query.append("fragment", p.name);
      Object.keys(p.values).forEach(function (key) {
        [].concat(p.values[key]).forEach(function (value) { query.append(key, value); });
      });
    });
    fetch(location.pathname + "?" + query.toString(), {
      headers: { "HX-Request": "true" }, credentials: "same-origin", cache: "no-store"
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      /* Parts a notice brought meanwhile are newer than this answer: they stay. */
      if (applied > asked) return;
      applied = asked;
      swapParts(html, parts.map(function (p) { return p.id; }));
      retry = FIRST_RETRY_MS;
    }).catch(function (err) {
      /* The server went away or failed mid-request: ask again soon, and meanwhile let the
         next greeting or pong refresh too. A refusal (4xx) is not retried: the socket's close
         code or the next load says why. */
      stale = true;
      if (/^4\d\d$/.test(err && err.message)) return;
      setTimeout(function () { if (stale) refresh(); }, retry);
      retry = Math.min(retry * 2, MAX_RETRY_MS);
    }).finally(function () {
      busy = false;
      if (held.length) fetchHeld();
    });
  }
  /* Swap each part of html whose id is in ids by id, not by the element asked for (an
     earlier answer may have replaced it). A planner whose key is the one on the page is left
     as it is: what is being typed stays. */
  function swapParts(html, ids) {
    var box = document.createElement("template");
    box.innerHTML = html;
    ids.forEach(function (id) {
      var fresh = box.content.getElementById(id), elt = document.getElementById(id);
      if (!fresh || !elt) return;
      var key = fresh.querySelector("#plan-key"), mine = elt.querySelector("#plan-key");
      if (key && mine && key.value === mine.value) return;
      keepFolds(elt);
      keepChoices(elt, fresh);
      htmx.swap(elt, fresh.outerHTML, { swapStyle: "outerHTML" });
    });
  }
  /* A choice half made in a form of a part (the objectives to keep, a decision's options)
     stays when the part is refreshed for someone else's change: another player keeping their
     objectives wakes every phone. Each field the fresh part's same form also has gets what
     the player had chosen or typed, written into the markup that is swapped in. A form
     being sent (htmx's class) is left out: what it holds has gone to the server, and the
     notice of that very change can come before its answer. */
  function keepChoices(elt, fresh) {
    elt.querySelectorAll("form[action]").forEach(function (form) {
      if (form.classList.contains("htmx-request")) return;
      var twin = Array.prototype.find.call(fresh.querySelectorAll("form[action]"), function (f) {
        return f.getAttribute("action") === form.getAttribute("action");
      });
      if (!twin) return;
      Array.prototype.forEach.call(form.elements, function (field) {
        if (!field.name || field.type === "hidden" || field.type === "submit") return;
        Array.prototype.forEach.call(twin.elements, function (other) {
          if (other.name !== field.name || other.type !== field.type) return;
          if (field.type === "radio" || field.type === "checkbox") {
            if (other.value !== field.value) return;
            if (field.checked) other.setAttribute("checked", "");
            else other.removeAttribute("checked");
          } else if (field.tagName === "SELECT") {
            Array.prototype.forEach.call(other.options, function (o) {
              if (o.value === field.value) o.setAttribute("selected", "");
              else o.removeAttribute("selected");
            });
          } else if (field.tagName === "TEXTAREA") {
            other.textContent = field.value;
          } else {
            other.setAttribute("value", field.value);
          }
        });
      });
    });
  }

  /* A notice that carries the parts (made by the page's own view on the server): swapped
     here, with no request. It leaves out the parts whose key the socket knows this page
     holds, and names the key of every part: a part whose key differs from the notice's and
     that it did not bring (this page fetched it over HTTP meanwhile) is asked for. */
  function pushed(v, html, keys) {
    if (v <= version) return;
    settled();
    version = applied = v;
    root.dataset.version = String(v);
    stale = false;
    var box = document.createElement("template"), ids = [];
    box.innerHTML = html;
    Array.prototype.forEach.call(box.content.children, function (e) {
      if (e.dataset.linesFor) addLines(e); else ids.push(e.id);
    });
    swapParts(html, ids);
    if (!keys) return;
    var behind = Array.prototype.some.call(document.querySelectorAll("[data-part]"), function (e) {
      var key = keys[e.dataset.part];
      return typeof key === "string" && e.dataset.key !== key;
    });
    if (behind) refresh();
  }
  /* A log brought up to date with its new lines alone (game/_log_new.html): added on top
     of the list it was made for (the part's key is its base), less the lines that went out of
     it. A page whose log is another one leaves it: the notice's keys then say it is behind,
     and it is fetched whole. */
  function addLines(more) {
    var part = document.getElementById(more.dataset.linesFor);
    var list = part && part.querySelector("ol.log-list");
    if (!list || part.dataset.key !== more.dataset.base) return;
    list.prepend(more.content.cloneNode(true));
    var since = parseInt(more.dataset.since, 10) || 0, keep = parseInt(more.dataset.keep, 10);
    Array.prototype.slice.call(list.children).forEach(function (line, i) {
      if (i >= keep || parseInt(line.dataset.seq || "0", 10) < since) line.remove();
    });
    part.dataset.key = more.dataset.key;
  }
  /* The key of each part this page shows, for the socket: "name:key,name:key". */
  function partKeys() {
    return Array.prototype.map.call(document.querySelectorAll("[data-part][data-key]"), function (e) {
      return e.dataset.part + ":" + e.dataset.key;
    }).join(",");
  }

  function show(state) { if (status) status.dataset.state = state; }
  /* "Done." answers this page's own last form; once the game has moved on past the version
     the page was loaded at, it would read as news of something else: it goes. */
  function settled() {
    document.querySelectorAll(".messages .message.success").forEach(function (m) { m.remove(); });
    document.querySelectorAll("ul.messages").forEach(function (list) {
      if (!list.children.length) list.remove();
    });
  }
  /* A refused form (422) left the page as current as it was. */
  ["htmx:sendError", "htmx:responseError"].forEach(function (name) {
    document.body.addEventListener(name, function (e) {
      if (!e.detail.xhr || e.detail.xhr.status !== 422) stale = true;
    });
  });

  function seen(v, greeting) {
    if (typeof v !== "number") return;
    if (v > version) {
      settled();
      version = v;
      root.dataset.version = String(v);
      refresh();
    } else if (greeting && stale) {
      refresh();
    }
  }

  function refused(state) {
    show(state);
    /* Reload once, so the server says why; a second refusal right after that stays put. */
    var last = parseInt(sessionStorage.getItem(RELOADED_KEY) || "0", 10);
    if (Date.now() - last < 30000) return;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    location.reload();
  }

  function connect() {
    /* The page's language (the pushed parts are rendered in it), and the parts it holds, so
       the first notice leaves out those that did not change. */
    var query = "?lang=" + encodeURIComponent(document.documentElement.lang || "");
    var keys = partKeys();
    if (keys) query += "&held=" + encodeURIComponent(keys);
    var socket = new WebSocket(url + query);
    socket.onopen = function () {
      pinger = setInterval(function () {
        if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
      }, PING_MS);
    };
    socket.onmessage = function (e) {
      var msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (msg.type === "revoked") { refused("revoked"); return; }
      /* Only a greeting proves the server can hear us: a socket that opens and then drops at
         once keeps backing off. */
      if (msg.type === "hello") { delay = FIRST_DELAY_MS; show("online"); }
      if (msg.type === "changed" && typeof msg.parts === "string" && typeof msg.version === "number") {
        pushed(msg.version, msg.parts, msg.keys && typeof msg.keys === "object" ? msg.keys : null);
        return;
      }
      seen(msg.version, msg.type === "hello" || msg.type === "pong");
    };
    socket.onclose = function (e) {
      clearInterval(pinger);
      if (e.code === 4403) { refused("revoked"); return; }
      if (e.code === 4404) { refused("gone"); return; }
      show("offline");
      /* Jitter spreads a whole table's phones when the server comes back. */
      setTimeout(connect, delay * (0.5 + Math.random() / 2));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    };
  }
  connect();

  /* A refreshed fragment keeps the folds the reader opened (the board, the log, a chest):
     each <details> is known by its id, its data-fold name or its summary's text. */
  var opened = {};
  function foldKey(d) {
    var summary = d.querySelector("summary");
    return d.id || d.dataset.fold || (summary ? summary.textContent.trim() : "");
  }
  /* Called before each swap: by htmx's own requests, and by the one request per notice above,
     whose htmx.swap fires no beforeSwap. */
  function keepFolds(target) {
    if (!target || !target.id) return;
    opened[target.id] = Array.prototype.map.call(target.querySelectorAll("details[open]"), foldKey);
  }
  /* A form answered in place (the planner's) names the version its part shows. A notice that
     brought the part meanwhile replaced the element the answer was meant for: the answer goes
     in the new one's place, unless that notice showed a newer version. */
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    var d = e.detail, target = d.target;
    if (d.shouldSwap && target && target.id && !target.isConnected) {
      var current = document.getElementById(target.id);
      var shows = parseInt(d.xhr.getResponseHeader("Consell-Version") || "0", 10);
      if (!current || shows < version) { d.shouldSwap = false; return; }
      d.target = current;
    }
    if (d.shouldSwap) keepFolds(d.target);
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    Object.keys(opened).forEach(function (id) {
      var fragment = document.getElementById(id);
      if (!fragment || !fragment.isConnected) return;
      fragment.querySelectorAll("details").forEach(function (d) {
        if (opened[id].indexOf(foldKey(d)) >= 0) d.open = true;
      });
      delete opened[id];
    });
  });
})();

/* The deadline's countdown: each <time data-deadline> (its end, ISO 8601) shows the time left
   beside the end the server wrote, every second, whatever part brought it. Under a minute it
   is marked urgent. Without this script the page still says when the deadline ends. */
(function () {
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function left(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return (h ? h + ":" + pad(m) : m) + ":" + pad(s);
  }
  function tick() {
    var clocks = document.querySelectorAll("time[data-deadline]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i], end = Date.parse(el.dataset.deadline);
      if (isNaN(end)) continue;
      var seconds = Math.max(0, Math.round((end - Date.now()) / 1000));
      var shown = el.nextElementSibling;
      if (!shown || !shown.hasAttribute("data-countdown")) {
        shown = document.createElement("strong");
        shown.setAttribute("data-countdown", "");
        el.insertAdjacentText("afterend", " · ");
        el.parentNode.insertBefore(shown, el.nextSibling.nextSibling);
      }
      shown.textContent = left(seconds);
      el.parentNode.classList.toggle("urgent", seconds < 60);
    }
  }
  tick();
  setInterval(tick, 1000);
})();

/* A player away from the table, with the seat's page open in the background, is told by the
   browser when the game comes to wait for them (issue 37, "remote seats").
   The chest part holds a hidden <span data-asked> while the game waits for this player
   (the view's me.asked); the live updates swap it in and out. When it appears and the page is
   hidden, a notification says so, in the words the page carries (data-title, data-body,
   translated by the template): never a word of the game. Asking the browser's permission
   takes the player's own tap on "Notify me in this browser". */
(function () {
  var box = document.querySelector("[data-browser-notify]");
  if (!box) return;
  var ask = box.querySelector("[data-notify-ask]"), state = box.querySelector("[data-notify-state]");
  var supported = "Notification" in window && window.isSecureContext;
  box.hidden = false;
  function waiting() { return !!document.querySelector("[data-asked]"); }

  function say() {
    if (!supported) { ask.parentNode.hidden = true; state.textContent = box.dataset.unsupported; return; }
    var permission = Notification.permission;
    ask.disabled = permission !== "default";
    state.textContent = permission === "granted" ? box.dataset.granted
      : permission === "denied" ? box.dataset.denied : "";
  }
  say();
  if (!supported) return;

  ask.addEventListener("click", function () {
    var asked = Notification.requestPermission(say);
    if (asked && asked.then) asked.then(say);
  });

  var was = waiting(), shown = null;
  function notify(body) {
    var options = { body: body, tag: "consell-waits", data: { url: location.href } };
    try {
      shown = new Notification(box.dataset.title, options);
      shown.onclick = function () { window.focus(); shown.close(); };
    } catch (e) {
      /* A phone's browser (Chrome on Android) notifies only through a service worker: an
         empty one of ours (notify-sw.js) shows it, and a tap brings this page back. */
      if (!navigator.serviceWorker) return;
      navigator.serviceWorker.register(box.dataset.worker).then(function (registration) {
        var worker = registration.installing || registration.waiting || registration.active;
        function show() { registration.showNotification(box.dataset.title, options); }
        if (worker.state === "activated") { show(); return; }
        worker.addEventListener("statechange", function () { if (worker.state === "activated") show(); });
      }).catch(function () { /* no notification, then: the e-mail still tells */ });
    }
  }
  /* The deadline's reminder (<span data-reminded> beside the countdown) says so again, once,
     to a player it still waits for. */
  var reminded = !!document.querySelector("[data-reminded]");
  function check() {
    var now = waiting(), remind = !!document.querySelector("[data-reminded]");
    var hidden = document.hidden && Notification.permission === "granted";
    if (now && !was && hidden) {
      notify(box.dataset.body);
    } else if (now && remind && !reminded && hidden) {
      notify(box.dataset.reminder);
    }
    if (!now && shown) { shown.close(); shown = null; }
    was = now;
    reminded = remind;
  }
  var root = document.querySelector("[data-live-url]") || document.body;
  new MutationObserver(check).observe(root, { childList: true, subtree: true });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && shown) { shown.close(); shown = null; }
  });
})();
