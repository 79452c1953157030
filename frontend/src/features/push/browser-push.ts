import {
  PushSubscriptionList,
  PushSubscription as SubscribedBrowser,
  VapidPublicKey,
} from "@lg/domain/push/web-contract";
import { apiJson, apiRequest } from "../../api/client";

/** Where push support stands in this browser for this site. */
export type PushState =
  | { kind: "unsupported"; reason: string }
  | { kind: "blocked" }
  | { kind: "off" }
  | { kind: "on"; endpoint: string };

const SERVICE_WORKER_URL = "/sw.js";

export function pushSupport(): string | undefined {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return "This browser has no service workers.";
  if (!("PushManager" in window)) return "This browser does not support push notifications.";
  if (!("Notification" in window)) return "This browser cannot show notifications.";
  if (!window.isSecureContext) return "Push notifications need a secure (https) connection.";
  return undefined;
}

export async function currentPushState(): Promise<PushState> {
  const unsupported = pushSupport();
  if (unsupported) return { kind: "unsupported", reason: unsupported };
  if (Notification.permission === "denied") return { kind: "blocked" };
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? { kind: "on", endpoint: subscription.endpoint } : { kind: "off" };
}

/** applicationServerKey wants the raw bytes of the base64url public key. */
function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class PushSetupError extends Error {}

/** Asks permission, subscribes this browser with the server's VAPID key, and registers it with the API. */
export async function enablePush(): Promise<PushState> {
  const unsupported = pushSupport();
  if (unsupported) return { kind: "unsupported", reason: unsupported };
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? { kind: "blocked" } : { kind: "off" };
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiJson("GET", "/api/push/vapid-public-key", undefined, VapidPublicKey);
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(publicKey),
    });
  } catch (error) {
    throw new PushSetupError(
      `This browser could not subscribe to push notifications (${(error as Error).message || "its push service did not answer"}). Push alerts cannot reach this browser: alerts go only to your other chosen channels.`,
    );
  }
  try {
    await apiJson("POST", "/api/push/subscriptions", subscription.toJSON(), SubscribedBrowser);
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return { kind: "on", endpoint: subscription.endpoint };
}

/** Removes this browser's subscription from the API, then from the browser. */
export async function disablePush(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return { kind: "off" };
  const { subscriptions } = await apiJson("GET", "/api/push/subscriptions", undefined, PushSubscriptionList);
  const mine = subscriptions.find((s) => s.endpoint === subscription.endpoint);
  if (mine) await apiRequest("DELETE", `/api/push/subscriptions/${encodeURIComponent(mine.id)}`);
  await subscription.unsubscribe();
  return { kind: "off" };
}
