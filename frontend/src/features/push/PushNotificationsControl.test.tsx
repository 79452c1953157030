import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../api/types";
import { PUBLIC_KEY, stubPushBrowser } from "../../test/push-browser";
import { renderRoute, stubApi } from "../../test/render-app";
import PushNotificationsControl from "./PushNotificationsControl";

const profile = { notificationSettings: { email: true, push: true } } as Profile;

/** Renders the control and flips its switch once the browser's push state is known. */
async function renderAndTurnOn() {
  renderRoute(<PushNotificationsControl profile={profile} />);
  const toggle = await screen.findByRole("switch", { name: /push notifications/i });
  await waitFor(() => expect(toggle).toBeEnabled());
  fireEvent.click(toggle);
  return toggle;
}

describe("Push notifications control", () => {
  it("says so plainly, and offers no switch, where the browser has no push support", async () => {
    stubApi({});
    renderRoute(<PushNotificationsControl profile={profile} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(/no service workers/);
    expect(screen.getByRole("switch", { name: /push notifications/i })).toBeDisabled();
  });

  it("subscribes with the server's VAPID key and registers the subscription with the API", async () => {
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
      toJSON: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh: "p", auth: "a" } }),
    };
    let usedKey: Uint8Array | undefined;
    const { register } = stubPushBrowser(async (options) => {
      usedKey = options.applicationServerKey as Uint8Array;
      return subscription;
    });
    const { calls } = stubApi({
      "GET /api/push/vapid-public-key": { status: 200, body: { publicKey: PUBLIC_KEY } },
      "POST /api/push/subscriptions": {
        status: 201,
        body: { id: "s1", endpoint: "https://push.example/s1", createdAt: "2026-11-20T10:00:00.000Z" },
      },
    });
    const toggle = await renderAndTurnOn();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    expect(usedKey).toHaveLength(65);
    const posted = calls.find((c) => c.method === "POST" && c.path === "/api/push/subscriptions");
    expect(JSON.parse(String(posted?.init?.body))).toEqual(subscription.toJSON());
  });

  it("explains when the browser's push service cannot be reached", async () => {
    stubPushBrowser(async () => {
      throw new DOMException("Registration failed - push service error", "AbortError");
    });
    const { calls } = stubApi({ "GET /api/push/vapid-public-key": { status: 200, body: { publicKey: PUBLIC_KEY } } });
    const toggle = await renderAndTurnOn();
    expect(await screen.findByRole("alert")).toHaveTextContent(/could not subscribe to push notifications/);
    expect(toggle).not.toBeChecked();
    expect(calls.some((c) => c.path === "/api/push/subscriptions")).toBe(false);
  });

  it("says notifications are blocked when the person refuses them, and nothing is registered", async () => {
    stubPushBrowser(async () => ({}), { answer: "denied" });
    const { calls } = stubApi({ "GET /api/push/vapid-public-key": { status: 200, body: { publicKey: PUBLIC_KEY } } });
    const toggle = await renderAndTurnOn();
    expect(await screen.findByRole("alert")).toHaveTextContent(/Notifications are blocked for this site/);
    expect(toggle).not.toBeChecked();
    expect(calls.some((c) => c.path.startsWith("/api/push"))).toBe(false);
  });

  it("drops the blocked message once notifications are allowed in the browser's site settings", async () => {
    const { changePermission } = stubPushBrowser(async () => ({}), { permission: "denied" });
    stubApi({});
    renderRoute(<PushNotificationsControl profile={profile} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(/Notifications are blocked for this site/);
    changePermission("default");
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getByRole("switch", { name: /push notifications/i })).toBeEnabled();
  });

  it("stops listening for permission changes once it is gone, even if the browser answered late", async () => {
    const { listening } = stubPushBrowser(async () => ({}));
    stubApi({});
    const shown = renderRoute(<PushNotificationsControl profile={profile} />);
    await screen.findByRole("switch", { name: /push notifications/i });
    expect(listening()).toBe(true);
    shown.unmount();
    expect(listening()).toBe(false);

    // Gone before the Permissions API answered: no listener is left behind.
    const later = stubPushBrowser(async () => ({}));
    renderRoute(<PushNotificationsControl profile={profile} />).unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(later.listening()).toBe(false);
  });
});
