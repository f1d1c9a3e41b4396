/* Que table client: plain JS. Renders only what the server sends (observe() of this seat);
 * every button comes from view.legal, i.e. the engine's legal_actions. Protocol: docs/protocol.md */
(function () {
  "use strict";
  var root = document.getElementById("que-table");
  if (!root) return;

  // ---- i18n -------------------------------------------------------------------------------
  var T = {
    en: {
      waiting: "Waiting for players", playing: "Playing", between: "Hand over", closed: "Closed",
      wall: "Wall", you: "You", bot: "Bot", empty: "empty seat", offline: "offline", autoplay: "bot playing",
      left: "left", dealer: "Dealer", turn: "To act", your_turn: "Your turn", seconds: "s",
      leave: "Leave", bots_now: "Fill with bots now", next_hand: "Next hand", hand: "Hand", hands: "Hands",
      result: "Result", points: "Points", coins: "Coins", rake: "Rake", next_dealer: "Next dealer",
      seed: "Seed", salt: "Salt", commitment: "Commitment", verify: "Verify the wall",
      connected: "online", reconnecting: "reconnecting…", log: "Log", patterns: "Patterns",
      invite: "Invite code", spectator: "Watching (delayed)", settled: "Settled", not_settled: "settling…",
      discards: "Discards", concealed: "concealed tiles", melds: "Melds", draw: "draws", discard: "discards", win: "wins", draw_you: "draw", discard_you: "discard", win_you: "win",
      reason_win: "Win", reason_draw: "Draw (wall exhausted)", reason_escape: "Escape",
      bot_fill: "Bots join in", next_in: "Next hand in", pay: "pays", gets: "gets", missing: "void",
      claim_window: "Waiting for claims", next_terms: "from the next hand", back: "I'm back",
      leave_title: "Leave in the middle of a hand?", leave_stay: "Stay", leave_go: "Leave anyway",
      calc: "Coins = points × N − A", payments: "Payments this hand", rating: "Rating",
      hint: "Hint", hint_none: "No hint now",
      rating_note: "Your rating ranks this hand's points among the four players and is a cautious estimate that firms up with every hand, so it can rise after a loss.",
    },
    zh: {
      waiting: "等待玩家", playing: "对局中", between: "本局结束", closed: "已关闭",
      wall: "牌墙", you: "你", bot: "机器人", empty: "空位", offline: "离线", autoplay: "托管中",
      left: "已离开", dealer: "庄", turn: "轮到", your_turn: "轮到你", seconds: "秒",
      leave: "离开", bots_now: "立即补机器人", next_hand: "下一局", hand: "局", hands: "手牌",
      result: "结算", points: "分数", coins: "金币", rake: "抽水", next_dealer: "下局庄家",
      seed: "种子", salt: "盐", commitment: "承诺", verify: "验证牌墙",
      connected: "在线", reconnecting: "重新连接中…", log: "记录", patterns: "番种",
      invite: "邀请码", spectator: "观战（延迟）", settled: "已结算", not_settled: "结算中…",
      discards: "弃牌", concealed: "暗牌", melds: "副露", draw: "摸牌", discard: "打出", win: "胡",
      reason_win: "胡牌", reason_draw: "流局", reason_escape: "逃跑",
      bot_fill: "机器人将加入", next_in: "下一局", pay: "付", gets: "得", missing: "缺",
      claim_window: "等待吃碰杠胡", next_terms: "下一局起", back: "我回来了",
      leave_title: "对局中离开？", leave_stay: "留下", leave_go: "仍然离开",
      calc: "金币 = 分数 × N − A", payments: "本局收付", rating: "积分评级",
      hint: "提示", hint_none: "暂无提示",
      rating_note: "评级按本局四人的分数排名计算，并且是随局数增加而越来越准的保守估计，所以输了也可能上升。",
    },
  };
  // Labels only: what each engine name is called. No rule lives here; unknown names fall back
  // to the raw key so a future variant still renders.
  var ACTION_NAMES = {
    discard: ["Discard", "打"], chow: ["Chow", "吃"], pung: ["Pung", "碰"], kong_exposed: ["Kong", "杠"],
    kong_added: ["Add kong", "补杠"], kong_concealed: ["Concealed kong", "暗杠"], hu: ["Win", "胡"],
    pass: ["Pass", "过"], dingque: ["Void suit", "定缺"], paozi: ["Paozi", "炮子"], maizi: ["Buy", "买子"],
    xiazi: ["Bet", "下子"], hongzhong_gang: ["Red-dragon kong", "红中杠"], laizi_gang: ["Laizi kong", "癞子杠"],
    qiangjin: ["Rob the gold", "抢金"], sanjindao: ["Three golds", "三金倒"], buhua: ["Flower", "补花"],
    piao: ["Piao", "飘"], kong: ["Kong", "杠"], flower: ["Flowers", "补花"], gold: ["Gold opened", "开金"],
    laizi: ["Laizi", "癞子"], caishen: ["Caishen", "财神"], dice: ["Dice", "骰子"], cuopiao: ["False piao", "错飘"],
    haidi: ["Haidi", "海底"], haidi_set_aside: ["Haidi tile", "海底牌"], huang_zhuang: ["Exhausted", "荒庄"],
    single_winner: ["Single winner", "一炮单响"], final_group: ["Final group", "最后一墩"],
    qiangjin_declared: ["Rob the gold", "抢金"], forced_win: ["Forced win", "自动胡"], tongquan_lock: ["Lock", "锁"],
    kong_declared: ["Kong", "杠"], draw_settlement: ["Draw settlement", "流局结算"],
    exhausted: ["Wall exhausted", "牌墙摸完"], draw_check: ["Ready-hand check", "查叫"], score: ["Payment", "结算"], huang_zhuang_refund: ["Kongs returned (draw)", "荒庄退杠"], win: ["Win", "胡"], escape: ["Escape", "逃跑"], draw: ["Draw", "流局"],
  };
  // Binary bets: the choice value says yes/no.
  var CHOICE_NAMES = {
    maizi: { 0: ["Don't buy", "不买"], 1: ["Buy", "买子"] },
    xiazi: { 0: ["Don't bet", "不下"], 1: ["Bet", "下子"] },
  };
  var WILD_NAMES = { fuzhou: ["Gold", "金"], yiwu: ["Caishen", "财神"], wuhan: ["Laizi", "癞子"] };
  var FIELD_NAMES = {
    dingque: ["Void", "缺"], paozi: ["Paozi", "炮子"], piao: ["Piao", "飘"], huafan: ["Flower pts", "花番"],
    gold_discarder: ["Threw gold", "打金"], hongzhong_gang: ["Red kongs", "红中杠"], laizi_gang: ["Laizi kongs", "癞子杠"],
    openings: ["Open", "开口"], lou_hu: ["Missed wins", "漏胡"], exposed_caishen: ["Shown caishen", "亮财神"],
    mai: ["Maizi", "买子"], xiazi: ["Xiazi", "下子"], reserve: ["Reserve", "留牌"], final_group: ["Final group", "最后一墩"],
    tiles_remaining: ["Tiles left", "余牌"], reserve_tiles: ["Reserve", "留牌"], kong_count: ["Kongs", "杠数"],
    dealer_streak: ["Dealer streak", "连庄"], haidi: ["Haidi", "海底"], mode: ["Mode", "模式"],
    bet_offer: ["Betting", "下注"], contractor: ["Contractor", "承包"], dice: ["Dice", "骰子"],
    indicator: ["Indicator", "翻牌"], baiban_as: ["White dragon =", "白板作"], escaped: ["Escaped", "逃跑"],
  };
  var VALUE_NAMES = {
    kaikou: ["Open-hand doubling", "开口翻"], koukou: ["Every-meld doubling", "口口翻"],
    self_draw: ["self-drawn", "自摸"], discard: ["on a discard", "点炮"], rob_kong: ["robbing a kong", "抢杠"],
    maizi: ["Maizi", "买子"], xiazi: ["Xiazi", "下子"],
  };
  // Win pattern (番种) names, [English, 中文] per engine key: games/engine/patterns.py, sent by the
  // page as json_script "pattern-names".
  var patternsEl = document.getElementById("pattern-names");
  var PATTERN_NAMES = patternsEl ? JSON.parse(patternsEl.textContent) : {};
  var SHOWN_TOP = ["indicator", "baiban_as", "dice", "reserve", "reserve_tiles", "tiles_remaining", "final_group",
    "kong_count", "dealer_streak", "haidi", "mode", "bet_offer", "contractor"];
  var KNOWN_TOP = ["variant", "options", "dealer", "seat", "phase", "to_act", "turn", "wall_remaining", "wild",
    "last_discard", "claim", "scores", "wins", "result", "legal", "hands", "gold", "caishen", "mai", "xiazi", "props"];
  var KNOWN_HAND = ["seat", "concealed", "concealed_count", "melds", "discards", "flowers", "won", "drawn", "escaped"];
  function L(pair) { return lang === "zh" ? pair[1] : pair[0] + " " + pair[1]; }
  function fieldName(k) { return FIELD_NAMES[k] ? L(FIELD_NAMES[k]) : k; }
  function valueName(v) { return VALUE_NAMES[v] ? L(VALUE_NAMES[v]) : String(v); }
  function patName(p) {
    var k = typeof p === "string" ? p : (p.name || p.key || JSON.stringify(p));
    var n = PATTERN_NAMES[k];
    return n ? (lang === "zh" ? n[1] : n[0] + " (" + n[1] + ")") : k;
  }
  function wildName() { var v = S.view && S.view.variant; return L(WILD_NAMES[v] || ["Wild", "百搭"]); }
  var WINDS = { en: ["E", "S", "W", "N"], zh: ["东", "南", "西", "北"] };
  var NUM = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
  var SUIT = { m: "万", p: "筒", s: "条" };
  var HONOR = ["", "东", "南", "西", "北", "白", "发", "中"];
  var FLOWER = ["", "春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"];

  var lang = localStorage.getItem("que-lang") || root.dataset.lang || "en";
  function t(k) { return (T[lang] && T[lang][k]) || T.en[k] || k; }
  function actName(type) { var n = ACTION_NAMES[type]; return n ? (lang === "zh" ? n[1] : n[1] + " " + n[0]) : type; }
  function choiceText(type, c) {
    var m = CHOICE_NAMES[type];
    if (m && m[c]) return lang === "zh" ? m[c][1] : m[c][1] + " " + m[c][0];
    if (SUIT[c]) return SUIT[c] + " (" + c + ")";
    return String(c);
  }

  // ---- state ------------------------------------------------------------------------------
  var tableId = root.dataset.tableId;
  var S = { seq: -1, table: null, view: null, log: [], payments: [], pending: null, deadlineAt: null, nextAt: null, fillAt: null };
  var ws = null, retry = 0, closedForGood = false;
  var $ = function (id) { return document.getElementById(id); };

  // ---- tiles ------------------------------------------------------------------------------
  function splitTiles(str) {
    // "123m45p" -> ["1m","2m","3m","4p","5p"]
    var out = [], digits = [];
    for (var i = 0; i < (str || "").length; i++) {
      var c = str[i];
      if (c >= "0" && c <= "9") digits.push(c);
      else { for (var j = 0; j < digits.length; j++) out.push(digits[j] + c); digits = []; }
    }
    return out;
  }
  function tileLabel(tile) {
    if (!tile) return ["?", ""];
    var n = +tile[0], s = tile[1];
    if (SUIT[s]) return [NUM[n], SUIT[s]];
    if (s === "z") return [HONOR[n] || "?", ""];
    if (s === "f") return [FLOWER[n] || "?", ""];
    return [tile, ""];
  }
  function wildFace() { var w = S.view && S.view.wild; return typeof w === "string" ? w : (w && w.tile) || null; }
  function standinFace() { return (S.view && S.view.baiban_as) || null; }
  function tileEl(tile, opts) {
    opts = opts || {};
    var el = document.createElement(opts.button ? "button" : "span");
    var wild = tile && !opts.plain && tile === wildFace();
    var standin = tile === "5z" && !opts.plain && standinFace();
    el.className = "tile suit-" + (tile ? tile[1] : "x") + (opts.cls ? " " + opts.cls : "") + (wild ? " wild" : "") + (standin ? " standin" : "") + (tile ? "" : " back");
    var lab = tile ? tileLabel(tile) : ["", ""];
    el.innerHTML = '<span class="tn">' + lab[0] + '</span><span class="ts">' + lab[1] + '</span><span class="tl">' +
      (standin ? "=" + tileText(standin) : (tile || "")) + "</span>";
    el.title = (tile || "") + (wild ? " · " + wildName() : "") + (standin ? " · " + fieldName("baiban_as") + " " + standin : "");
    if (tile) el.dataset.tile = tile;
    if (opts.button) el.type = "button";
    return el;
  }
  function tilesEl(str, cls) {
    var wrap = document.createElement("span");
    wrap.className = "tiles " + (cls || "");
    if (str === null) { for (var i = 0; i < 4; i++) wrap.appendChild(tileEl(null)); return wrap; } // a face-down kong
    splitTiles(str).forEach(function (x) { wrap.appendChild(tileEl(x)); });
    return wrap;
  }
  function tileText(tile) { var l = tileLabel(tile); return l[0] + l[1]; }

  // ---- rendering --------------------------------------------------------------------------
  function mySeat() { return S.table ? S.table.you : null; }
  function seatName(i) {
    var st = S.table && S.table.seats[i];
    if (!st) return "#" + i;
    if (i === mySeat()) return t("you");
    if (st.is_bot) return (lang === "zh" ? "机器人" : "Bot") + " " + (i + 1);
    return st.name || t("empty");
  }
  function windOf(i) { var d = S.view ? S.view.dealer : (S.table ? S.table.dealer : 0); return WINDS[lang][(i - d + 4) % 4]; }

  function render() {
    var tb = S.table, v = S.view;
    if (!tb) return;
    $("status").textContent = (mySeat() === null ? t("spectator") + " · " : "") + t(tb.status) + (tb.hand_no ? " · #" + tb.hand_no : "");
    $("status").dataset.state = tb.status;
    $("wall").textContent = t("wall") + " " + (v ? v.wall_remaining : "—");
    $("lang-toggle").textContent = lang === "zh" ? "English" : "中文";
    $("log-title").textContent = t("log");
    var seated = mySeat() !== null;
    $("leave-btn").hidden = !seated; $("leave-btn").textContent = t("leave");
    $("bots-btn").hidden = !(seated && tb.status === "waiting"); $("bots-btn").textContent = t("bots_now");
    renderTerms(tb);
    renderBack(tb, seated);
    if (tb.invite_code) { $("invite").hidden = false; $("invite").textContent = t("invite") + ": " + tb.invite_code; }
    renderSeats(); renderCenter(); renderActions(); renderHint(); renderHand(); renderResult(); renderLog();
    if (window.QueProps) window.QueProps.render({ view: v, seat: mySeat(), lang: lang, act: act, pending: S.pending, tileEl: tileEl });  // static/games/props.js
    root.dataset.phase = v ? v.phase : "";
  }

  // The N and A the hand in play settles at (a room change shows as "from the next hand").
  function renderTerms(tb) {
    var chip = root.querySelector('[data-testid="room-terms"]');
    var terms = tb.terms || tb.room;
    if (!chip || !terms) return;
    var text = "N=" + terms.N + " · A=" + terms.A;
    if (tb.next_terms) text += " (" + t("next_terms") + ": N=" + tb.next_terms.N + " · A=" + tb.next_terms.A + ")";
    chip.textContent = text;
  }

  // A seat the bot stands in for because its player was away: one click takes it back.
  function renderBack(tb, seated) {
    var btn = $("back-btn");
    if (!btn) {
      btn = document.createElement("button");
      btn.type = "button"; btn.id = "back-btn"; btn.className = "small"; btn.hidden = true;
      btn.setAttribute("data-testid", "back-btn");
      btn.onclick = function () { send({ type: "back" }); };
      $("leave-btn").parentNode.insertBefore(btn, $("leave-btn"));
    }
    var st = seated ? tb.seats[mySeat()] : null;
    btn.hidden = !(st && st.autoplay && !st.left && tb.status === "playing");
    btn.textContent = t("back");
  }

  function renderSeats() {
    var box = $("seats"); box.innerHTML = "";
    var me = mySeat() === null ? 0 : mySeat();
    var order = [(me + 2) % 4, (me + 3) % 4, (me + 1) % 4, me];
    var pos = ["top", "left", "right", "bottom"];
    order.forEach(function (i, k) {
      var st = S.table.seats[i], h = S.view ? S.view.hands[i] : null;
      var el = document.createElement("div");
      el.className = "seat pos-" + pos[k] + (S.view && S.view.to_act.indexOf(i) >= 0 ? " acting" : "") + (i === mySeat() ? " me" : "");
      el.dataset.seat = i;
      var head = document.createElement("div"); head.className = "seat-head";
      var flags = [];
      if (st.autoplay) flags.push(t("autoplay"));
      if (!st.connected && !st.empty) flags.push(t("offline"));
      if (st.left) flags.push(t("left"));
      if (h && h.won) flags.push("✔ " + t("win"));
      var score = S.view ? S.view.scores[i] : null;
      head.innerHTML = '<span class="wind">' + windOf(i) + "</span>" +
        ((S.view ? S.view.dealer : S.table.dealer) === i ? '<span class="dealer">' + t("dealer") + "</span>" : "") +
        '<span class="name"></span>' + (score !== null ? '<span class="score">' + (score > 0 ? "+" : "") + score + "</span>" : "") +
        (h && i !== mySeat() ? '<span class="count" title="' + t("concealed") + '"><span class="back-mini"></span>×' + h.concealed_count + "</span>" : "") +
        '<span class="flags">' + flags.join(" · ") + "</span>";
      head.querySelector(".name").textContent = seatName(i);
      var tier = seatTier(i);
      if (tier) { var tb2 = document.createElement("span"); tb2.className = "tier-badge tier-" + tier.position; tb2.textContent = tier.name; tb2.setAttribute("data-testid", "seat-tier"); head.insertBefore(tb2, head.querySelector(".name").nextSibling); }
      el.appendChild(head);
      var facts = seatFacts(i, h);
      if (facts.length) {
        var fx = document.createElement("div"); fx.className = "facts";
        facts.forEach(function (f) { var c = document.createElement("span"); c.className = "fact fact-" + f[0]; c.setAttribute("data-fact", f[0]); c.textContent = f[1]; fx.appendChild(c); });
        el.appendChild(fx);
      }
      if (h) {
        if (h.concealed && i !== mySeat()) { el.appendChild(tilesEl(h.concealed, "revealed")); }
        var melds = document.createElement("div"); melds.className = "melds";
        (h.melds || []).forEach(function (m) { melds.appendChild(tilesEl(m.tiles, "meld meld-" + m.type)); });
        if (h.flowers) { var fl = tilesEl(h.flowers, "flowers"); fl.title = actName("flower"); melds.appendChild(fl); }
        el.appendChild(melds);
        var disc = document.createElement("div"); disc.className = "discards";
        (h.discards || []).forEach(function (x, n) {
          var last = S.view.last_discard && S.view.last_discard.seat === i && n === h.discards.length - 1;
          disc.appendChild(tileEl(x, { cls: last ? "last" : "" }));
        });
        el.appendChild(disc);
      }
      box.appendChild(el);
    });
  }

  function seatTier(i) {  // every frame's table info carries each human seat's tier
    var st = S.table && S.table.seats[i];
    return st && !st.is_bot && !st.empty && st.tier ? st.tier : null;
  }
  function fmtValue(k, v) {
    if (v === true) return "✓";
    if (k === "dingque" && SUIT[v]) return SUIT[v];
    if (Array.isArray(v)) return v.map(function (x) { return typeof x === "string" && /^\d+[mpszf]$/.test(x) ? tileText(x) : String(x); }).join(" ");
    if (typeof v === "string" && /^\d+[mpszf]$/.test(v)) return tileText(v);
    if (v !== null && typeof v === "object") return Object.keys(v).map(function (x) { return x + " " + fmtValue(x, v[x]); }).join(", ");
    return valueName(v);
  }
  // Every public per-seat fact observe() gives (bets, choices, counters), known or not.
  function seatFacts(i, h) {
    var out = [], v = S.view;
    if (!v || !h) return out;
    Object.keys(h).forEach(function (k) {
      if (KNOWN_HAND.indexOf(k) >= 0) return;
      var x = h[k];
      if (x === null || x === undefined || x === false || x === "" || (Array.isArray(x) && !x.length)) return;
      if (k === "piao" || k === "hongzhong_gang" || k === "laizi_gang" || k === "openings" || k === "huafan") { if (!x) return; }
      out.push([k, fieldName(k) + " " + fmtValue(k, x)]);
    });
    ["mai", "xiazi"].forEach(function (k) { if (Array.isArray(v[k]) && v[k][i]) out.push([k, fieldName(k) + " " + v[k][i]]); });
    if (v.contractor === i) out.push(["contractor", fieldName("contractor")]);
    if (h.escaped) out.push(["escaped", fieldName("escaped")]);
    return out;
  }
  // Table-wide public facts: wildcard, stand-ins, dice, reserve, … and anything new a variant adds.
  function renderInfo() {
    var box = $("info"); box.innerHTML = "";
    var v = S.view; if (!v) return;
    function chip(key, label, content) {
      var c = document.createElement("span"); c.className = "chip info-" + key; c.setAttribute("data-info", key);
      c.appendChild(document.createTextNode(label + " "));
      if (content) c.appendChild(content);
      box.appendChild(c);
    }
    if (v.wild) {
      var w = document.createElement("span"); w.className = "tiles";
      w.appendChild(tileEl(wildFace(), { cls: "small wild" }));
      chip("wild", "★ " + wildName(), w);
    }
    var keys = SHOWN_TOP.concat(Object.keys(v).filter(function (k) { return KNOWN_TOP.indexOf(k) < 0 && SHOWN_TOP.indexOf(k) < 0; }));
    keys.forEach(function (k) {
      var x = v[k];
      if (x === undefined || x === null || x === false || k === "mai" || k === "xiazi") return;
      if (k === "contractor") { chip(k, fieldName(k) + " " + seatName(x)); return; }
      if ((k === "indicator" || k === "baiban_as") && typeof x === "string") {
        var s1 = document.createElement("span"); s1.className = "tiles"; s1.appendChild(tileEl(x, { cls: "small", plain: true }));
        chip(k, fieldName(k) + (k === "baiban_as" ? "" : ""), s1); return;
      }
      if (k === "dice" && x && typeof x === "object" && !Array.isArray(x)) {
        var d = [x.dice1, x.dice2].filter(Boolean).map(function (p) { return p.join("+"); });
        chip(k, fieldName(k) + " " + d.join(" / ")); return;
      }
      if (k === "dice" && Array.isArray(x)) { chip(k, fieldName(k) + " " + x.join("+")); return; }
      if (k === "options") return;
      chip(k, fieldName(k) + " " + fmtValue(k, x));
    });
    if (v.options) Object.keys(v.options).forEach(function (k) { if (v.options[k] === true && k !== "open_windows" && !(k === "koukou" && v.mode)) chip("opt-" + k, k === "bloody" ? L(["Bloody battle", "血战到底"]) : k === "koukou" ? L(["Every-meld doubling", "口口翻"]) : k); });
  }

  function renderPayments() {
    var box = $("payments"); box.innerHTML = "";
    S.payments.slice(-6).forEach(function (p) {
      var li = document.createElement("li"); li.setAttribute("data-testid", "payment");
      li.textContent = p; box.appendChild(li);
    });
    box.hidden = !S.payments.length;
  }

  function renderCenter() {
    var v = S.view, tb = S.table;
    var turn = "";
    if (v && v.phase !== "over") {
      if (v.to_act.indexOf(mySeat()) >= 0) turn = t("your_turn");
      // A claim window names nobody to the others (who was asked would say who holds a pair).
      else if (v.phase === "claim" || !v.to_act.length) turn = t("claim_window");
      else turn = t("turn") + ": " + v.to_act.map(seatName).join(", ");
    }
    $("turn").textContent = turn;
    $("claim").innerHTML = "";
    if (v && v.claim) { $("claim").appendChild(tileEl(v.claim.tile, { cls: "big" })); }
    renderInfo(); renderPayments();
    tick();
  }

  function tick() {
    var el = $("countdown"), now = Date.now(), tb = S.table;
    if (!tb) return;
    if (tb.status === "playing" && S.deadlineAt) el.textContent = "◷ " + Math.max(0, Math.ceil((S.deadlineAt - now) / 1000)) + t("seconds");
    else if (tb.status === "between" && S.nextAt) el.textContent = t("next_in") + " " + Math.max(0, Math.ceil((S.nextAt - now) / 1000)) + t("seconds");
    else if (tb.status === "waiting" && S.fillAt) el.textContent = t("bot_fill") + " " + Math.max(0, Math.ceil((S.fillAt - now) / 1000)) + t("seconds");
    else el.textContent = "";
  }

  function legal() { return (S.view && S.view.legal) || []; }

  function renderActions() {
    var box = $("actions"); box.innerHTML = "";
    if (S.table && S.table.status === "between" && mySeat() !== null) {
      var me = S.table.seats[mySeat()];
      var b = document.createElement("button"); b.type = "button"; b.className = "act act-next";
      b.textContent = t("next_hand") + (me.ready ? " ✓" : ""); b.disabled = me.ready;
      b.dataset.testid = "next-hand"; b.setAttribute("data-testid", "next-hand");
      b.onclick = function () { send({ type: "ready" }); };
      box.appendChild(b);
      return;
    }
    legal().forEach(function (a) {
      if (a.type === "discard" || a.type === "prop") return; // discards: click a tile of the hand; props: the props bar
      var b = document.createElement("button"); b.type = "button"; b.className = "act act-" + a.type;
      b.setAttribute("data-action", a.type);
      var hasChoice = a.choice !== undefined && a.choice !== null;
      if (hasChoice) b.setAttribute("data-choice", a.choice);
      if (!(hasChoice && CHOICE_NAMES[a.type])) b.appendChild(document.createTextNode(actName(a.type) + " "));
      if (a.tiles) b.appendChild(tilesEl(a.tiles, "small"));
      else if (a.tile) b.appendChild(tileEl(a.tile, { cls: "small" }));
      if (hasChoice) b.appendChild(document.createTextNode(choiceText(a.type, a.choice)));
      b.disabled = !!S.pending;
      b.onclick = function () { act(a); };
      box.appendChild(b);
    });
  }

  // Practice rooms: the expert's best options for this seat, on request (docs/protocol.md, "Hints").
  function renderHint() {
    var btn = $("hint-btn"), list = $("hint-options");
    if (!btn || !list) return;
    var canAsk = mySeat() !== null && S.table.status === "playing" && legal().length > 0;
    btn.hidden = !canAsk; btn.textContent = t("hint") + (lang === "zh" ? "" : " 提示");
    btn.disabled = !!S.hintAsked;
    list.innerHTML = "";
    if (S.hint && S.hintFor !== JSON.stringify(legal())) S.hint = null;  // another decision now
    list.hidden = !(canAsk && S.hint);
    if (list.hidden) return;
    S.hint.options.forEach(function (o, k) {
      var li = document.createElement("li"); li.className = "hint-option" + (k === 0 ? " best" : "");
      li.setAttribute("data-testid", "hint-option");
      var a = o.action;
      li.appendChild(document.createTextNode(actName(a.type) + " "));
      if (a.tiles) li.appendChild(tilesEl(a.tiles, "small"));
      else if (a.tile) li.appendChild(tileEl(a.tile, { cls: "small" }));
      if (a.choice !== undefined && a.choice !== null) li.appendChild(document.createTextNode(" " + choiceText(a.type, a.choice)));
      var v = document.createElement("span"); v.className = "hint-value"; v.textContent = " " + o.value.toFixed(1);
      li.appendChild(v);
      var why = lang === "zh" ? o.reason_zh : o.reason;  // reason_zh: null for a phrase not translated
      if (why) { var r = document.createElement("small"); r.className = "muted"; r.textContent = " " + why; li.appendChild(r); }
      if (o.reason) li.title = o.reason;
      list.appendChild(li);
    });
    if (!S.hint.options.length) list.textContent = t("hint_none");
  }

  function renderHand() {
    var box = $("myhand"); box.innerHTML = "";
    var me = mySeat(); if (me === null || !S.view) return;
    var h = S.view.hands[me]; if (!h || !h.concealed) return;
    var discards = {};
    legal().forEach(function (a) { if (a.type === "discard") discards[a.tile] = a; });
    var tiles = splitTiles(h.concealed), drawn = h.drawn, drawnShown = false;
    var ordered = tiles.slice();
    if (drawn) { var k = ordered.lastIndexOf(drawn); if (k >= 0) ordered.splice(k, 1); }
    var render1 = function (x, isDrawn) {
      var a = discards[x];
      var el = tileEl(x, { button: !!a, cls: (a ? "playable" : "") + (isDrawn ? " drawn" : "") + (h.dingque && x[1] === h.dingque ? " void" : "") });
      if (a) {
        el.disabled = !!S.pending; el.onclick = function () { act(a); };
        // Yiwu: discarding the 财神 is a 飘 (observe() has a per-seat piao count there).
        var piao = h.piao !== undefined && x === wildFace();
        el.setAttribute("aria-label", (piao ? actName("piao") : actName("discard")) + " " + x);
        if (piao) el.title = actName("piao") + " · " + el.title;
      }
      box.appendChild(el);
    };
    ordered.forEach(function (x) { render1(x, false); });
    if (drawn && ordered.length < tiles.length) render1(drawn, true);
  }

  // ---- leaving mid-hand: what it costs (games/page_selectors.escape_quote) ----------------------
  function minutes(sec) {
    if (sec >= 3600 && sec % 3600 === 0) return (sec / 3600) + (lang === "zh" ? " 小时" : " h");
    return Math.round(sec / 60) + (lang === "zh" ? " 分钟" : " min");
  }
  function leaveText(q) {
    var zh = lang === "zh", out = [];
    if (!q || !q.live) return [zh ? "本局已结束，离开不扣分。" : "The hand is over: leaving costs nothing."];
    var minus = q.A ? " − " + q.A : "";
    if (q.ends_hand) {
      var p = (q.at_least ? (zh ? "至少 " : "at least ") : "") + q.penalty_points;
      var g = q.grace_seconds || 0;
      out.push(zh ? "现在离开算逃跑：" + g + " 秒内不回来，本局就此结束，你要付逃跑罚分 " + p + " 分 × N " + q.N + " = " + (q.at_least ? "至少 " : "") + q.penalty_coins + " 金币。"
        : "Leaving now is an escape (逃跑): unless you are back within " + g + " s, the hand ends then and you pay the escape penalty of " + p + " points × N " + q.N + " = " + (q.at_least ? "at least " : "") + q.penalty_coins + " coins.");
      if (q.at_least) out.push(zh ? "（罚分还按其他玩家手里的牌计算，你看不到那部分。）" : "(The penalty also counts tiles in the other players' hands, which you cannot see.)");
      out.push(zh ? "本局已有的分数照算（现在 " + signed(q.points_so_far) + "）：你这局会以 (" + q.points_so_far + " − " + q.penalty_points + ") × " + q.N + minus + " = " + signed(q.coins_if_leaving) + " 金币结束" + (q.at_least ? "（或更少）" : "") + "。"
        : "Points already won or lost in this hand stand (now " + signed(q.points_so_far) + "): you would end it at (" + q.points_so_far + " − " + q.penalty_points + ") × " + q.N + minus + " = " + signed(q.coins_if_leaving) + " coins" + (q.at_least ? " or less" : "") + ".");
    } else {
      out.push(zh ? "这里离开没有逃跑罚分：机器人替你打完本局，你得到本局的结果（抽水 " + q.A + "）。"
        : "There is no escape penalty here: a bot plays your seat to the end of the hand and you get that hand's result (rake " + q.A + ").");
    }
    if (q.cooldown_after) out.push(zh ? "这将是你 24 小时内第 " + (q.recent_escapes + 1) + " 次逃跑：之后 " + minutes(q.cooldown_after) + "内不能入座。"
      : "This would be escape no. " + (q.recent_escapes + 1) + " within 24 h: you could not sit at a table for " + minutes(q.cooldown_after) + ".");
    else if (q.first_cooldown_seconds) out.push(zh ? "24 小时内第 " + q.first_cooldown_at + " 次逃跑后，" + minutes(q.first_cooldown_seconds) + "内不能入座。"
      : "A " + (q.first_cooldown_at === 2 ? "second" : "repeated") + " escape within 24 h bars you from the tables for " + minutes(q.first_cooldown_seconds) + ".");
    return out;
  }
  function showLeave(q) {
    var d = $("leave-dialog");
    $("leave-title").textContent = t("leave_title");
    $("leave-stay").textContent = t("leave_stay"); $("leave-go").textContent = t("leave_go");
    var body = $("leave-body"); body.innerHTML = "";
    leaveText(q).forEach(function (line) { var p = document.createElement("p"); p.textContent = line; body.appendChild(p); });
    if (q && q.live) { body.dataset.penalty = q.penalty_points; body.dataset.coins = q.penalty_coins; body.dataset.cooldown = q.cooldown_after || q.first_cooldown_seconds; }
    if (d.showModal) d.showModal(); else d.setAttribute("open", "");
  }

  function coinWords(p, N) {  // this win's points in coins, before the hand's other payments and A
    // (the Coins column is the net: a player may win here and still end the hand below zero)
    return lang === "zh" ? "本次胡牌 金币 " + signed(p) + " × " + N + " = " + signed(p * N)
      : "→ this win " + signed(p) + " × N " + N + " = " + signed(p * N) + " coins";
  }
  // The result floats just under the top bar, so Leave and the language switch stay in reach
  // during the break between hands (a free leave then).
  function placeResult() {
    var box = $("result"), bar = document.querySelector("#que-table .topbar");
    if (box.hidden || !bar) return;
    var below = Math.max(0, bar.getBoundingClientRect().bottom);
    box.style.top = Math.max(8, below + 4) + "px";
    box.style.maxHeight = "calc(100vh - 10rem - " + below + "px)";
  }
  window.addEventListener("scroll", placeResult, { passive: true });
  window.addEventListener("resize", placeResult);
  function signed(n) { return n === null || n === undefined ? "…" : (n > 0 ? "+" : "") + n; }
  var resultKey = null;  // what the result box shows (renderResult)
  function renderResult() {
    var box = $("result"), v = S.view, tb = S.table;
    var r = v && v.result;
    if (!r || !tb.hand) { box.hidden = true; resultKey = null; return; }
    // Rebuilt only when what it shows changed: a presence or clock frame leaves it (and an
    // opened payments list) as it is.
    var names = [0, 1, 2, 3].map(seatName), key = JSON.stringify([
      r, tb.hand.id, tb.hand.coins, tb.hand.rake, tb.hand.status, tb.terms || tb.room, lang,
      S.foldedHand === tb.hand.id, S.payments, ratings[tb.hand.id], names, v.dealer]);
    box.hidden = false; placeResult();
    if (resultKey === key) return;
    resultKey = key; box.innerHTML = "";
    // The result floats over the board (visible without scrolling, phone included); it can be
    // folded to a bar to look at the table under it.
    box.classList.toggle("folded", S.foldedHand === tb.hand.id);
    var fold = document.createElement("button"); fold.type = "button"; fold.className = "small fold";
    fold.setAttribute("data-testid", "result-fold");
    fold.textContent = S.foldedHand === tb.hand.id ? "▴" : "▾";
    fold.onclick = function () { S.foldedHand = S.foldedHand === tb.hand.id ? null : tb.hand.id; render(); };
    box.appendChild(fold);
    var h2 = document.createElement("h3");
    h2.textContent = t("result") + " · " + t("reason_" + r.reason) + (r.exhausted && r.reason !== "draw" ? " · " + t("reason_draw") : "") + " · #" + tb.hand.hand_no;
    box.appendChild(h2);
    var tbl = document.createElement("table"); tbl.className = "res";
    var coins = tb.hand.coins || [], pts = r.points || [];
    var terms = tb.terms || tb.room, N = terms.N, A = terms.A; // what this hand settled at
    tbl.innerHTML = "<tr><th></th><th>" + t("points") + "</th><th>" + t("coins") + "</th><th class=\"calc\">" + t("calc") + "</th><th>" + t("hands") + "</th></tr>";
    for (var i = 0; i < 4; i++) {
      var tr = document.createElement("tr");
      tr.setAttribute("data-seat", i);
      if (i === mySeat()) tr.className = "me";
      var td0 = document.createElement("td"); td0.className = "who"; td0.textContent = windOf(i) + " " + seatName(i) + (((r.hands || [])[i] || {}).won ? " ✔" : ""); tr.appendChild(td0);
      var td1 = document.createElement("td"); td1.className = "points"; td1.dataset.value = pts[i]; td1.textContent = signed(pts[i]); tr.appendChild(td1);
      var td2 = document.createElement("td"); td2.className = "coins";
      if (coins.length) td2.dataset.value = coins[i];
      td2.textContent = coins.length ? signed(coins[i]) : "…"; tr.appendChild(td2);
      var tdc = document.createElement("td"); tdc.className = "calc";
      tdc.textContent = pts[i] === undefined ? "" : "(" + pts[i] + ") × " + N + (A ? " − " + A : "") + " = " + signed(pts[i] * N - A);
      tr.appendChild(tdc);
      var td3 = document.createElement("td"); td3.className = "hand"; var hh = (r.hands || [])[i];
      if (hh) {
        td3.appendChild(tilesEl(hh.concealed, "small"));
        (r.wins || []).forEach(function (w) {  // a discard (or a robbed kong) won on: the tile it took
          if (w.seat === i && w.from !== null && w.from !== undefined && w.tile) {
            var wt = tilesEl(w.tile, "small win-tile"); wt.setAttribute("data-testid", "win-tile"); td3.appendChild(wt);
          }
        });
        (hh.melds || []).forEach(function (m) { td3.appendChild(tilesEl(m.tiles, "small meld")); });
        if (hh.flowers) td3.appendChild(tilesEl(hh.flowers, "small flowers"));
      }
      tr.appendChild(td3);
      tbl.appendChild(tr);
    }
    box.appendChild(tbl);
    (r.wins || []).forEach(function (w) {
      var p = document.createElement("p"); p.className = "win-line"; p.setAttribute("data-testid", "win-line");
      var pats = (w.patterns || []).map(patName).join("、");
      var bits = [seatName(w.seat) + " " + verb("win", w.seat) + " " + (w.tile ? tileText(w.tile) : "") +
        (w.from !== null && w.from !== undefined ? " ← " + seatName(w.from) : " (" + L(["self-drawn", "自摸"]) + ")")];
      if (pats) bits.push(t("patterns") + ": " + pats);
      if (w.fan !== undefined) bits.push(w.fan + " " + L(["fan", "番"]));
      if (w.huafan) bits.push(fieldName("huafan") + " " + w.huafan);
      if (w.multiplier !== undefined) bits.push("×" + w.multiplier);
      if (w.multipliers) bits.push("× " + w.multipliers.join("/"));
      var val = w.points !== undefined ? w.points : w.value;
      if (val !== undefined) bits.push(t("points") + " " + val);
      if (w.deltas) {
        bits.push("(" + w.deltas.map(signed).join(", ") + ")");
        var got = w.deltas[w.seat];
        if (got !== undefined) bits.push(coinWords(got, N));
      } else if (typeof val === "number") {
        bits.push(coinWords(val, N));
      }
      p.textContent = bits.join(" · ");
      box.appendChild(p);
    });
    if (S.payments.length) {
      var pay = document.createElement("details"); pay.className = "pay-list"; pay.setAttribute("data-testid", "result-payments");
      var ps = document.createElement("summary"); ps.textContent = t("payments") + " (" + S.payments.length + ")"; pay.appendChild(ps);
      var ul = document.createElement("ul");
      S.payments.forEach(function (x) { var li = document.createElement("li"); li.textContent = x; ul.appendChild(li); });
      pay.appendChild(ul); box.appendChild(pay);
    }
    var sum = coins.reduce(function (a, b) { return a + b; }, 0);
    var meta = document.createElement("p"); meta.className = "meta";
    var rake = tb.hand.rake;
    meta.innerHTML = t("rake") + ': <strong data-testid="rake"></strong> · ' + L(["Coins sum", "金币合计"]) + ': <span data-testid="coin-sum"></span> · ' +
      t("next_dealer") + ': <span data-testid="next-dealer"></span> · <span class="settle"></span>';
    meta.querySelector('[data-testid="rake"]').textContent = rake !== undefined && rake !== null ? rake : "…";
    meta.querySelector('[data-testid="coin-sum"]').textContent = coins.length ? signed(sum) : "…";
    meta.querySelector('[data-testid="next-dealer"]').textContent = windOf(r.next_dealer) + " " + seatName(r.next_dealer);
    meta.querySelector(".settle").textContent = tb.hand.status === "settled" ? t("settled") : t("not_settled");
    meta.querySelector(".settle").setAttribute("data-testid", "settle-status");
    meta.querySelector(".settle").dataset.status = tb.hand.status;
    box.appendChild(meta);
    var calcNote = document.createElement("p"); calcNote.className = "meta calc-note";
    calcNote.textContent = t("calc") + " (N " + N + ", A " + A + ") · " + t("rake") + " = 4 × A = " + 4 * A;
    box.appendChild(calcNote);
    if (tb.hand.status === "settled" && mySeat() !== null) showRating(box, tb.hand.id);
  }

  // My rating change for a settled hand (ratings/views.hand_mine), with the one-line reason why a
  // rating can rise after a loss.
  var ratings = {};
  function showRating(box, handId) {
    var r = ratings[handId];
    if (r === undefined) {
      ratings[handId] = null;
      fetch("/ratings/hands/" + handId + "/mine.json", { credentials: "same-origin" })
        .then(function (x) { return x.ok ? x.json() : { rated: false }; })
        .then(function (j) { ratings[handId] = j; render(); }, function () { ratings[handId] = { rated: false }; });
      return;
    }
    if (!r || !r.rated) return;
    var p = document.createElement("p"); p.className = "meta rating-line"; p.setAttribute("data-testid", "result-rating");
    var d = r.rating_after - r.rating_before;
    p.textContent = t("rating") + ": " + r.rating_before + " → " + r.rating_after + " (" + signed(d) + ")";
    p.title = t("rating_note");
    box.appendChild(p);
    if (d > 0 && r.points < 0) {
      var n = document.createElement("p"); n.className = "meta rating-note"; n.setAttribute("data-testid", "rating-note");
      n.textContent = "ⓘ " + t("rating_note"); box.appendChild(n);
    }
  }

  function renderFair() {
    var box = $("fair"), h = S.table && S.table.hand; box.innerHTML = "";
    if (!h) return;
    var p = document.createElement("p");
    p.innerHTML = t("commitment") + ': <code class="commit"></code>';
    p.querySelector("code").textContent = h.commitment;
    box.appendChild(p);
    if (h.seed) {
      var q = document.createElement("p");
      q.innerHTML = t("seed") + ': <code data-testid="seed"></code> · ' + t("salt") + ": <code></code> · <a target=_blank></a>";
      var cs = q.querySelectorAll("code"); cs[0].textContent = h.seed; cs[1].textContent = h.salt;
      var a = q.querySelector("a"); a.href = "/fairness/hand/" + h.id + "/check/"; a.setAttribute("data-testid", "verify-link"); a.textContent = t("verify");
      box.appendChild(q);
    }
  }

  // "You draw", "East draws": English verbs agree with the seat (Chinese has one form)
  function verb(k, seat) { return t(seat === mySeat() && T[lang] && T[lang][k + "_you"] ? k + "_you" : k); }

  function describe(ev) {
    var s = ev.seat !== undefined ? seatName(ev.seat) : "";
    switch (ev.type) {
      case "draw": return s + " " + verb("draw", ev.seat) + (ev.tile ? " " + tileText(ev.tile) : "");
      case "discard": return s + " " + verb("discard", ev.seat) + " " + tileText(ev.tile);
      case "score": return payText(ev);
      case "deal": return null;
      case "hand_end": return t("result") + ": " + t("reason_" + ev.reason);
      case "choice": return s + " " + actName(ev.kind || "choice") + (ev.choice !== undefined && ev.choice !== null ? ": " + choiceText(ev.kind, ev.choice) : ": " + L(["chosen (hidden)", "已选择"]));
      case "reveal": return actName(ev.kind) + ": " + (ev.choices || []).map(function (c, i) { return seatName(i) + " " + (CHOICE_NAMES[ev.kind] ? choiceText(ev.kind, c) : (SUIT[c] || c)); }).join(", ");
      case "piao": return s + " " + actName("piao") + " ×" + ev.count + (ev.exposed ? " " + tileText(ev.exposed) : "");
      case "dice": return actName("dice") + " " + (ev.dice ? ev.dice.join("+") : [ev.dice1, ev.dice2].filter(Boolean).map(function (p) { return p.join("+"); }).join(" / "));
      case "gold": return actName("gold") + ": " + tileText(ev.tile);
      case "laizi": return actName("laizi") + ": " + tileText(ev.laizi) + " (" + fieldName("indicator") + " " + tileText(ev.indicator) + ")";
      case "caishen": return actName("caishen") + ": " + tileText(ev.caishen) + (ev.baiban_as ? " · " + fieldName("baiban_as") + " " + tileText(ev.baiban_as) : "");
      case "flower": return s + " " + actName("flower") + " " + splitTiles(ev.tiles || ev.tile || "").map(tileText).join("");
      case "bet_offer": return actName(ev.kind) + " → " + (ev.seats || []).map(seatName).join(", ");
      case "choice_phase": return null;
      case "response": return null;
      case "prop": case "prop_reveal": return window.QueProps ? window.QueProps.describe(ev, s) : null;
      default:
        return s + " " + actName(ev.kind && ACTION_NAMES[ev.kind] ? ev.kind : ev.type) + (ev.tile ? " " + tileText(ev.tile) : "") + (ev.tiles ? " " + ev.tiles : "");
    }
  }

  function payText(ev) {
    var why = ev.kind || ev.reason || "score";
    return "¥ " + actName(why) + ": " + (ev.deltas || []).map(function (d, i) { return d ? seatName(i) + " " + signed(d) : null; }).filter(Boolean).join(", ");
  }
  function logFrame(f) {
    var lines = [];
    if (f.kind === "engine" || f.kind === "escape") {
      (f.data.events || []).forEach(function (ev) {
        var d = describe(ev); if (d) lines.push(d);
        if (ev.type === "score") S.payments.push(payText(ev));
      });
    } else if (f.kind === "hand_start") {
      S.payments = [];
      lines.push(t("hand") + " #" + f.data.hand_no + " · " + t("commitment") + " " + f.data.commitment.slice(0, 16) + "…");
    } else if (f.kind === "settled") {
      lines.push(t("settled") + ": " + f.data.coins.map(function (c, i) { return seatName(i) + " " + (c > 0 ? "+" : "") + c; }).join(", ") + " · " + t("rake") + " " + f.data.rake);
    } else if (f.kind === "hand_end") {
      lines.push(t("seed") + " " + f.data.seed);
    }
    lines.forEach(function (l) { S.log.push(l); });
    if (S.log.length > 200) S.log = S.log.slice(-200);
  }

  function renderLog() {
    var box = $("log"); box.innerHTML = "";
    S.log.slice(-30).forEach(function (l) { var li = document.createElement("li"); li.textContent = l; box.appendChild(li); });
    box.scrollTop = box.scrollHeight;
    renderFair();
  }

  function toast(msg) {
    var el = $("toast"); el.textContent = msg; el.hidden = false;
    clearTimeout(toast.timer); toast.timer = setTimeout(function () { el.hidden = true; }, 4000);
  }

  // ---- protocol ---------------------------------------------------------------------------
  function takeTable(tb) {
    S.table = tb;
    var now = Date.now();
    S.deadlineAt = tb.deadline_ms !== null && tb.deadline_ms !== undefined ? now + tb.deadline_ms : null;
    S.nextAt = tb.next_hand_ms !== null && tb.next_hand_ms !== undefined ? now + tb.next_hand_ms : null;
    S.fillAt = tb.bot_fill_ms !== null && tb.bot_fill_ms !== undefined ? now + tb.bot_fill_ms : null;
  }

  function onFrame(f) {
    if (f.type === "hint") {
      S.hintAsked = false;
      // shown while the options it ranks are the ones offered (a hint for a decision already
      // gone is dropped)
      if (f.seq >= S.seq) { S.hint = f; S.hintFor = JSON.stringify(legal()); }
      render();
      return;
    }
    if (f.type === "snapshot") {
      S.seq = f.seq; takeTable(f.table); S.view = f.view; S.log = []; S.payments = [];
      (f.recent || []).forEach(logFrame);
      S.pending = null;
      render();
    } else if (f.type === "events") {
      if (S.seq >= 0 && f.events.length && f.events[0].seq > S.seq + 1) {
        send({ type: "sync", seq: S.seq }); // a gap: ask for what we missed
        return;
      }
      f.events.forEach(function (e) { if (e.seq > S.seq) logFrame(e); });
      S.seq = f.seq; takeTable(f.table); S.view = f.view;
      render();
    } else if (f.type === "ack") {
      if (S.pending && S.pending.id === f.id) S.pending = null;
      render();
    } else if (f.type === "error") {
      S.hintAsked = false;
      if (S.pending && (S.pending.id === f.id || !f.id)) S.pending = null;
      toast(f.message);
      if (f.code === "stale_seq") send({ type: "sync", seq: S.seq });
      render();
    } else if (f.type === "left") {
      if (f.result === "left") window.location.href = "/play/";
    }
  }

  function newId() {
    var a = new Uint8Array(8); (window.crypto || window.msCrypto).getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function act(a) {
    if (S.pending) return;
    var action = {}; Object.keys(a).forEach(function (k) { if (k !== "seat") action[k] = a[k]; });
    S.pending = { id: newId(), action: action };
    send({ type: "action", id: S.pending.id, seq: S.seq, action: action });
    render();
  }

  function send(obj) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj)); }

  function connect() {
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    var url = proto + location.host + root.dataset.wsPath + (root.dataset.code ? "?code=" + encodeURIComponent(root.dataset.code) : "");
    ws = new WebSocket(url);
    $("conn").textContent = t("reconnecting"); $("conn").dataset.state = "connecting";
    ws.onopen = function () { retry = 0; $("conn").textContent = t("connected"); $("conn").dataset.state = "open"; };
    ws.onmessage = function (m) { try { onFrame(JSON.parse(m.data)); } catch (e) { console.error(e); } };
    ws.onclose = function (e) {
      $("conn").textContent = t("reconnecting"); $("conn").dataset.state = "closed";
      if ([4401, 4403, 4404, 4409, 4429].indexOf(e.code) >= 0) { closedForGood = true; toast("closed (" + e.code + ")"); return; }
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 300 * retry);
    };
  }

  $("lang-toggle").onclick = function () { lang = lang === "zh" ? "en" : "zh"; localStorage.setItem("que-lang", lang); render(); };
  $("leave-btn").onclick = function () {
    if (!(S.table && S.table.status === "playing")) { send({ type: "leave" }); return; }
    fetch("/table/" + tableId + "/leave-cost/", { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(showLeave, function () { showLeave(null); });
  };
  $("leave-stay").onclick = function () { $("leave-dialog").close(); };
  $("leave-go").onclick = function () { $("leave-dialog").close(); send({ type: "leave" }); };
  $("bots-btn").onclick = function () { send({ type: "bots" }); };
  if ($("hint-btn")) $("hint-btn").onclick = function () { S.hintAsked = true; send({ type: "hint", id: newId() }); render(); };
  setInterval(tick, 500);
  // Keep-alive and a cheap gap check: the server answers with its seq.
  setInterval(function () { send({ type: "sync", seq: S.seq }); }, 15000);
  connect();
})();
