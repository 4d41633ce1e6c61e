// A score sheet's scheme rows in M4E (tournaments/web/sheets.py): each scheme held leads to one of its
// card's next schemes, so a row offers only those the scheme chosen in the row above allows (the whole step
// while that row is empty; the scheme already chosen stays, for the rules module to judge). Without this
// script every row offers its whole step.
(function () {
  function follow(select) {
    var above = select.form && select.form.elements[select.dataset.follows];
    if (!above) return;
    Array.prototype.forEach.call(select.options, function (option) {
      var after = option.dataset.after;
      var out = Boolean(above.value) && after !== undefined && !option.selected &&
        (" " + after + " ").indexOf(" " + above.value + " ") < 0;
      option.hidden = out;
      option.disabled = out;
    });
  }
  function all() { document.querySelectorAll("select[data-follows]").forEach(follow); }
  document.addEventListener("change", function (event) {
    if (event.target.tagName === "SELECT") all();
  });
  document.addEventListener("DOMContentLoaded", all);
  document.addEventListener("htmx:load", all);
})();
