// The service worker (served at /sw.js by gaininggrounds.pwa, which fills in VERSION and SHELL): the
// pages a phone opened (its private page, the event's public pages) are kept, newest copy only, so that
// they stay readable when the venue's wifi drops, the page that installed the worker too (offline.js asks
// for it); a kept copy is marked with the time it was fetched, and the page says so (static/js/offline.js).
// Nothing is kept that this phone did not open itself, nothing signed in (the console, accounts), and the
// oldest pages go past KEEP. A report posted with no network is kept (the same outbox offline.js keeps:
// the latest answer of a page) and the page it came from shown.
var VERSION = "__VERSION__", SHELL = __SHELL__;
var STATIC = "gg-static-" + VERSION, PAGES = "gg-pages", OUTBOX = "gg-outbox", KEEP = 40, PATIENCE = 6000;
// The home page, an event's public pages, a private page: never a download, a sign-up or the console.
var KEPT = /^\/($|e\/[^/]+\/($|rounds\/\d+\/$|standings\/$|final\/$|hall\/$|players\/\d+\/$)|p\/[^/]+\/$)/;
var ANSWERS = ["report", "confirm", "dispute"];  // what a private page keeps when posted offline

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (c) { return c.addAll(SHELL); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("gg-static-") === 0 && n !== STATIC; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function headers(response, more) {  // what a kept page carries: its type and its security policy
  var kept = {"Content-Type": "text/html; charset=utf-8"}, policy = response.headers.get("Content-Security-Policy");
  if (policy) kept["Content-Security-Policy"] = policy;
  return Object.assign(kept, more || {});
}

function marked(response, fetchedAt) {  // the kept copy, its <body> saying when it was fetched
  return response.text().then(function (html) {
    return new Response(html.replace("<body", '<body data-offline-as-of="' + fetchedAt + '"'),
                        {headers: headers(response)});
  });
}

function keptPage(request) {
  return caches.open(PAGES).then(function (c) { return c.match(request, {ignoreSearch: false}); })
    .then(function (hit) { return hit && marked(hit.clone(), hit.headers.get("X-Fetched-At")); });
}

function keepPage(response) {  // under the address it answers for (after a report, the page redirected to)
  var url = new URL(response.url);
  if (!response.ok || response.type !== "basic" || !KEPT.test(url.pathname) ||
      (response.headers.get("Content-Type") || "").indexOf("text/html") !== 0 ||
      response.headers.get("Content-Disposition")) return Promise.resolve();
  var copy = new Response(response.clone().body, {headers: headers(response, {"X-Fetched-At": new Date().toISOString()})});
  return caches.open(PAGES).then(function (c) {
    return c.put(url.origin + url.pathname + url.search, copy).then(function () { return c.keys(); }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP)).map(function (k) { return c.delete(k); }));
    });
  });
}

function page(event) {  // network first; the kept copy when the network fails or keeps the reader waiting
  var request = event.request;
  // Past the browser's own cache (revalidated, so cheap): a page it served offline would not say it is old.
  // A navigation's redirect is handed back as it is, for the browser to follow.
  var fresh = fetch(new Request(request.url, {headers: request.headers, credentials: "include", cache: "no-cache",
                                              redirect: "manual"})).then(function (response) {
    event.waitUntil(keepPage(response));
    return response;
  });
  var slow = new Promise(function (resolve) { setTimeout(resolve, PATIENCE); }).then(function () {
    return keptPage(request);
  });
  return Promise.race([fresh.catch(function () { return null; }), slow]).then(function (first) {
    return first || fresh.catch(function () {
      return keptPage(request).then(function (hit) {
        return hit || new Response("Offline", {status: 503, headers: {"Content-Type": "text/plain"}});
      });
    });
  });
}

function post(event) {  // a report sent with no network waits in the outbox; the page it came from is shown
  var request = event.request, body = request.clone().text();
  return fetch(request).then(function (response) {
    event.waitUntil(keepPage(response));
    return response;
  }, function () {
    return body.then(function (text) {
      var key = new URL(request.url).origin + new URL(request.url).pathname + "?outbox";
      var kept = ANSWERS.indexOf(new URLSearchParams(text).get("action")) >= 0 ? caches.open(OUTBOX).then(
        function (box) { return box.put(key, new Response(text, {headers: {"X-Kept-At": new Date().toISOString()}})); })
        : Promise.resolve();  // anything else (a tracker line, a vote) is not kept: the page shows it is offline
      return kept.then(function () { return keptPage(new Request(request.url)); }).then(function (hit) {
        return hit || new Response("Offline: your report is kept on this phone.", {status: 503});
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && request.method === "POST" && /^\/p\/[^/]+\/$/.test(url.pathname)) {
    event.respondWith(post(event));
  } else if (request.method !== "GET") {
    return;
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  } else if (request.mode === "navigate" && KEPT.test(url.pathname)) {
    event.respondWith(page(event));
  }
});

self.addEventListener("push", function (event) {  // notifications.push: {title, body, url, tag}
  var data;
  try { data = event.data.json(); } catch (e) { data = {body: event.data ? event.data.text() : ""}; }
  event.waitUntil(self.registration.showNotification(data.title || "Gaining Grounds", {
    body: data.body || "", tag: data.tag, data: {url: data.url || "/"}, icon: "/static/icons/icon-192.png"}));
});

self.addEventListener("notificationclick", function (event) {  // tapped: that page, in a tab already open if any
  event.notification.close();
  var url = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil(self.clients.matchAll({type: "window"}).then(function (tabs) {
    for (var i = 0; i < tabs.length; i++) {
      if (tabs[i].url === url) return tabs[i].focus();
    }
    return self.clients.openWindow(url);
  }));
});

self.addEventListener("message", function (event) {
  if (event.data === "forget") {  // this phone keeps nothing more of the event
    event.waitUntil(Promise.all([caches.delete(PAGES), caches.delete(OUTBOX)]));
  } else if (event.data && event.data.keep) {  // a page opened before this worker answered for it (offline.js)
    var url = new URL(event.data.keep, self.location.origin);
    if (url.origin !== self.location.origin || !KEPT.test(url.pathname)) return;
    event.waitUntil(fetch(url.origin + url.pathname + url.search, {credentials: "include", cache: "no-cache"})
      .then(keepPage, function () {}));
  }
});
