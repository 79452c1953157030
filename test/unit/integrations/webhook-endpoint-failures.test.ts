import {
  FAILURES_BEFORE_DISABLING,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
  WebhookService,
  type WebhookStore,
} from "@lg/domain/integrations/webhooks";
import { describe, expect, it } from "vitest";

class MemoryWebhooks implements WebhookStore {
  readonly endpoints = new Map<string, WebhookEndpointRecord>();
  readonly deliveries = new Map<string, WebhookDeliveryRecord>();
  async putEndpoint(e: WebhookEndpointRecord) {
    this.endpoints.set(e.endpointId, e);
  }
  async getEndpoint(_accountId: string, endpointId: string) {
    return this.endpoints.get(endpointId) ?? null;
  }
  async listEndpoints(accountId: string) {
    return [...this.endpoints.values()].filter((e) => e.accountId === accountId);
  }
  async deleteEndpoint(_accountId: string, endpointId: string) {
    this.endpoints.delete(endpointId);
  }
  async putDelivery(d: WebhookDeliveryRecord) {
    this.deliveries.set(d.messageId, d);
  }
  async getDelivery(_accountId: string, _endpointId: string, messageId: string) {
    return this.deliveries.get(messageId) ?? null;
  }
  async listDeliveries() {
    return [...this.deliveries.values()];
  }
  async countDeadDelivery(_accountId: string, endpointId: string, disableAt: number, reason: string) {
    const endpoint = this.endpoints.get(endpointId);
    if (!endpoint) return { turnedOff: false };
    const counted = { ...endpoint, failuresInARow: endpoint.failuresInARow + 1 };
    const turnedOff = counted.failuresInARow >= disableAt && counted.enabled;
    this.endpoints.set(endpointId, turnedOff ? { ...counted, enabled: false, disabledReason: reason } : counted);
    return { turnedOff };
  }
}

describe("an endpoint that keeps failing", () => {
  it("is turned off after the fifth dead delivery in a row, and its owners are told once", async () => {
    const store = new MemoryWebhooks();
    const queued: { messageId: string }[] = [];
    const told: { accountId: string; endpoint: { id: string; url: string; reason: string } }[] = [];
    const service = new WebhookService({
      store,
      queue: { enqueue: async (m) => void queued.push(m) },
      poster: { post: async () => ({ status: 500 }) },
      audit: { record: async () => {} },
      now: () => new Date("2026-11-29T10:00:00Z"),
      retryDelaysSeconds: [1],
      plainHttpHosts: ["127.0.0.1"],
      owners: { endpointTurnedOff: async (accountId, endpoint) => void told.push({ accountId, endpoint }) },
    });
    const { endpoint } = await service.create("acct-a", { userId: "acct-a" } as never, {
      url: "http://127.0.0.1:9/fail",
      events: ["threat.updated"],
    });
    for (let n = 0; n < FAILURES_BEFORE_DISABLING + 1; n++) {
      await service.publish("acct-a", "threat.updated", { n });
      const message = queued.at(-1) as { messageId: string };
      // The last of its attempts (1 retry, so the 2nd receive) leaves it dead.
      await service.deliver({ accountId: "acct-a", endpointId: endpoint.id, messageId: message.messageId }, 2);
      if (n === FAILURES_BEFORE_DISABLING - 2) expect(told).toEqual([]);
    }
    expect(store.endpoints.get(endpoint.id)).toMatchObject({ enabled: false });
    expect(told).toEqual([
      {
        accountId: "acct-a",
        endpoint: {
          id: endpoint.id,
          url: "http://127.0.0.1:9/fail",
          reason: `Turned off after ${FAILURES_BEFORE_DISABLING} deliveries failed every attempt`,
        },
      },
    ]);
  });
});
