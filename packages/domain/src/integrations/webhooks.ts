import { randomBytes, randomUUID } from "node:crypto";
import type { z } from "zod";
import { DomainError } from "../errors.js";
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from "../table/integration-entities.js";
import type { Actor } from "../team/audit-log.js";
import type { KeyAudit } from "./api-keys.js";
import type { SealedValue, Sealer } from "./sealed-secrets.js";
import { newWebhookSecret, signedHeaders } from "./webhook-signing.js";

export type WebhookEndpointRecord = z.infer<typeof WebhookEndpoint.schema>;
export type WebhookDeliveryRecord = z.infer<typeof WebhookDelivery.schema>;

/** What the queue carries: which delivery to make; the payload stays in the table. */
export interface DeliveryMessage {
  accountId: string;
  endpointId: string;
  messageId: string;
}

export interface WebhookStore {
  putEndpoint(endpoint: WebhookEndpointRecord): Promise<void>;
  getEndpoint(accountId: string, endpointId: string): Promise<WebhookEndpointRecord | null>;
  listEndpoints(accountId: string): Promise<WebhookEndpointRecord[]>;
  deleteEndpoint(accountId: string, endpointId: string): Promise<void>;
  putDelivery(delivery: WebhookDeliveryRecord): Promise<void>;
  getDelivery(accountId: string, endpointId: string, messageId: string): Promise<WebhookDeliveryRecord | null>;
  /** Newest first. */
  listDeliveries(accountId: string, endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]>;
  /**
   * Counts one more dead delivery in a row, atomically (deliveries die concurrently), and turns the
   * endpoint off once the count reaches `disableAt`: `turnedOff` is true for the one call that did.
   */
  countDeadDelivery(
    accountId: string,
    endpointId: string,
    disableAt: number,
    reason: string,
  ): Promise<{ turnedOff: boolean }>;
}

export interface DeliveryQueue {
  enqueue(message: DeliveryMessage): Promise<void>;
}

/** Posts one signed event; a refused address, a redirect or a time-out is thrown with its reason. */
export interface WebhookPoster {
  post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number }>;
}

/** Seconds before each retry (SQS visibility timeouts, at most 12 hours each): about a day in all. */
export const DEFAULT_RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 10_800, 21_600, 43_200] as const;
/** Deliveries dead in a row after which an endpoint is turned off. */
export const FAILURES_BEFORE_DISABLING = 5;
const DELIVERY_LOG_DAYS = 30;
/** How long the older secret still signs after a rotation. */
const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;
const MAX_ENDPOINTS = 10;

/** A message id that sorts by creation time (the delivery log's order) and is unique. */
const newMessageId = (now: Date) =>
  `msg_${now.getTime().toString(36).padStart(9, "0")}${randomBytes(8).toString("hex")}`;

export type DeliveryOutcome =
  | { kind: "delivered" }
  | { kind: "retry"; afterSeconds: number }
  /** The last attempt failed: the queue moves the message to its dead-letter queue. */
  | { kind: "dead" }
  /** Nothing to do: the endpoint or delivery is gone, or it was delivered already. */
  | { kind: "skipped" };

export interface WebhookDeps {
  store: WebhookStore;
  queue: DeliveryQueue;
  poster: WebhookPoster;
  audit: KeyAudit;
  /** Seals each signing secret at rest, and opens it to sign (the webhook secrets' KMS key). */
  secrets: Sealer;
  now: () => Date;
  retryDelaysSeconds?: readonly number[];
  /** Hosts (host or host:port) that may be reached without https: a local receiver. */
  plainHttpHosts?: readonly string[];
  /** Tells the organisation's owner and admins that an endpoint was turned off, and why. */
  owners?: {
    endpointTurnedOff(accountId: string, endpoint: { id: string; url: string; reason: string }): Promise<void>;
  };
}

const endpointView = (e: WebhookEndpointRecord) => ({
  id: e.endpointId,
  url: e.url,
  events: e.events,
  enabled: e.enabled,
  ...(e.disabledReason ? { disabledReason: e.disabledReason } : {}),
  failuresInARow: e.failuresInARow,
  createdAt: e.createdAt,
  ...(e.secrets[1]?.retiresAt ? { previousSecretRetiresAt: e.secrets[1].retiresAt } : {}),
});

const deliveryView = (d: WebhookDeliveryRecord) => ({
  id: d.messageId,
  eventType: d.eventType,
  state: d.state,
  attempts: d.attempts,
  ...(d.lastStatusCode !== undefined ? { lastStatusCode: d.lastStatusCode } : {}),
  ...(d.lastError ? { lastError: d.lastError } : {}),
  ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt } : {}),
  createdAt: d.createdAt,
});

/** Webhook endpoints, signed events and their at-least-once delivery (docs/public-api.md, "Webhooks"). */
export class WebhookService {
  constructor(private readonly deps: WebhookDeps) {}

  get maxAttempts(): number {
    return (this.deps.retryDelaysSeconds ?? DEFAULT_RETRY_DELAYS_SECONDS).length + 1;
  }

  async create(accountId: string, actor: Actor, input: { url: string; events: WebhookEventType[] }) {
    this.assertReachableScheme(input.url);
    if ((await this.deps.store.listEndpoints(accountId)).length >= MAX_ENDPOINTS)
      throw new DomainError("forbidden", `At most ${MAX_ENDPOINTS} webhook endpoints; remove one to add another`);
    const now = this.deps.now().toISOString();
    const endpointId = randomUUID();
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpointRecord = {
      accountId,
      endpointId,
      url: input.url,
      events: [...new Set(input.events)],
      secrets: [{ ...(await this.sealSecret(accountId, endpointId, secret)), createdAt: now }],
      enabled: true,
      failuresInARow: 0,
      createdAt: now,
      createdBy: actor.userId,
    };
    await this.deps.store.putEndpoint(endpoint);
    await this.deps.audit.record(accountId, actor, "webhook.created", endpoint.endpointId, { url: endpoint.url });
    return { endpoint: endpointView(endpoint), secret };
  }

  async list(accountId: string) {
    return (await this.deps.store.listEndpoints(accountId)).map(endpointView);
  }

  async get(accountId: string, endpointId: string) {
    return endpointView(await this.owned(accountId, endpointId));
  }

  /**
   * A new url or event list, or the endpoint turned off or on (on again clears its failures, as
   * `enable`). A url is held to the same scheme rule as at creation; the secret stays as it is.
   */
  async update(
    accountId: string,
    actor: Actor,
    endpointId: string,
    change: { url?: string | undefined; events?: WebhookEventType[] | undefined; enabled?: boolean | undefined },
  ) {
    const endpoint = await this.owned(accountId, endpointId);
    if (change.url !== undefined) this.assertReachableScheme(change.url);
    const { disabledReason: _reason, ...rest } = endpoint;
    const updated: WebhookEndpointRecord = {
      ...rest,
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.events !== undefined ? { events: [...new Set(change.events)] } : {}),
      ...(change.enabled === true ? { enabled: true, failuresInARow: 0 } : {}),
      ...(change.enabled === false
        ? { enabled: false, disabledReason: `Turned off by ${actor.label ?? actor.userId}` }
        : {}),
      ...(change.enabled === undefined && endpoint.disabledReason ? { disabledReason: endpoint.disabledReason } : {}),
    };
    await this.deps.store.putEndpoint(updated);
    await this.deps.audit.record(accountId, actor, "webhook.updated", endpointId, {
      ...(change.url !== undefined ? { url: updated.url } : {}),
      ...(change.events !== undefined ? { events: updated.events.join(" ") } : {}),
      ...(change.enabled !== undefined ? { enabled: String(change.enabled) } : {}),
    });
    return endpointView(updated);
  }

  async remove(accountId: string, actor: Actor, endpointId: string) {
    await this.owned(accountId, endpointId);
    await this.deps.store.deleteEndpoint(accountId, endpointId);
    await this.deps.audit.record(accountId, actor, "webhook.removed", endpointId);
  }

  /** A new secret signs from now on; the previous one signs too for a day, so receivers can switch over. */
  async rotateSecret(accountId: string, actor: Actor, endpointId: string) {
    const endpoint = await this.owned(accountId, endpointId);
    const now = this.deps.now();
    const current = endpoint.secrets[0];
    const secret = newWebhookSecret();
    const rotated: WebhookEndpointRecord = {
      ...endpoint,
      secrets: [
        { ...(await this.sealSecret(accountId, endpointId, secret)), createdAt: now.toISOString() },
        ...(current ? [{ ...current, retiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString() }] : []),
      ],
    };
    await this.deps.store.putEndpoint(rotated);
    await this.deps.audit.record(accountId, actor, "webhook.secret_rotated", endpointId);
    return { endpoint: endpointView(rotated), secret };
  }

  /** Turns a disabled endpoint on again (after its receiver was fixed). */
  async enable(accountId: string, endpointId: string) {
    const endpoint = await this.owned(accountId, endpointId);
    const { disabledReason: _reason, ...rest } = endpoint;
    await this.deps.store.putEndpoint({ ...rest, enabled: true, failuresInARow: 0 });
    return endpointView({ ...rest, enabled: true, failuresInARow: 0 });
  }

  async deliveries(accountId: string, endpointId: string) {
    await this.owned(accountId, endpointId);
    return (await this.deps.store.listDeliveries(accountId, endpointId, 50)).map(deliveryView);
  }

  /** The same message (same webhook-id, so receivers can drop a duplicate) queued again. */
  async resend(accountId: string, endpointId: string, messageId: string) {
    await this.owned(accountId, endpointId);
    const delivery = await this.deps.store.getDelivery(accountId, endpointId, messageId);
    if (!delivery) throw new DomainError("not-found", "No such delivery");
    await this.deps.store.putDelivery({ ...delivery, state: "pending" });
    await this.deps.queue.enqueue({ accountId, endpointId, messageId });
    return deliveryView({ ...delivery, state: "pending" });
  }

  /** Queues one event for every enabled endpoint of the account that asked for its type. */
  async publish(accountId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<number> {
    const endpoints = (await this.deps.store.listEndpoints(accountId)).filter(
      (e) => e.enabled && e.events.includes(type),
    );
    const now = this.deps.now();
    for (const endpoint of endpoints) {
      const messageId = newMessageId(now);
      await this.deps.store.putDelivery({
        accountId,
        endpointId: endpoint.endpointId,
        messageId,
        eventType: type,
        payload: JSON.stringify({ type, timestamp: now.toISOString(), data }),
        state: "pending",
        attempts: 0,
        createdAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + DELIVERY_LOG_DAYS * 86_400,
      });
      await this.deps.queue.enqueue({ accountId, endpointId: endpoint.endpointId, messageId });
    }
    return endpoints.length;
  }

  /**
   * One attempt of one delivery (`receiveCount` is the queue's count of this message's receipts):
   * signed with every live secret, posted through the SSRF-safe client with no redirects; a 2xx
   * delivers it, anything else retries after the schedule's delay, and the last failure leaves it
   * to the dead-letter queue and counts against the endpoint.
   */
  async deliver(message: DeliveryMessage, receiveCount: number): Promise<DeliveryOutcome> {
    const [endpoint, delivery] = await Promise.all([
      this.deps.store.getEndpoint(message.accountId, message.endpointId),
      this.deps.store.getDelivery(message.accountId, message.endpointId, message.messageId),
    ]);
    if (!endpoint || !delivery || delivery.state === "delivered") return { kind: "skipped" };
    const now = this.deps.now();
    let status: number | undefined;
    let error: string | undefined;
    if (!endpoint.enabled) error = "The endpoint is turned off";
    else {
      try {
        const headers = signedHeaders(
          await this.liveSecrets(endpoint, now),
          delivery.messageId,
          Math.floor(now.getTime() / 1000),
          delivery.payload,
        );
        status = (
          await this.deps.poster.post(
            endpoint.url,
            { ...headers, "content-type": "application/json" },
            delivery.payload,
          )
        ).status;
      } catch (thrown) {
        error = (thrown as Error).message.slice(0, 300);
      }
    }
    const delivered = status !== undefined && status >= 200 && status < 300;
    const last = receiveCount >= this.maxAttempts;
    await this.deps.store.putDelivery({
      ...delivery,
      state: delivered ? "delivered" : last ? "dead" : "retrying",
      attempts: delivery.attempts + 1,
      lastAttemptAt: now.toISOString(),
      ...(status !== undefined ? { lastStatusCode: status } : {}),
      ...(error ? { lastError: error } : { lastError: undefined }),
    });
    if (delivered) {
      if (endpoint.failuresInARow > 0) await this.deps.store.putEndpoint({ ...endpoint, failuresInARow: 0 });
      return { kind: "delivered" };
    }
    if (!last) {
      const delays = this.deps.retryDelaysSeconds ?? DEFAULT_RETRY_DELAYS_SECONDS;
      return { kind: "retry", afterSeconds: delays[Math.min(receiveCount - 1, delays.length - 1)] ?? 60 };
    }
    const reason = `Turned off after ${FAILURES_BEFORE_DISABLING} deliveries failed every attempt`;
    const { turnedOff } = await this.deps.store.countDeadDelivery(
      message.accountId,
      endpoint.endpointId,
      FAILURES_BEFORE_DISABLING,
      reason,
    );
    // Once, by the one delivery that turned it off.
    if (turnedOff)
      await this.deps.owners?.endpointTurnedOff(message.accountId, {
        id: endpoint.endpointId,
        url: endpoint.url,
        reason,
      });
    return { kind: "dead" };
  }

  /** The secrets that sign now, opened: a rotated one until it retires. */
  private liveSecrets(endpoint: WebhookEndpointRecord, now: Date): Promise<string[]> {
    return Promise.all(
      endpoint.secrets
        .filter((s) => !s.retiresAt || Date.parse(s.retiresAt) > now.getTime())
        .map((s) => openWebhookSecret(this.deps.secrets, endpoint, s)),
    );
  }

  private async sealSecret(accountId: string, endpointId: string, secret: string) {
    const { sealed, encryptedDataKey } = await this.deps.secrets.seal({ accountId, endpointId }, secret);
    return { sealed, encryptedDataKey };
  }

  private async owned(accountId: string, endpointId: string) {
    const endpoint = await this.deps.store.getEndpoint(accountId, endpointId);
    if (!endpoint) throw new DomainError("not-found", "No such webhook endpoint");
    return endpoint;
  }

  private assertReachableScheme(url: string) {
    const parsed = new URL(url);
    if (parsed.protocol === "https:") return;
    const plain = this.deps.plainHttpHosts ?? [];
    if (parsed.protocol === "http:" && (plain.includes(parsed.host) || plain.includes(parsed.hostname))) return;
    throw new DomainError("invalid", "A webhook endpoint's url must be an https:// address");
  }
}

type StoredSecret = WebhookEndpointRecord["secrets"][number];

/**
 * A stored signing secret in the clear, for signing: opened from its sealed form, or as kept by an
 * endpoint made before secrets were sealed (until the after-deploy migration seals it).
 */
export async function openWebhookSecret(
  sealer: Sealer,
  endpoint: Pick<WebhookEndpointRecord, "accountId" | "endpointId">,
  stored: StoredSecret,
): Promise<string> {
  if (stored.sealed !== undefined && stored.encryptedDataKey !== undefined)
    return sealer.open({ accountId: endpoint.accountId, endpointId: endpoint.endpointId }, {
      sealed: stored.sealed,
      encryptedDataKey: stored.encryptedDataKey,
    } satisfies SealedValue);
  if (stored.secret !== undefined) return stored.secret;
  throw new Error(`Webhook endpoint ${endpoint.endpointId} has a secret neither sealed nor kept`);
}
