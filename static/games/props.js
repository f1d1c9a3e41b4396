/* Props bar (道具) of the table page: docs/engine-props.md, docs/props.md.
 * table.js calls QueProps.render(ctx) after each render and QueProps.describe(ev, who) for the
 * log. Everything shown comes from observe()'s "props" block (own holdings and answers, everyone's
 * golden fingers) and from view.legal (the uses allowed now); the engine checks every use. */
(function () {
  var NAMES = {
    qiankun: ["Shuffle of heaven", "乾坤大挪移"],
    toutian: ["Swap for a chosen tile", "偷天换日"],
    yihua: ["Swap for a random tile", "移花接木"],
    qianliyan: ["Far sight", "千里眼"],
    shunfeng: ["Next draw", "顺风耳"],
    jinshouzhi: ["Golden finger", "金手指"],
  };
  var ORDER = ["qiankun", "toutian", "yihua", "qianliyan", "shunfeng", "jinshouzhi"];
  var TEXT = {
    en: { props: "Props", used: "used", pick_own: "Pick one of your tiles", pick_kind: "Pick the tile kind",
      cancel: "Cancel", band: "among the next draws", none: "not in the wall", next: "next draw",
      arm: "Use at the next deal", armed: "at the next deal ✓", suit: "suit" },
    zh: { props: "道具", used: "使用了", pick_own: "选择自己的一张牌", pick_kind: "选择目标牌",
      cancel: "取消", band: "在接下来的第", none: "牌墙中没有", next: "下一张牌",
      arm: "下一局使用", armed: "下一局使用 ✓", suit: "花色" },
  };
  var picking = null; // {key, own}: a use waiting for its tiles
  var armed = null;
  var lastDealt = 0; // 乾坤大挪移 answers seen in the current hand
  var ctx = null;

  function lang() { return ctx && ctx.lang === "zh" ? "zh" : "en"; }
  function t(k) { return TEXT[lang()][k]; }
  function name(key) { var n = NAMES[key]; return n ? (lang() === "zh" ? n[1] : n[1] + " " + n[0]) : key; }
  function kinds(variant) {
    var out = [];
    ["m", "p", "s"].forEach(function (s) { for (var i = 1; i <= 9; i++) out.push(i + s); });
    if (variant === "wuhan") for (var j = 1; j <= 7; j++) out.push(j + "z");
    return out;
  }
  function split(str) {  // "123m45p" -> ["1m","2m","3m","4p","5p"]
    var out = [], digits = "";
    str = str || "";
    for (var i = 0; i < str.length; i++) {
      var c = str[i];
      if (c >= "0" && c <= "9") digits += c;
      else if ("mpsz".indexOf(c) >= 0) { for (var k = 0; k < digits.length; k++) out.push(digits[k] + c); digits = ""; }
    }
    return out;
  }

  function answerText(a) {
    var n = name(a.choice) + ": ";
    if (a.choice === "qianliyan") return n + a.tile + " " + (a.band ? t("band") + " " + a.band[0] + "–" + a.band[1] : t("none"));
    if (a.choice === "shunfeng") return n + t("next") + " " + a.tile;
    if (a.out) return n + a.out + " → " + a["in"];
    if (a.suit) return n + t("suit") + " " + a.suit;
    return n;
  }

  function button(label, testid, onclick, disabled) {
    var b = document.createElement("button");
    b.type = "button"; b.className = "small prop-btn"; b.textContent = label;
    if (testid) b.setAttribute("data-testid", testid);
    b.disabled = !!disabled; b.onclick = onclick;
    return b;
  }

  function use(key, extra) {
    var a = { type: "prop", choice: key };
    Object.keys(extra || {}).forEach(function (k) { a[k] = extra[k]; });
    picking = null;
    ctx.act(a);
  }

  function start(key) {
    if (key === "shunfeng" || key === "jinshouzhi") { use(key); return; }
    picking = { key: key, own: null };
    render(ctx);
  }

  function picker(box, v, me) {
    var row = document.createElement("div"); row.className = "prop-picker"; row.setAttribute("data-testid", "prop-picker");
    var needOwn = (picking.key === "toutian" || picking.key === "yihua") && !picking.own;
    var label = document.createElement("span"); label.textContent = name(picking.key) + " · " + (needOwn ? t("pick_own") : t("pick_kind"));
    row.appendChild(label);
    var choices = needOwn ? uniq(split(v.hands[me].concealed)) : kinds(v.variant);
    choices.forEach(function (x) {
      var b = ctx.tileEl(x, { button: true, cls: "small" });
      b.setAttribute("data-pick", x);
      b.onclick = function () {
        if (needOwn && picking.key === "yihua") use("yihua", { tile: x });
        else if (needOwn) { picking.own = x; render(ctx); }
        else if (picking.key === "toutian") use("toutian", { tiles: picking.own + x });
        else use("qianliyan", { tile: x });
      };
      row.appendChild(b);
    });
    row.appendChild(button(t("cancel"), "prop-cancel", function () { picking = null; render(ctx); }));
    box.appendChild(row);
  }
  function uniq(xs) { return xs.filter(function (x, i) { return xs.indexOf(x) === i; }); }

  function arm() {
    var token = (document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/) || [])[1] || "";
    fetch("/api/v1/props/qiankun", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(token) },
      body: JSON.stringify({ armed: true }),
    }).then(function (r) { return r.json(); }).then(function (body) {
      if (body.armed) { armed = true; render(ctx); }
    });
  }

  function loadArmed() {  // once: is a 乾坤大挪移 already asked for?
    if (armed !== null) return;
    armed = false;
    fetch("/api/v1/props", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (body) {
      (body.props || []).forEach(function (x) { if (x.key === "qiankun" && x.armed) armed = true; });
      if (armed && ctx) render(ctx);
    });
  }

  function render(c) {
    ctx = c;
    var box = document.getElementById("props-bar");
    if (!box) return;
    box.innerHTML = "";
    var v = c.view, me = c.seat, p = v && v.props;
    golden(p);
    var nothing = p && p.held && !Object.keys(p.held).length && !(p.answers || []).length;
    if (!p || me === null || me === undefined || !p.held || nothing) { box.hidden = true; picking = null; return; }
    box.hidden = false;
    var head = document.createElement("span"); head.className = "prop-title"; head.textContent = t("props");
    box.appendChild(head);
    var legal = {};
    (v.legal || []).forEach(function (a) { if (a.type === "prop") legal[a.choice] = true; });
    if (picking && !legal[picking.key]) picking = null;
    var dealt = (p.answers || []).filter(function (a) { return a.choice === "qiankun"; }).length;
    if (dealt > lastDealt) armed = false;  // a deal used it: not armed any more
    lastDealt = dealt;
    ORDER.forEach(function (key) {
      var n = p.held[key] || 0;
      if (!n) return;
      var chip = document.createElement("span"); chip.className = "prop-chip"; chip.setAttribute("data-prop", key);
      var label = document.createElement("span"); label.className = "prop-name"; label.textContent = name(key);
      var count = document.createElement("span"); count.className = "prop-count"; count.setAttribute("data-testid", "prop-count-" + key); count.textContent = "×" + n;
      chip.appendChild(label); chip.appendChild(count);
      if (legal[key]) chip.appendChild(button("▶", "prop-use-" + key, function () { start(key); }, !!c.pending));
      if (key === "qiankun") { loadArmed(); chip.appendChild(armed ? document.createTextNode(" " + t("armed")) : button(t("arm"), "prop-arm", arm)); }
      box.appendChild(chip);
    });
    if (picking) picker(box, v, me);
    var answers = p.answers || [];
    if (answers.length) {
      var list = document.createElement("ul"); list.className = "prop-answers"; list.setAttribute("data-testid", "prop-answers");
      answers.slice(-6).forEach(function (a) {
        var li = document.createElement("li"); li.setAttribute("data-choice", a.choice); li.textContent = answerText(a); list.appendChild(li);
      });
      box.appendChild(list);
    }
  }

  function golden(p) {  // 金手指: the seat's last discard gets a golden finger
    var g = (p && p.golden) || [];
    document.querySelectorAll(".seat").forEach(function (el) {
      var on = !!g[parseInt(el.dataset.seat, 10)];
      el.classList.toggle("golden-finger", on);
      var last = el.querySelector(".discards .last");
      if (last && on) last.setAttribute("data-golden", "1");
    });
  }

  function describe(ev, who) {
    if (ev.type === "prop") return who + " " + t("used") + " " + name(ev.choice);
    if (ev.type === "prop_reveal") return answerText(ev);
    return null;
  }

  window.QueProps = { render: render, describe: describe, answerText: answerText };
})();
