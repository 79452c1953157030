import type { RenderedEmail } from "../notices/email.js";
import type { PushPayload } from "./render.js";

/** Ports the wiring implements: SES / SNS / Web Push in AWS, the outbox locally. */
export interface AlertEmailSender {
  send(message: RenderedEmail & { to: string }): Promise<{ messageId: string }>;
}

export interface AlertSmsSender {
  send(message: { phoneNumber: string; text: string }): Promise<{ messageId: string }>;
}

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface AlertPushSender {
  send(
    subscription: PushSubscriptionJson,
    payload: PushPayload,
  ): Promise<{ status: number; subscriptionGone: boolean }>;
}
