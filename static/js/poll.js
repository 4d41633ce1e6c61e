// Refreshes the live parts of a page every data-poll seconds while its tab is visible, by sending
// htmx a "poll" event, and never while the reader is typing in them (a focused or changed field), so a
// half-filled report is not wiped. Elements are looked up on every tick: one swapped in by htmx polls on.
// (An hx-trigger filter such as [document.visibilityState === 'visible'] would need eval, which the
// Content-Security-Policy rightly forbids.)
(function () {
  function editing(el) {
    var active = document.activeElement;
    return el.dataset.dirty === "1" ||
      (active && el.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName));
  }
  document.addEventListener("input", function (event) {
    var el = event.target.closest && event.target.closest("[data-poll]");
    if (el) el.dataset.dirty = "1";
  });
  // An element marked data-poll-page polls its page's own address, as a visitor opening the page asks it
  // (no htmx headers, no empty search), and takes its part from the whole page (hx-select): the proxy's
  // and the application's caches then keep one copy for the openers and the pollers, rendered once per
  // change instead of once for each.
  document.addEventListener("htmx:configRequest", function (event) {
    var el = event.detail.elt;
    if (!(el && el.hasAttribute && el.hasAttribute("data-poll-page"))) return;
    Object.keys(event.detail.headers).forEach(function (name) {
      if (/^HX-/i.test(name)) delete event.detail.headers[name];
    });
    var parameters = event.detail.parameters;
    Array.from(parameters.keys ? parameters.keys() : Object.keys(parameters)).forEach(function (name) {
      if (parameters[name] === "") delete parameters[name];
    });
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
