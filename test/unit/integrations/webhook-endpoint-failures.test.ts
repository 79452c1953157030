import { SEALED_PURPOSES, SecretSealer } from "@lg/domain/integrations/sealed-secrets";
import { FAILURES_BEFORE_DISABLING, WebhookService } from "@lg/domain/integrations/webhooks";
import { describe, expect, it } from "vitest";
import { ContextBoundDataKeys, MemoryWebhooks } from "./fakes.js";

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
      secrets: new SecretSealer(new ContextBoundDataKeys(), SEALED_PURPOSES.webhookSecret),
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
