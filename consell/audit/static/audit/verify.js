/* "Verify this game": recompute, in this browser and with its WebCrypto, everything the export
   claims, trusting no verdict of the server (docs/audit-log.md). The same checks as the
   Python verifier (consell/audit/proof.py):
   - the hash chain: every link numbered in turn, each hash following from the one before, each
     event and roll shown hashing to its link's digest, the stated head reached;
   - every head the server published to the table is a link of it, and so is every head this
     browser kept while the game was played (static/js/proofs.js);
   - each plan resolved is the plan sealed at its hand-in, each phone's secret gave the
     entropy its turn's dice mixed, and this browser's hand-ins were sealed under its secrets;
   - the seed hashes to the commitment, every draw 0..counter-1 is there once, and every roll
     the app made is HMAC-SHA256(key, counter) by rejection sampling, the key being the seed
     or a turn's key (the seed keyed with its players' entropy); a die typed in at the table
     is a face of its die.
   The sentences come from the page (data-words), in the reader's language. */
(function () {
  var enc = new TextEncoder();

  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
      return b.toString(16).padStart(2, "0");
    }).join("");
  }
  function sha256(text) {
    return crypto.subtle.digest("SHA-256", enc.encode(text)).then(hex);
  }
  function fromHex(text) {
    var bytes = new Uint8Array(text.length / 2);
    for (var i = 0; i < bytes.length; i++) { bytes[i] = parseInt(text.substr(i * 2, 2), 16); }
    return bytes;
  }

  /* The canonical encoding of consell/rules/chain.py: sorted keys, no spaces, whole numbers. */
  function canonical(value) {
    if (Array.isArray(value)) { return "[" + value.map(canonical).join(",") + "]"; }
    if (value !== null && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (k) {
        return JSON.stringify(k) + ":" + canonical(value[k]);
      }).join(",") + "}";
    }
    if (typeof value === "number" && !Number.isInteger(value)) { throw new Error("not canonical"); }
    return JSON.stringify(value);
  }
  var EVENT = ["seq", "turn", "phase", "kind", "actor", "by_director", "audience",
               "reveal_at_end", "payload", "salt"];
  var ROLL = ["counter", "sides", "kind", "value", "purpose", "entered", "key"];
  function content(kind, row, fields) {
    var out = { link: kind };
    fields.forEach(function (f) { out[f] = row[f]; });
    return out;
  }

  function say(words, key, values) {
    var text = words[key] || key;
    Object.keys(values || {}).forEach(function (k) { text = text.split("%(" + k + ")s").join(values[k]); });
    return text;
  }

  async function checkChain(doc, words, lines) {
    var sealed = doc.chain;
    if (!sealed) { lines.push(["warn", say(words, "no_chain")]); return null; }
    var contents = {};
    doc.events.forEach(function (e) { contents[e.link] = content("event", e, EVENT); });
    doc.rolls.forEach(function (r) { contents[r.link] = content("roll", r, ROLL); });
    var previous = await sha256("consell-chain/1\n" + doc.dice.commitment);
    if (sealed.start !== previous) { lines.push(["bad", say(words, "foreign")]); return null; }
    var hashes = {};
    for (var i = 0; i < sealed.links.length; i++) {
      var link = sealed.links[i], number = i + 1, problem = null;
      if (link.link !== number) { problem = "missing"; }
      else if (contents[number] && await sha256(canonical(contents[number])) !== link.digest) { problem = "content"; }
      else if (await sha256(previous + "\n" + number + "\n" + link.digest) !== link.hash) { problem = "hash"; }
      if (problem) {
        lines.push(["bad", say(words, "broken_" + problem, { link: number })]);
        return null;
      }
      hashes[number] = previous = link.hash;
    }
    if (previous !== sealed.head) { lines.push(["bad", say(words, "head")]); return null; }
    var hidden = sealed.links.length - Object.keys(contents).length;
    lines.push(["ok", say(words, "chain_ok", { links: sealed.links.length, hidden: hidden })]);
    var unpublished = (sealed.published || []).filter(function (h) { return hashes[h.link] !== h.head; });
    if (unpublished.length) { lines.push(["bad", say(words, "published_missing", { n: unpublished.length })]); }
    else { lines.push(["ok", say(words, "published_ok", { n: (sealed.published || []).length })]); }
    return hashes;
  }

  function checkKept(doc, hashes, words, lines) {
    var key = "consell-heads:" + doc.game.id + "-" + doc.dice.commitment.slice(0, 16), kept = [];
    try { kept = JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { kept = []; }
    if (!kept.length) { lines.push(["warn", say(words, "kept_none")]); return; }
    var missing = kept.filter(function (h) { return hashes[h.link] !== h.head; });
    if (missing.length) { lines.push(["bad", say(words, "kept_missing", { n: missing.length, of: kept.length })]); }
    else { lines.push(["ok", say(words, "kept_ok", { n: kept.length })]); }
  }

  function payloads(doc, kind) {
    return doc.events.filter(function (e) { return e.kind === kind; }).map(function (e) { return e.payload; });
  }

  /* Sealed plans (consell/game/services/sealing.py): each plan resolved is the plan sealed
     under its secret, each phone's secret gave the entropy the dice mixed, and each of this
     browser's hand-ins was sealed under the secret it drew. */
  async function checkPlans(doc, words, lines) {
    var entropies = {}, sealed = {};
    payloads(doc, "dice_entropy").forEach(function (p) { entropies[p.turn] = p.entropies; });
    payloads(doc, "plan_sealed").forEach(function (p) { sealed[p.turn + ":" + p.seat] = p; });
    var proven = 0, bad = false;
    for (var k in sealed) {
      var p = sealed[k];
      if (p.phone && entropies[p.turn] &&
          entropies[p.turn][String(p.seat)] !== await sha256("consell-entropy\n" + p.secret)) {
        lines.push(["bad", say(words, "entropy_bad", { turn: p.turn })]); bad = true;
      }
    }
    var locked = payloads(doc, "plan_locked");
    for (var i = 0; i < locked.length; i++) {
      var l = locked[i], seal = sealed[l.turn + ":" + l.seat];
      if (!seal) { continue; }
      var sealedText = canonical({ turn: l.turn, seat: l.seat, plan: l.plan }) + "\n" + seal.secret;
      if (await sha256(sealedText) !== seal.receipt) {
        lines.push(["bad", say(words, "plan_bad", { turn: l.turn })]); bad = true;
      } else { proven++; }
    }
    if (!bad && proven) { lines.push(["ok", say(words, "plans_ok", { n: proven })]); }
    var key = "consell-secrets:" + doc.game.id + "-" + doc.dice.commitment.slice(0, 16), kept = [];
    try { kept = JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { kept = []; }
    var mine = Object.keys(sealed).map(function (k) { return sealed[k]; })
      .filter(function (p) { return p.phone; });
    if (!mine.length) { return; }
    if (!kept.length) { lines.push(["warn", say(words, "secrets_none")]); return; }
    var foreign = mine.filter(function (p) { return kept.indexOf(p.secret) < 0; });
    if (foreign.length) {
      lines.push(["bad", say(words, "secrets_foreign", { turn: foreign[0].turn })]);
    } else {
      lines.push(["ok", say(words, "secrets_ok", { n: mine.length })]);
    }
  }

  async function turnKey(seed, turn, entropies) {
    var mixed = Object.keys(entropies).sort(function (a, b) { return Number(a) - Number(b); })
      .map(function (seat) { return seat + "=" + entropies[seat] + ";"; }).join("");
    var base = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    var raw = await crypto.subtle.sign("HMAC", base, enc.encode("turn:" + turn + "\n" + mixed));
    return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  }

  async function derive(key, counter, n) {
    var space = 1n << 256n, big = BigInt(n), limit = space - (space % big);
    for (var attempt = 0; ; attempt++) {
      var message = attempt === 0 ? String(counter) : counter + ":" + attempt;
      var raw = BigInt("0x" + hex(await crypto.subtle.sign("HMAC", key, enc.encode(message))));
      if (raw < limit) { return Number(raw % big); }
    }
  }

  async function checkDice(doc, words, lines) {
    var seen = {}, problems = [];
    doc.rolls.forEach(function (r) { seen[r.counter] = (seen[r.counter] || 0) + 1; });
    for (var c = 0; c < doc.dice.counter; c++) { if (seen[c] !== 1) { problems.push(c); } }
    if (problems.length) { lines.push(["bad", say(words, "dice_gap", { counter: problems[0] })]); }
    if (!doc.dice.seed) { lines.push(["warn", say(words, "sealed")]); return; }
    if (await crypto.subtle.digest("SHA-256", fromHex(doc.dice.seed)).then(hex) !== doc.dice.commitment) {
      lines.push(["bad", say(words, "seed")]); return;
    }
    var seed = fromHex(doc.dice.seed), keys = {};
    keys[""] = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    var published = payloads(doc, "dice_entropy");
    for (var t = 0; t < published.length; t++) {
      keys["turn:" + published[t].turn] = await turnKey(seed, published[t].turn, published[t].entropies);
    }
    var made = 0, entered = 0;
    for (var i = 0; i < doc.rolls.length; i++) {
      var r = doc.rolls[i];
      if (r.entered) {
        entered++;
        if (r.kind === "die" && !(r.value >= 1 && r.value <= r.sides)) {
          lines.push(["bad", say(words, "roll_bad", { counter: r.counter })]); return;
        }
        continue;
      }
      var key = keys[r.key || ""];
      if (!key) { lines.push(["bad", say(words, "key_missing", { counter: r.counter })]); return; }
      var value = (await derive(key, r.counter, r.sides)) + (r.kind === "die" ? 1 : 0);
      if (value !== r.value) { lines.push(["bad", say(words, "roll_bad", { counter: r.counter })]); return; }
      made++;
    }
    lines.push(["ok", say(words, "dice_ok", { made: made, entered: entered })]);
  }

  /* The log of this page's game, or a file the reader chose (an export kept, or sent by
     someone): the same checks either way. */
  function fetched(section) {
    return fetch(section.dataset.export, { credentials: "same-origin" }).then(function (answer) {
      return answer.json();
    });
  }
  function chosen(input) {
    return input.files[0].text().then(JSON.parse);
  }

  async function verify(section, load) {
    var words = {};
    section.querySelectorAll("[data-words] [data-key]").forEach(function (li) {
      words[li.dataset.key] = li.textContent;
    });
    var out = section.querySelector("[data-lines]");
    var lines = [];
    out.replaceChildren();
    delete section.dataset.verdict;
    out.setAttribute("aria-busy", "true");
    try {
      var doc = await load;
      if (String(doc.game.id) !== section.dataset.game) {
        lines.push(["bad", say(words, "other_game", { name: doc.game.name })]);
      }
      var created = doc.events.filter(function (e) {
        return e.kind === "game_created" && e.audience === "public";
      })[0];
      if (created && created.payload.commitment !== doc.dice.commitment) {
        lines.push(["bad", say(words, "commitment")]);
      }
      var hashes = await checkChain(doc, words, lines);
      if (hashes) { checkKept(doc, hashes, words, lines); }
      await checkPlans(doc, words, lines);
      await checkDice(doc, words, lines);
    } catch (e) {
      lines.push(["bad", say(words, "unreadable")]);
    }
    var bad = lines.some(function (l) { return l[0] === "bad"; });
    lines.push([bad ? "bad" : "ok", say(words, bad ? "verdict_bad" : "verdict_ok")]);
    lines.forEach(function (l) {
      var li = document.createElement("li");
      li.className = "message " + { ok: "success", bad: "error", warn: "warning" }[l[0]];
      li.textContent = l[1];
      out.appendChild(li);
    });
    out.removeAttribute("aria-busy");
    section.dataset.verdict = bad ? "bad" : "ok";
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest("[data-verify]");
    if (button) { verify(button.closest("[data-export]"), fetched(button.closest("[data-export]"))); }
  });
  document.addEventListener("change", function (e) {
    if (e.target.matches("[data-verify-file]") && e.target.files.length) {
      verify(e.target.closest("[data-export]"), chosen(e.target));
    }
  });
})();
