// Refreshes the live parts of a page every data-poll seconds while its tab is visible, by sending
// htmx a "poll" event. (An hx-trigger filter such as [document.visibilityState === 'visible'] would
// need eval, which the Content-Security-Policy rightly forbids.)
(function () {
  document.querySelectorAll("[data-poll]").forEach(function (el) {
    var seconds = parseInt(el.dataset.poll, 10);
    if (!(seconds > 0)) return;
    setInterval(function () {
      if (document.visibilityState === "visible" && window.htmx) window.htmx.trigger(el, "poll");
    }, seconds * 1000);
  });
})();
