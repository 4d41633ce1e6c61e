// Push notifications from a page that offers them (templates/notifications/_push.html): ask the browser,
// subscribe with the site's VAPID public key and tell the server what to be told; or stop. A page's
// choice is remembered on this phone (localStorage) to show it again. And "Forget this phone": the pages
// and answers this phone keeps (static/js/sw.js) go, and so do its notifications for this page.
(function () {
  var section = document.getElementById("push"), forget = document.querySelector("[data-forget]");
  var remembered = "gg-push:" + location.pathname;

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function post(body) {
    return fetch(section.dataset.url, {method: "POST", credentials: "same-origin", body: JSON.stringify(body),
                                       headers: {"Content-Type": "application/json", "X-CSRFToken": csrf()}})
      .then(function (r) { return r.json().then(function (j) { return r.ok ? j : Promise.reject(j.detail); }); });
  }
  function key(text) {
    var raw = atob((text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }
  function say(which, more) {
    section.querySelector("[data-state]").textContent = section.dataset["said" + which] + (more ? " " + more : "");
  }
  function subscription() {
    return navigator.serviceWorker.ready.then(function (r) { return r.pushManager.getSubscription(); });
  }
  function stop() {
    return subscription().then(function (sub) {
      localStorage.removeItem(remembered);
      return sub ? post({remove: true, endpoint: sub.endpoint}) : null;
    });
  }

  if (section && section.dataset.key && "PushManager" in window && "serviceWorker" in navigator && window.Notification) {
    var off = section.querySelector("[data-off]");
    section.hidden = false;
    subscription().then(function (sub) {
      var kinds = sub && JSON.parse(localStorage.getItem(remembered) || "null");
      if (!kinds) return;
      section.querySelectorAll("input[name=kinds]").forEach(function (box) { box.checked = kinds.indexOf(box.value) >= 0; });
      off.hidden = false;
      say("On");
    });
    section.querySelector("form").addEventListener("submit", function (event) {
      event.preventDefault();
      var kinds = Array.from(section.querySelectorAll("input[name=kinds]:checked"), function (box) { return box.value; });
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") return say("Blocked");
        return navigator.serviceWorker.ready.then(function (registration) {
          return registration.pushManager.getSubscription().then(function (sub) {
            return sub || registration.pushManager.subscribe({userVisibleOnly: true,
                                                              applicationServerKey: key(section.dataset.key)});
          });
        }).then(function (sub) { return post({subscription: sub.toJSON(), kinds: kinds}); }).then(function (kept) {
          localStorage.setItem(remembered, JSON.stringify(kept.kinds));
          off.hidden = false;
          say("On");
        });
      }).catch(function (why) { say("Failed", typeof why === "string" ? why : ""); });
    });
    off.addEventListener("click", function () {
      stop().then(function () { off.hidden = true; say("Off"); }, function () { say("Failed"); });
    });
  }
  if (forget && "serviceWorker" in navigator) {
    forget.closest("p").hidden = false;
    forget.addEventListener("click", function () {
      var done = section && section.dataset.key && "PushManager" in window ? stop().catch(function () {}) : Promise.resolve();
      done.then(function () { return navigator.serviceWorker.ready; }).then(function (registration) {
        registration.active.postMessage("forget");
        return Promise.all([caches.delete("gg-pages"), caches.delete("gg-outbox")]);
      }).then(function () {
        forget.disabled = true;
        forget.textContent = forget.dataset.done;
      });
    });
  }
})();
