// The console's players list: the search box filters the rows as the organizer types (case and accents
// ignored, name or club); without script the box stays hidden and the list is whole.
(function () {
  function plain(text) { return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("roster-search");
    if (!box) return;
    document.getElementById("roster-find").hidden = false;
    var rows = Array.prototype.slice.call(document.querySelectorAll("table.roster tr[data-search]"));
    box.addEventListener("input", function () {
      var wanted = plain(box.value.trim());
      rows.forEach(function (row) { row.hidden = wanted && plain(row.dataset.search).indexOf(wanted) < 0; });
    });
  });
})();
