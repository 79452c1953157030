import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import PushNotificationsControl from "./PushNotificationsControl";

const profile = { notificationSettings: { email: true, push: true } } as Profile;
const PUBLIC_KEY = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";

/** A browser with service workers and push; `subscribe` decides what its push service does. */
function stubPushBrowser(subscribe: (options: PushSubscriptionOptionsInit) => Promise<unknown>) {
  let current: unknown = null;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      current = await subscribe(options);
      return current;
    },
  };
  const registration = { pushManager };
  vi.stubGlobal("isSecureContext", true);
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal(
    "Notification",
    Object.assign(function Notification() {}, { permission: "default", requestPermission: async () => "granted" }),
  );
  const register = vi.fn(async () => registration);
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { register, ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { register };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
});

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
      "POST /api/push/subscriptions": { status: 201, body: { id: "s1" } },
    });
    renderRoute(<PushNotificationsControl profile={profile} />);
    const toggle = await screen.findByRole("switch", { name: /push notifications/i });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
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
    renderRoute(<PushNotificationsControl profile={profile} />);
    const toggle = await screen.findByRole("switch", { name: /push notifications/i });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(await screen.findByRole("alert")).toHaveTextContent(/could not subscribe to push notifications/);
    expect(toggle).not.toBeChecked();
    expect(calls.some((c) => c.path === "/api/push/subscriptions")).toBe(false);
  });
});
