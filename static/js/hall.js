// The hall display pages by itself: it shows as many rows as fit the screen, then the next ones every
// few seconds, and starts again; a refresh (htmx, every poll) keeps the page it was on when it can.
(function () {
  var SECONDS = 12, page = 0;
  function show() {
    var list = document.querySelector(".hall-list");
    if (!list) return;
    var rows = Array.prototype.slice.call(list.children);
    rows.forEach(function (row) { row.hidden = false; });
    var room = window.innerHeight - list.getBoundingClientRect().top - 8;
    var height = rows.length ? rows[0].getBoundingClientRect().height : 1;
    var per = Math.max(1, Math.floor(room / Math.max(1, height)));
    var pages = Math.max(1, Math.ceil(rows.length / per));
    page = page % pages;
    rows.forEach(function (row, i) { row.hidden = Math.floor(i / per) !== page; });
    var label = document.querySelector(".hall-page");
    if (label) label.textContent = pages > 1 ? (page + 1) + " / " + pages : "";
  }
  document.addEventListener("DOMContentLoaded", show);
  document.addEventListener("htmx:load", show);
  window.addEventListener("resize", show);
  setInterval(function () { page += 1; show(); }, SECONDS * 1000);
})();
