// The fairness check once more in the browser: SHA-256("seed:salt") against the commitment.
(function () {
  "use strict";
  var out = document.getElementById("f-browser"), mark = document.getElementById("f-browser-mark");
  if (!out || !window.crypto || !window.crypto.subtle || !window.TextEncoder) return;
  var seed = document.getElementById("f-seed").textContent;
  var salt = document.getElementById("f-salt").textContent;
  var commitment = document.getElementById("f-commitment").textContent.trim().toLowerCase();
  window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed + ":" + salt)).then(function (buf) {
    var hex = Array.prototype.map.call(new Uint8Array(buf), function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    out.textContent = hex;
    mark.textContent = hex === commitment ? "✔" : "✘";
    mark.setAttribute("data-ok", hex === commitment ? "1" : "0");
  });
})();
