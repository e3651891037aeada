/* The service worker a phone's browser needs to show a notification (static/js/notify.js):
   it keeps nothing and fetches nothing; a tap on its notification brings the seat's page back. */
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (e) { e.waitUntil(self.clients.claim()); });
self.addEventListener("notificationclick", function (e) {
  e.notification.close();
  var url = e.notification.data && e.notification.data.url;
  e.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
    var page = open.filter(function (c) { return c.url === url; })[0];
    if (page) return page.focus();
    if (url) return self.clients.openWindow(url);
  }));
});
