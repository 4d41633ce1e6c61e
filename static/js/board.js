// The results board: after a table's result is saved in place, the cursor goes to the next table still
// to enter (then from the top), so an organizer types results from paper slips with the keyboard alone.
(function () {
  // htmx:load fires on content as it arrives in the page (an outerHTML swap's old target is gone by then).
  document.addEventListener("htmx:load", function (event) {
    var saved = event.detail.elt;
    if (!saved || !saved.matches || !saved.matches("section.result")) return;
    if (!saved.classList.contains("saved")) {
      var first = saved && saved.querySelector(".error");
      if (first) { var field = first.closest("label"); var input = field && field.querySelector("input, select");
        if (input) input.focus(); }
      return;
    }
    var rows = Array.prototype.slice.call(document.querySelectorAll("section.result"));
    var at = rows.indexOf(saved);
    var order = rows.slice(at + 1).concat(rows.slice(0, at));
    var next = order.find(function (r) { return r.dataset.status !== "confirmed" && r.dataset.status !== "bye"; });
    var input = next && next.querySelector("input[name$=vp_a]");
    if (input) { input.focus(); input.scrollIntoView({block: "center"}); }
  });
})();
