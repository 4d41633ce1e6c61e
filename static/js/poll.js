// Refreshes the live parts of a page every data-poll seconds while its tab is visible, by sending
// htmx a "poll" event, and never while the reader is typing in them (a focused or changed field), so a
// half-filled report is not wiped, nor while a part of them is open (a <details>: the score sheet, an
// objection). Elements are looked up on every tick: one swapped in by htmx polls on, at the pace it brings
// (a round page's pairings come back every 5 s once a game is tracked, see templates/public/_pairings.html).
// (An hx-trigger filter such as [document.visibilityState === 'visible'] would need eval, which the
// Content-Security-Policy rightly forbids.)
(function () {
  function editing(el) {
    var active = document.activeElement;
    return el.dataset.dirty === "1" || el.querySelector("details[open]") !== null ||
      (active && el.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName));
  }
  document.addEventListener("input", function (event) {
    var el = event.target.closest && event.target.closest("[data-poll]");
    if (el) el.dataset.dirty = "1";
  });
  setInterval(function () {
    if (document.visibilityState !== "visible" || !window.htmx) return;
    var now = Date.now();
    document.querySelectorAll("[data-poll]").forEach(function (el) {
      var seconds = parseInt(el.dataset.poll, 10);
      if (!(seconds > 0) || editing(el)) return;
      var last = parseInt(el.dataset.polledAt || "0", 10);
      if (!last) { el.dataset.polledAt = String(now); return; }
      if (now - last >= seconds * 1000) {
        el.dataset.polledAt = String(now);
        window.htmx.trigger(el, "poll");
      }
    });
  }, 1000);
})();
