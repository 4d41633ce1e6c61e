// The phone's side of a page that survives the venue's wifi: registers the service worker (/sw.js) and has
// it keep the page that installed it, says when a page is the copy kept on this phone ("as of 14:02, offline") and reloads it once the network is
// back; keeps a form marked data-outbox (a report, a confirmation) when there is no network and sends it,
// once, when there is (the form's "once" token makes a second sending a no-op on the server; its "game"
// refuses it when the round has moved on). One answer waits per page: a later one replaces it.
(function () {
  var OUTBOX = "gg-outbox", body = document.body;
  var key = location.origin + location.pathname + "?outbox";
  if (!("serviceWorker" in navigator) || !window.caches) return;
  navigator.serviceWorker.register("/sw.js").then(function () {
    // A page the worker did not answer for (the one that installed it, a QR slip scanned once) is not in
    // its keeping: it is asked to keep it, so the table is there when the wifi drops and the tab reopens.
    if (navigator.serviceWorker.controller) return;
    return navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({keep: location.href});
    });
  }).catch(function () {});

  function note(id, text) {
    var el = document.getElementById(id);
    if (!el) return;
    if (text) el.textContent = text;
    el.hidden = false;
  }
  function kept() {
    return caches.open(OUTBOX).then(function (box) { return box.match(key); });
  }
  function keep(form, submitter) {
    var data = new URLSearchParams(new FormData(form, submitter));
    return caches.open(OUTBOX).then(function (box) {
      return box.put(key, new Response(data.toString(), {headers: {"X-Kept-At": new Date().toISOString()}}));
    });
  }
  function send() {  // a real form posted, so the page that answers (saved, or refused) is shown as usual
    return kept().then(function (response) {
      if (!response) return;
      return response.text().then(function (text) {
        return caches.open(OUTBOX).then(function (box) { return box.delete(key); }).then(function () {
          var form = document.createElement("form");
          form.method = "post";
          form.action = location.pathname;
          new URLSearchParams(text).forEach(function (value, name) {
            var input = document.createElement("input");
            input.type = "hidden";
            input.name = name;
            input.value = value;
            form.appendChild(input);
          });
          body.appendChild(form);
          form.submit();
        });
      });
    });
  }
  function busy() {  // the reader is typing: a reload would wipe it (the next probe tries again)
    var active = document.activeElement;
    return active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }
  function back() {  // the network answers again: send what waits, else show the page as it is now
    if (!navigator.onLine || busy()) return;
    kept().then(function (waiting) {
      if (waiting) send();
      else if (body.dataset.offlineAsOf) location.reload();
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine || !form.matches("form[data-outbox]")) return;
    event.preventDefault();
    keep(form, event.submitter).then(function () { note("outbox-note"); });
  });
  if (body.dataset.offlineAsOf) {
    var el = document.getElementById("offline-note"), at = new Date(body.dataset.offlineAsOf);
    var time = at.toLocaleTimeString(document.documentElement.lang, {hour: "2-digit", minute: "2-digit", hour12: false});
    if (el) note("offline-note", el.dataset.text.replace("%(time)s", time));
    setInterval(function () {  // navigator.onLine says little on a wifi with no way out: ask the server
      fetch(location.href, {method: "HEAD", cache: "no-store"}).then(function (r) { if (r.ok) back(); },
                                                                      function () {});
    }, 15000);
  }
  kept().then(function (waiting) {
    if (!waiting) return;
    if (navigator.onLine && !body.dataset.offlineAsOf) send();
    else note("outbox-note");
  });
  window.addEventListener("online", back);
})();
