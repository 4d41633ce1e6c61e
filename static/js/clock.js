// Counts the round clock down between two refreshes of the page. A running clock carries its end
// (epoch seconds), so a page served from the cache minutes later still shows the right time.
(function () {
  function tick() {
    document.querySelectorAll(".clock").forEach(function (el) {
      var left = parseInt(el.dataset.left, 10);
      if (el.dataset.running === "1") {
        left = el.dataset.ends ? Math.max(0, Math.round(parseInt(el.dataset.ends, 10) - Date.now() / 1000))
                               : Math.max(0, left - 1);
        el.dataset.left = left;
      }
      var m = Math.floor(left / 60), s = left % 60;
      el.textContent = m + ":" + (s < 10 ? "0" : "") + s;
    });
  }
  tick();
  setInterval(tick, 1000);
})();
