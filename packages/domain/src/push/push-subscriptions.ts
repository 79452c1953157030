import { createHash } from "node:crypto";
import type { PushSubscriptionInput } from "@lg/notices";
import type { z } from "zod";
import { DomainError } from "../errors.js";
import type { PushSubscription } from "../table/entities.js";

export type PushSubscriptionRecord = z.infer<typeof PushSubscription.schema>;

export interface PushSubscriptionRepository {
  put(subscription: PushSubscriptionRecord): Promise<void>;
  get(userId: string, subscriptionId: string): Promise<PushSubscriptionRecord | null>;
  list(userId: string): Promise<PushSubscriptionRecord[]>;
  delete(userId: string, subscriptionId: string): Promise<void>;
  /** Records a delivery on a subscription that still exists; never brings back a deleted one. */
  markDelivered(userId: string, subscriptionId: string, at: string): Promise<void>;
}

/** What the API shows of a subscription: never the encryption keys. */
export interface PushSubscriptionView {
  id: string;
  endpoint: string;
  createdAt: string;
  lastDeliveredAt?: string;
}

/** Every alert fans out to each browser, so one account cannot make it fan out without bound. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

/** Same endpoint, same id: a browser that subscribes again replaces its old record. */
export const subscriptionIdFor = (endpoint: string) =>
  createHash("sha256").update(endpoint).digest("base64url").slice(0, 22);

const unpadded = (value: string) => value.replace(/=+$/, "");

const view = (s: PushSubscriptionRecord): PushSubscriptionView => ({
  id: s.subscriptionId,
  endpoint: s.endpoint,
  createdAt: s.createdAt,
  ...(s.lastDeliveredAt ? { lastDeliveredAt: s.lastDeliveredAt } : {}),
});

/** A person's browsers that receive push alerts. Every call is scoped to the caller's own partition. */
export class PushSubscriptionService {
  constructor(private readonly deps: { subscriptions: PushSubscriptionRepository; now: () => Date }) {}

  async subscribe(userId: string, input: PushSubscriptionInput): Promise<PushSubscriptionView> {
    const subscriptionId = subscriptionIdFor(input.endpoint);
    const existing = await this.deps.subscriptions.list(userId);
    if (
      existing.length >= MAX_PUSH_SUBSCRIPTIONS_PER_USER &&
      !existing.some((s) => s.subscriptionId === subscriptionId)
    ) {
      throw new DomainError(
        "conflict",
        `At most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers can receive push notifications; turn push off on one first`,
      );
    }
    const record: PushSubscriptionRecord = {
      userId,
      subscriptionId,
      endpoint: input.endpoint,
      keys: { p256dh: unpadded(input.keys.p256dh), auth: unpadded(input.keys.auth) },
      createdAt: this.deps.now().toISOString(),
    };
    await this.deps.subscriptions.put(record);
    return view(record);
  }

  async list(userId: string): Promise<PushSubscriptionView[]> {
    return (await this.deps.subscriptions.list(userId)).map(view);
  }

  /** Another person's id is answered exactly like an unknown one, so ids cannot be probed. */
  async unsubscribe(userId: string, subscriptionId: string): Promise<void> {
    const existing = await this.deps.subscriptions.get(userId, subscriptionId);
    if (!existing) throw new DomainError("not-found", "Push subscription not found");
    await this.deps.subscriptions.delete(userId, subscriptionId);
  }
}
