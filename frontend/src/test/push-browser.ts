import { afterEach, vi } from "vitest";

/** A VAPID public key as the API gives it (RFC 8291's example key). */
export const PUBLIC_KEY = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";

afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
  Reflect.deleteProperty(navigator, "permissions");
});

/**
 * A browser with service workers and push; `subscribe` decides what its push service does, and
 * `answer` what the person answers the permission prompt.
 */
export function stubPushBrowser(
  subscribe: (options: PushSubscriptionOptionsInit) => Promise<unknown>,
  {
    permission = "default",
    answer = "granted",
  }: { permission?: NotificationPermission; answer?: NotificationPermission } = {},
) {
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
  const notification = Object.assign(function Notification() {}, {
    permission,
    requestPermission: async () => {
      notification.permission = answer;
      return answer;
    },
  });
  vi.stubGlobal("Notification", notification);
  // The Permissions API, through which the page hears of a permission changed in site settings.
  const permissionStatus = { onchange: null as null | (() => void) };
  const permissions = { query: async () => permissionStatus };
  Object.defineProperty(navigator, "permissions", { configurable: true, value: permissions });
  const changePermission = (to: NotificationPermission) => {
    notification.permission = to;
    permissionStatus.onchange?.();
  };
  const register = vi.fn(async () => registration);
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { register, ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  /** Whether the page still listens for permission changes. */
  const listening = () => permissionStatus.onchange !== null;
  return { register, changePermission, listening };
}
