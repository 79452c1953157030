import type { AlertPushSender, PushSubscriptionJson } from "../alerts/ports.js";
import type { PushPayload } from "../alerts/render.js";
import { encryptPushPayload } from "./encryption.js";
import { PushEndpointPolicy } from "./endpoint-policy.js";
import { type VapidKeys, vapidAuthorization } from "./vapid.js";

/**
 * The one request a Web Push message needs: a POST to the push service. The wiring decides how it
 * reaches the network (in the app, the SSRF-safe client); the sender only reads the answer.
 */
export interface PushServicePost {
  post(url: string, request: { headers: Record<string, string>; body: Uint8Array }): Promise<PushServiceAnswer>;
}

export interface PushServiceAnswer {
  status: number;
  /** The push service's explanation of a refusal, kept for the error. */
  text: string;
}

export interface WebPushSenderOptions {
  vapidKeys: VapidKeys;
  /** Contact the push service can reach us at, e.g. "mailto:security@example.com". */
  subject: string;
  /** Seconds the push service keeps an undelivered message; threats are stale after a day. */
  ttlSeconds?: number;
  /** Push services this sender may reach; checked again at send time, as stored endpoints predate config changes. */
  endpointPolicy?: PushEndpointPolicy;
  http: PushServicePost;
  now?: () => Date;
}

export class PushEndpointRefusedError extends Error {
  constructor(reason: string) {
    super(`push endpoint refused: ${reason}`);
    this.name = "PushEndpointRefusedError";
  }
}

/** Sends an encrypted Web Push message (RFC 8030 + 8291 + 8292) to one browser subscription. */
export class WebPushSender implements AlertPushSender {
  private readonly now: () => Date;
  private readonly policy: PushEndpointPolicy;

  constructor(private readonly options: WebPushSenderOptions) {
    this.policy = options.endpointPolicy ?? new PushEndpointPolicy();
    this.now = options.now ?? (() => new Date());
  }

  async send(
    subscription: PushSubscriptionJson,
    payload: PushPayload,
  ): Promise<{ status: number; subscriptionGone: boolean }> {
    const refusal = this.policy.refusal(subscription.endpoint);
    if (refusal) throw new PushEndpointRefusedError(refusal);
    const body = encryptPushPayload(Buffer.from(JSON.stringify(payload), "utf8"), {
      userAgentPublicKey: Buffer.from(subscription.keys.p256dh, "base64url"),
      authSecret: Buffer.from(subscription.keys.auth, "base64url"),
    });
    const answer = await this.options.http.post(subscription.endpoint, {
      headers: {
        Authorization: vapidAuthorization(
          subscription.endpoint,
          this.options.subject,
          this.options.vapidKeys,
          this.now(),
        ),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        TTL: String(this.options.ttlSeconds ?? 24 * 60 * 60),
        // A threat is worth waking the device for (RFC 8030 section 5.3).
        Urgency: "high",
        Topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
      },
      body,
    });
    // 404/410: the browser unsubscribed; the caller deletes the subscription.
    const subscriptionGone = answer.status === 404 || answer.status === 410;
    const accepted = answer.status >= 200 && answer.status <= 299;
    if (!accepted && !subscriptionGone) throw new Error(`push service answered ${answer.status}: ${answer.text}`);
    return { status: answer.status, subscriptionGone };
  }
}
