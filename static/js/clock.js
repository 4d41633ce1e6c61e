// Counts the round clock down between two refreshes of the page; the server stays the reference.
(function () {
  function tick() {
    document.querySelectorAll(".clock").forEach(function (el) {
      var left = parseInt(el.dataset.left, 10);
      if (el.dataset.running === "1" && left > 0) { left -= 1; el.dataset.left = left; }
      var m = Math.floor(left / 60), s = left % 60;
      el.textContent = m + ":" + (s < 10 ? "0" : "") + s;
    });
  }
  tick();
  setInterval(tick, 1000);
})();
