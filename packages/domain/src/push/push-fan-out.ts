import type { AlertPushSender, PushPayload } from "@lg/notices";
import type { PushSubscriptionRecord, PushSubscriptionRepository } from "./push-subscriptions.js";

export interface PushFanOutResult {
  /** Subscriptions the push service accepted the message for. */
  delivered: number;
  /** Subscriptions the push service no longer knows (404/410), now deleted. */
  removed: number;
  failed: number;
}

/** One person's browsers as listed once: whether push can reach them is decided on the same list it is sent to. */
export interface PushAudience {
  readonly browsers: number;
  send(payload: PushPayload): Promise<PushFanOutResult>;
}

/**
 * Sends one push message to every browser a person subscribed. A subscription the push service
 * answers 404/410 for is gone for good (the browser unsubscribed or the endpoint expired), so it
 * is deleted rather than retried forever; one browser failing does not stop the others.
 */
export class PushFanOut {
  constructor(
    private readonly deps: { sender: AlertPushSender; subscriptions: PushSubscriptionRepository; now: () => Date },
  ) {}

  async audience(userId: string): Promise<PushAudience> {
    const subscriptions = await this.deps.subscriptions.list(userId);
    return { browsers: subscriptions.length, send: (payload) => this.sendTo(userId, subscriptions, payload) };
  }

  async send(userId: string, payload: PushPayload): Promise<PushFanOutResult> {
    return (await this.audience(userId)).send(payload);
  }

  private async sendTo(
    userId: string,
    subscriptions: PushSubscriptionRecord[],
    payload: PushPayload,
  ): Promise<PushFanOutResult> {
    const outcomes = await Promise.allSettled(
      subscriptions.map(async (subscription) => {
        const { status, subscriptionGone } = await this.deps.sender.send(subscription, payload);
        if (subscriptionGone) {
          await this.deps.subscriptions.delete(userId, subscription.subscriptionId);
          return "removed" as const;
        }
        if (status < 200 || status > 299) return "failed" as const;
        // Not a put of the copy read above: the person may unsubscribe while the message is on its way.
        await this.deps.subscriptions.markDelivered(userId, subscription.subscriptionId, this.deps.now().toISOString());
        return "delivered" as const;
      }),
    );
    const count = (kind: string) => outcomes.filter((o) => o.status === "fulfilled" && o.value === kind).length;
    return {
      delivered: count("delivered"),
      removed: count("removed"),
      failed: outcomes.filter((o) => o.status === "rejected").length + count("failed"),
    };
  }
}
