// Replay viewer: steps through the frames the server rebuilt with the engine's replay() and shows
// them like the live table: tile faces, winds and names, the wildcard marked, each seat's public
// choices (定缺, 炮子, 买子 …) in words, and one line per step. Plain JS, no dependencies.
// Step 0 is the deal; step k is the state after the k-th recorded action.
(function () {
  "use strict";
  var stepsEl = document.getElementById("replay-steps");
  if (!stepsEl) return;
  var steps = JSON.parse(stepsEl.textContent);
  var pub = JSON.parse((document.getElementById("replay-public") || { textContent: "[]" }).textContent) || [];
  var players = JSON.parse(document.getElementById("replay-players").textContent);
  var patternsEl = document.getElementById("pattern-names");
  var patternNames = patternsEl ? JSON.parse(patternsEl.textContent) : {};
  var zh = (document.documentElement.lang || "").toLowerCase().indexOf("zh") === 0;
  var board = document.getElementById("replay-board");
  var top = document.getElementById("replay-top");
  var eventsEl = document.getElementById("replay-events");
  var range = document.getElementById("replay-range");
  var index = 0;

  function L(en, cn) { return zh ? cn : en + " " + cn; }
  function W(en, cn) { return zh ? cn : en; }
  var NUM = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
  var SUIT = { m: "万", p: "筒", s: "条" };
  var HONOR = ["", "东", "南", "西", "北", "白", "发", "中"];
  var FLOWER = ["", "春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"];
  var WINDS = zh ? ["东", "南", "西", "北"] : ["E", "S", "W", "N"];
  var SUIT_NAME = { m: ["Characters", "万"], p: ["Dots", "筒"], s: ["Bamboo", "条"] };
  var VERB = {
    discard: ["discards", "打出"], chow: ["chows", "吃"], pung: ["pungs", "碰"], kong_exposed: ["kongs", "明杠"],
    kong_added: ["adds a kong", "补杠"], kong_concealed: ["declares a concealed kong", "暗杠"], hu: ["wins", "胡"],
    pass: ["passes", "过"], hongzhong_gang: ["kongs the red dragon", "红中杠"], laizi_gang: ["kongs the laizi", "癞子杠"],
    qiangjin: ["robs the gold", "抢金"], sanjindao: ["wins with three golds", "三金倒"], escape: ["leaves the table (escape)", "逃跑"],
  };
  var FACTS = {
    dingque: ["Void", "定缺"], paozi: ["Paozi", "炮子"], piao: ["Piao", "飘"], huafan: ["Flower points", "花番"],
    gold_discarder: ["Threw a gold", "打金"], hongzhong_gang: ["Red-dragon kongs", "红中杠"], laizi_gang: ["Laizi kongs", "癞子杠"],
    openings: ["Openings", "开口"], exposed_caishen: ["Shown caishen", "亮财神"], lou_hu: ["Passed win", "漏胡"],
    mai: ["Bought", "买子"], xiazi: ["Bet", "下子"],
  };
  var WILD = { fuzhou: ["Gold", "金"], yiwu: ["Caishen", "财神"], wuhan: ["Laizi", "癞子"] };
  var variant = (document.getElementById("replay").getAttribute("data-variant")) || "";

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function split(str) {
    var out = [], digits = "";
    for (var i = 0; i < (str || "").length; i++) {
      var c = str[i];
      if (c >= "0" && c <= "9") digits += c;
      else { for (var j = 0; j < digits.length; j++) out.push(digits[j] + c); digits = ""; }
    }
    return out;
  }
  function label(t) {
    var n = +t[0], s = t[1];
    if (SUIT[s]) return [NUM[n], SUIT[s]];
    if (s === "z") return [HONOR[n] || t, ""];
    if (s === "f") return [FLOWER[n] || t, ""];
    return [t, ""];
  }
  function text(t) { if (!t) return ""; return split(t).map(function (x) { var l = label(x); return l[0] + l[1]; }).join(""); }
  var wild = null;
  function tileEl(t) {
    var s = el("span", "tile suit-" + t[1] + (t === wild ? " wild" : ""));
    var l = label(t);
    s.appendChild(el("span", "tn", l[0])); s.appendChild(el("span", "ts", l[1]));
    s.setAttribute("data-tile", t); s.title = t + (t === wild ? " · " + wildName() : "");
    return s;
  }
  function row(str, cls) {
    var r = el("span", "tiles " + (cls || ""));
    if (str === null) { for (var i = 0; i < 4; i++) r.appendChild(el("span", "tile back")); return r; }
    split(str).forEach(function (t) { r.appendChild(tileEl(t)); });
    return r;
  }
  function wildName() { var w = WILD[variant] || ["Wild", "百搭"]; return L(w[0], w[1]); }
  function dealerAt(k) { var p = pub[k] || pub[0]; return p && p.dealer !== undefined && p.dealer !== null ? p.dealer : 0; }
  function who(seat) {
    if (seat === undefined || seat === null) return "";
    var p = players[seat];
    return WINDS[(seat - dealerAt(index) + 4) % 4] + " " + playerName(seat);
  }
  function playerName(seat) {
    var p = players[seat];
    if (!p) return "#" + (seat + 1);
    return p.is_bot && zh ? "机器人 " + (seat + 1) : p.name;
  }
  function patternName(key) { var n = patternNames[key]; return n ? (zh ? n[1] : n[0] + " (" + n[1] + ")") : key; }
  function signed(n) { return (n > 0 ? "+" : "") + n; }
  function choiceWords(kind, c) {
    if (kind === "dingque" && SUIT_NAME[c]) return W("void in ", "缺") + L(SUIT_NAME[c][0], SUIT_NAME[c][1]);
    if (kind === "paozi") return L("Paozi", "炮子") + " " + c;
    if (kind === "maizi") return +c ? W("buys (买子)", "买子") : W("does not buy (不买)", "不买");
    if (kind === "xiazi") return +c ? W("bets on the dealer (下子)", "下子") : W("does not bet (不下)", "不下");
    return String(c);
  }
  function factWords(k, v) {
    var name = FACTS[k] ? L(FACTS[k][0], FACTS[k][1]) : k;
    if (k === "dingque" && SUIT_NAME[v]) return name + " " + SUIT_NAME[v][1];
    if (v === true) return name;
    if (typeof v === "string" && /^(\d+[mpszf])+$/.test(v)) return name + " " + text(v);
    return name + " " + v;
  }

  // One line per step: the action in words, then what it caused (draws, reveals, wins, payments).
  function actionWords(a) {
    if (!a) return null;
    var s = who(a.seat);
    if (a.type === "dingque" || a.type === "paozi" || a.type === "maizi" || a.type === "xiazi") return s + " " + choiceWords(a.type, a.choice);
    var v = VERB[a.type], verb = v ? W(v[0], v[1]) : a.type;
    return s + " " + verb + (a.tiles ? " " + text(a.tiles) : a.tile ? " " + text(a.tile) : "");
  }
  function eventWords(e, action) {
    switch (e.type) {
      case "deal": return W("Deal", "发牌") + " · " + W("dealer", "庄家") + " " + who(e.dealer);
      case "draw": return who(e.seat) + " " + W("draws", "摸") + (e.tile ? " " + text(e.tile) : "");
      case "reveal": return L("Choices", "亮明") + ": " + (e.choices || []).map(function (c, i) { return who(i) + " " + choiceWords(e.kind, c); }).join(", ");
      case "caishen": return wildName() + ": " + text(e.caishen) + (e.baiban_as ? " · " + W("White dragon stands for", "白板作") + " " + text(e.baiban_as) : "");
      case "laizi": return wildName() + ": " + text(e.laizi) + " (" + W("indicator", "翻牌") + " " + text(e.indicator) + ")";
      case "gold": return wildName() + ": " + text(e.tile);
      case "dice": return W("Dice", "骰子") + " " + (e.dice ? e.dice.join("+") : [e.dice1, e.dice2].filter(Boolean).map(function (p) { return p.join("+"); }).join(" / "));
      case "flower": return who(e.seat) + " " + W("shows flowers", "补花") + " " + text(e.tiles || e.tile);
      case "bet_offer": return (e.kind === "maizi" ? L("Buying", "买子") : L("Betting", "下子")) + " → " + (e.seats || []).map(who).join(", ");
      case "hu": return who(e.seat) + " " + W("wins on", "胡") + " " + text(e.tile) + (e.from !== null && e.from !== undefined ? " ← " + who(e.from) : " (" + W("self-drawn", "自摸") + ")") +
        (e.patterns && e.patterns.length ? " · " + e.patterns.map(patternName).join("、") : "") + (e.fan ? " · " + e.fan + W(" fan", "番") : "") +
        (e.points !== undefined ? " · " + W("points ", "分数 ") + e.points : e.value !== undefined ? " · " + W("points ", "分数 ") + e.value : "");
      case "score": return "¥ " + (e.deltas || []).map(function (d, i) { return d ? who(i) + " " + signed(d) : null; }).filter(Boolean).join(", ");
      case "hand_end": return W("Hand over", "本局结束") + " · " + ({ win: W("win", "胡牌"), draw: W("draw", "流局"), escape: W("escape", "逃跑") }[e.reason] || e.reason);
      case "prop": return who(e.seat) + " " + W("uses", "使用") + " " + propName(e.choice);
      case "prop_reveal": // what the prop told its user (a replay shows the whole hand)
        return who(e.seat) + " · " + propName(e.choice) + ": " +
          (e.band !== undefined ? (e.band ? W("drawn at ", "在第 ") + e.band.join("-") : W("not in the wall", "不在牌墙")) :
           e.out ? text(e.out) + " → " + text(e["in"]) : e.suit ? e.suit + ": " + text(e.hand) : JSON.stringify(e));
      case "exhausted": case "huang_zhuang": return W("Wall exhausted", "荒庄");
      case "tongquan_lock": // Yiwu 同圈: a win or pung passed on a face is barred until the seat's next turn
        return who(e.seat) + " " + (e.lock === "win" ? W("may not win on", "同圈不能胡") : W("may not pung", "同圈不能碰")) +
          " " + text(e.tile) + W(" this go-round (同圈)", "");
      case "lou_hu": return who(e.seat) + " " + W("passed a win on", "漏胡") + " " + text(e.tile);
      case "forced_win": return who(e.seat) + " " + W("must win", "必须胡");
      case "single_winner": return W("One winner", "截胡") + ": " + who(e.winner);
      case "haidi": case "final_group": return W("The wall's last tiles", "海底") + " (" + e.tiles + ")";
      case "haidi_set_aside": return who(e.seat) + " " + W("sets aside", "放下") + " " + text(e.tile);
      case "piao": return who(e.seat) + " " + W("piao", "飘财") + " ×" + e.count + (e.exposed ? " " + text(e.exposed) : "");
      case "cuopiao": return who(e.seat) + " " + W("wrong piao", "错飘");
      case "draw_check": // Sichuan's draw settlement: 查花猪 (a void suit kept) and 查大叫 (ready hands)
        var pigs = e.flower_pigs || [], calls = e.dajiao || {};
        var ready = Object.keys(calls).filter(function (s) { return calls[s]; });
        var idle = Object.keys(calls).filter(function (s) { return !calls[s]; });
        return [L("Draw check", "查叫")]
          .concat(pigs.length ? [W("flower pig ", "花猪 ") + pigs.map(who).join(", ")] : [])
          .concat(ready.length ? [W("ready ", "听牌 ") + ready.map(function (s) { return who(+s) + " " + calls[s]; }).join(", ")] : [])
          .concat(idle.length ? [W("not ready ", "未听 ") + idle.map(function (s) { return who(+s); }).join(", ")] : [])
          .join(" · ");
      case "kong": case "pung": case "chow": case "discard": case "choice": case "response": case "choice_phase":
      case "hongzhong_gang": case "laizi_gang": case "escape": case "kong_declared": case "qiangjin_declared":
        return null; // the action's own line says it
      default:
        return (e.seat !== undefined ? who(e.seat) + " " : "") + (e.kind || e.type) + (e.tile ? " " + text(e.tile) : "");
    }
  }
  var PROP_NAMES = {
    toutian: ["Steal the sky", "偷天换日"], yihua: ["Graft", "移花接木"], qianliyan: ["Far sight", "千里眼"],
    shunfeng: ["Keen ears", "顺风耳"], jinshouzhi: ["Golden finger", "金手指"], qiankun: ["Great shift", "乾坤大挪移"],
  };
  function propName(key) { var n = PROP_NAMES[key]; return n ? W(n[0], n[1]) : key; }
  function stepLine(k) {
    var step = steps[k], parts = [];
    var act = step.action;
    // A win's own event says more than its action (who paid, the patterns): one of them only.
    var echoed = act && (step.events || []).some(function (e) { return e.type === act.type && e.seat === act.seat && eventWords(e); });
    var a = echoed ? null : actionWords(act); if (a) parts.push(a);
    (step.events || []).forEach(function (e) { var d = eventWords(e, step.action); if (d) parts.push(d); });
    return parts.join(" · ");
  }

  function render() {
    var step = steps[index], f = step.frame, p = pub[index] || {};
    wild = p.wild || null;
    top.textContent = "";
    if (wild) { var c = el("span", "chip info-wild"); c.appendChild(document.createTextNode("★ " + wildName() + " ")); c.appendChild(row(wild)); top.appendChild(c); }
    top.appendChild(el("span", "chip", L("Wall", "牌墙") + " " + f.wall_remaining));
    board.textContent = "";
    for (var s = 0; s < f.hands.length; s++) {
      var box = el("div", "replay-seat" + (f.turn === s && f.phase !== "over" ? " on-turn" : "") + (f.won[s] ? " won" : ""));
      box.setAttribute("data-seat", s);
      var head = el("div", "seat-name");
      head.appendChild(el("span", "wind", WINDS[(s - dealerAt(index) + 4) % 4]));
      head.appendChild(document.createTextNode(" " + playerName(s) + " "));
      if (s === dealerAt(index)) head.appendChild(el("span", "dealer-mark", W("Dealer", "庄")));
      head.appendChild(el("span", "score", " " + signed(f.scores[s])));
      if (f.won[s]) head.appendChild(el("span", "won-mark", " ✔ " + W("won", "已胡")));
      box.appendChild(head);
      var facts = {}, own = (p.facts || [])[s] || {};
      Object.keys(own).forEach(function (k) { facts[k] = own[k]; });
      var shared = p.top || {};
      if (shared.mai && shared.mai[s]) facts.mai = true;
      if (shared.xiazi && shared.xiazi[s]) facts.xiazi = shared.xiazi[s];
      var keys = Object.keys(facts);
      if (keys.length) {
        var fx = el("div", "facts");
        keys.forEach(function (k) { var x = el("span", "fact fact-" + k, factWords(k, facts[k])); x.setAttribute("data-fact", k); fx.appendChild(x); });
        box.appendChild(fx);
      }
      box.appendChild(row(f.hands[s], "concealed"));
      var melds = el("div", "melds");
      (f.melds[s] || []).forEach(function (m) { melds.appendChild(row(m.tiles, "meld meld-" + m.type)); });
      if (f.flowers[s]) melds.appendChild(row(f.flowers[s], "flowers"));
      box.appendChild(melds);
      box.appendChild(row(f.discards[s], "discards"));
      board.appendChild(box);
    }
    var items = eventsEl.children;
    for (var k = 0; k < items.length; k++) items[k].classList.toggle("current", k === index);
    if (items[index] && items[index].scrollIntoView && eventsEl.scrollHeight > eventsEl.clientHeight) {
      eventsEl.scrollTop = items[index].offsetTop - eventsEl.offsetTop - eventsEl.clientHeight / 2;
    }
    document.getElementById("replay-index").textContent = index;
    range.value = index;
  }

  function go(to) { index = Math.max(0, Math.min(steps.length - 1, to)); render(); }

  steps.forEach(function (_, k) {
    var li = el("li", "step", stepLine(k));
    li.setAttribute("data-step", k);
    li.addEventListener("click", function () { go(k); });
    eventsEl.appendChild(li);
  });
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
  // "#step-N" (the review's links) opens the replay at step N: the situation of that decision.
  function fromHash() {
    var m = /^#step-(\d+)$/.exec(window.location.hash);
    if (!m) return;
    go(parseInt(m[1], 10));
    var box = document.getElementById("replay");
    if (box && box.scrollIntoView) box.scrollIntoView();
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();

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
      out.textContent = hex === commitment ? W("✔ your browser agrees", "✔ 你的浏览器验证一致") : W("✘ your browser computed ", "✘ 你的浏览器算出 ") + hex;
    });
  }
})();
