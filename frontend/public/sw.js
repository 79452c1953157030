/*
 * LikenessGuard service worker: turns a Web Push message (already decrypted by the browser) into a
 * notification, and a click on it into the threat's page. It caches nothing: the app stays online-only.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only links into this app are opened, whatever a message says. */
function appUrl(candidate) {
  try {
    const url = new URL(candidate ?? "/dashboard", self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL("/dashboard", self.location.origin).href;
  } catch {
    return new URL("/dashboard", self.location.origin).href;
  }
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener("push", (event) => {
  const message = readPayload(event);
  const title = typeof message.title === "string" && message.title ? message.title : "LikenessGuard alert";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "Open LikenessGuard to review a new threat.",
      // A newer alert about the same threat replaces the older notification.
      tag: typeof message.tag === "string" ? message.tag : undefined,
      data: { url: appUrl(message.url), threatId: message.threatId },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = appUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const exact = windows.find((client) => client.url === target);
      if (exact) return exact.focus();
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (ours) {
        await ours.navigate(target);
        return ours.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
