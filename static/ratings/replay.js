// Replay viewer: steps through the frames the server rebuilt with the engine's replay().
// Plain JS, no dependencies. Each step = the state after one recorded action (step 0 = the deal).
(function () {
  "use strict";
  var stepsEl = document.getElementById("replay-steps");
  if (!stepsEl) return;
  var steps = JSON.parse(stepsEl.textContent);
  var players = JSON.parse(document.getElementById("replay-players").textContent);
  // Win pattern (番种) names, [English, 中文] per engine key (games/engine/patterns.py), shown in the
  // page's language: Chinese on a zh page, "English (中文)" otherwise.
  var patternsEl = document.getElementById("pattern-names");
  var patternNames = patternsEl ? JSON.parse(patternsEl.textContent) : {};
  var zh = (document.documentElement.lang || "").toLowerCase().indexOf("zh") === 0;
  var board = document.getElementById("replay-board");
  var eventsEl = document.getElementById("replay-events");
  var range = document.getElementById("replay-range");
  var index = 0;

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // "123m45p" -> ["1m","2m","3m","4p","5p"]
  function tiles(str) {
    var out = [], digits = "";
    for (var i = 0; i < (str || "").length; i++) {
      var c = str[i];
      if (c >= "0" && c <= "9") { digits += c; }
      else { for (var j = 0; j < digits.length; j++) out.push(digits[j] + c); digits = ""; }
    }
    return out;
  }

  function tileRow(str, cls) {
    var row = el("span", "tiles " + (cls || ""));
    tiles(str).forEach(function (t) { row.appendChild(el("span", "tile suit-" + t[1], t)); });
    return row;
  }

  function nameOf(seat) {
    var p = players[seat];
    return p ? p.name : "seat " + seat;
  }

  function patternName(key) {
    var n = patternNames[key];
    return n ? (zh ? n[1] : n[0] + " (" + n[1] + ")") : key;
  }

  function describe(e) {
    var parts = [e.type];
    if (e.seat !== undefined && e.seat !== null) parts.push(nameOf(e.seat));
    if (e.tile) parts.push(e.tile);
    if (e.tiles) parts.push(e.tiles);
    if (e.kind) parts.push(e.kind);
    if (e.choice !== undefined && e.choice !== null) parts.push(String(e.choice));
    if (e.band !== undefined) parts.push(e.band ? "draws " + e.band.join("-") : "not in the wall");  // 千里眼
    if (e.out) parts.push(e.out + " → " + e["in"]);  // 偷天换日 / 移花接木
    if (e.suit) parts.push(e.suit + ": " + e.hand);  // 乾坤大挪移
    if (e.patterns) parts.push("[" + e.patterns.map(patternName).join(", ") + "]");
    if (e.deltas) parts.push("Δ " + e.deltas.join(" / "));
    if (e.points && Array.isArray(e.points)) parts.push("points " + e.points.join(" / "));
    return parts.join(" · ");
  }

  function render() {
    var step = steps[index], f = step.frame;
    board.textContent = "";
    for (var s = 0; s < f.hands.length; s++) {
      var seat = el("div", "replay-seat" + (f.turn === s && f.phase !== "over" ? " on-turn" : "") + (f.won[s] ? " won" : ""));
      seat.appendChild(el("div", "seat-name", nameOf(s) + " (" + s + ") · " + f.scores[s]));
      seat.appendChild(tileRow(f.hands[s], "concealed"));
      var melds = el("div", "melds");
      (f.melds[s] || []).forEach(function (m) { melds.appendChild(tileRow(m.tiles, "meld meld-" + m.type)); });
      if (f.flowers[s]) melds.appendChild(tileRow(f.flowers[s], "flowers"));
      seat.appendChild(melds);
      seat.appendChild(tileRow(f.discards[s], "discards"));
      board.appendChild(seat);
    }
    board.appendChild(el("p", "muted", "wall " + f.wall_remaining + " · " + f.phase));
    eventsEl.textContent = "";
    if (step.action) eventsEl.appendChild(el("li", "action", "▶ " + describe(step.action)));
    step.events.forEach(function (e) { eventsEl.appendChild(el("li", "event", describe(e))); });
    document.getElementById("replay-index").textContent = index;
    range.value = index;
  }

  function go(to) {
    index = Math.max(0, Math.min(steps.length - 1, to));
    render();
  }

  document.getElementById("replay-count").textContent = steps.length - 1;
  range.max = steps.length - 1;
  range.addEventListener("input", function () { go(parseInt(range.value, 10)); });
  document.querySelectorAll(".replay-controls [data-step]").forEach(function (b) {
    b.addEventListener("click", function () {
      var k = b.getAttribute("data-step");
      go(k === "first" ? 0 : k === "last" ? steps.length - 1 : k === "prev" ? index - 1 : index + 1);
    });
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") go(index + 1);
    if (e.key === "ArrowLeft") go(index - 1);
  });
  go(0);

  // The fairness check again in the browser: SHA-256("seed:salt") against the commitment.
  var out = document.getElementById("f-browser");
  if (out && window.crypto && window.crypto.subtle && window.TextEncoder) {
    var seed = document.getElementById("f-seed").textContent;
    var salt = document.getElementById("f-salt").textContent;
    var commitment = document.getElementById("f-commitment").textContent.trim().toLowerCase();
    window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed + ":" + salt)).then(function (buf) {
      var hex = Array.prototype.map.call(new Uint8Array(buf), function (b) {
        return ("0" + b.toString(16)).slice(-2);
      }).join("");
      out.textContent = hex === commitment ? "✔ your browser agrees" : "✘ your browser computed " + hex;
    });
  }
})();
