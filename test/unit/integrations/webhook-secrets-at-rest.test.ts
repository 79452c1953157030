import { SEALED_PURPOSES, SecretSealer } from "@lg/domain/integrations/sealed-secrets";
import {
  type EndpointsWithKeptSecrets,
  sealKeptWebhookSecrets,
} from "@lg/domain/integrations/webhook-secret-migration";
import { newWebhookSecret } from "@lg/domain/integrations/webhook-signing";
import { type WebhookEndpointRecord, WebhookService } from "@lg/domain/integrations/webhooks";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { ContextBoundDataKeys, MemoryWebhooks } from "./fakes.js";

/** Now: receivers refuse signatures older than 5 minutes. */
const NOW = new Date();
const actor = { userId: "acct-a", label: "ada@example.com" };

function webhooks() {
  const store = new MemoryWebhooks();
  const keys = new ContextBoundDataKeys();
  const posted: { headers: Record<string, string>; body: string }[] = [];
  const queued: { accountId: string; endpointId: string; messageId: string }[] = [];
  const service = new WebhookService({
    store,
    queue: { enqueue: async (m) => void queued.push(m) },
    poster: {
      post: async (_url, headers, body) => {
        posted.push({ headers, body });
        return { status: 204 };
      },
    },
    audit: { record: async () => {} },
    secrets: new SecretSealer(keys, SEALED_PURPOSES.webhookSecret),
    now: () => NOW,
  });
  /** Publishes one event and makes its delivery's first attempt. */
  const deliverOne = async () => {
    await service.publish("acct-a", "threat.updated", { id: "t1" });
    const message = queued.at(-1);
    if (!message) throw new Error("nothing queued");
    return service.deliver(message, 1);
  };
  return { store, keys, posted, service, deliverOne };
}

/** The signature check a receiver makes. */
const verifies = (secret: string, delivery: { headers: Record<string, string>; body: string }) => {
  try {
    new Webhook(secret).verify(delivery.body, delivery.headers);
    return true;
  } catch {
    return false;
  }
};

describe("webhook signing secrets at rest", () => {
  it("are stored only sealed under a data key of their own, and still sign what the receiver verifies", async () => {
    const { store, keys, posted, service, deliverOne } = webhooks();
    const { endpoint, secret } = await service.create("acct-a", actor, {
      url: "https://hooks.example.com/in",
      events: ["threat.updated"],
    });
    const stored = JSON.stringify(store.endpoints.get(endpoint.id));
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice("whsec_".length));
    expect(store.endpoints.get(endpoint.id)?.secrets[0]).toEqual({
      sealed: expect.any(String),
      encryptedDataKey: expect.any(String),
      createdAt: NOW.toISOString(),
    });
    expect(keys.contexts).toEqual([
      { accountId: "acct-a", endpointId: endpoint.id, purpose: SEALED_PURPOSES.webhookSecret },
    ]);
    expect(await deliverOne()).toEqual({ kind: "delivered" });
    expect(verifies(secret, posted[0] as never)).toBe(true);
  });

  it("seal a rotated secret too, and sign with both while the older one overlaps", async () => {
    const { store, posted, service, deliverOne } = webhooks();
    const made = await service.create("acct-a", actor, {
      url: "https://hooks.example.com/in",
      events: ["threat.updated"],
    });
    const rotated = await service.rotateSecret("acct-a", actor, made.endpoint.id);
    const stored = JSON.stringify(store.endpoints.get(made.endpoint.id));
    for (const secret of [made.secret, rotated.secret]) expect(stored).not.toContain(secret.slice("whsec_".length));
    await deliverOne();
    expect(verifies(made.secret, posted[0] as never)).toBe(true);
    expect(verifies(rotated.secret, posted[0] as never)).toBe(true);
  });

  it("do not open for another endpoint: a sealed secret copied elsewhere signs nothing", async () => {
    const { store, posted, service, deliverOne } = webhooks();
    const a = await service.create("acct-a", actor, { url: "https://a.example.com/in", events: ["scan.completed"] });
    const b = await service.create("acct-a", actor, { url: "https://b.example.com/in", events: ["threat.updated"] });
    const fromA = store.endpoints.get(a.endpoint.id)?.secrets ?? [];
    const endpointB = store.endpoints.get(b.endpoint.id) as WebhookEndpointRecord;
    store.endpoints.set(b.endpoint.id, { ...endpointB, secrets: fromA });
    expect(await deliverOne()).toMatchObject({ kind: "retry" });
    expect(posted).toEqual([]);
  });
});

/** The table as the migration sees it: conditional on the clear secrets being where they were read. */
class MemoryKeptSecrets implements EndpointsWithKeptSecrets {
  constructor(readonly store: MemoryWebhooks) {}
  async *withKeptSecrets() {
    for (const e of this.store.endpoints.values()) if (e.secrets.some((s) => s.secret !== undefined)) yield e;
  }
  async replaceKeptSecrets(before: WebhookEndpointRecord, secrets: WebhookEndpointRecord["secrets"]) {
    const now = this.store.endpoints.get(before.endpointId);
    if (!now || JSON.stringify(now.secrets) !== JSON.stringify(before.secrets)) return false;
    this.store.endpoints.set(before.endpointId, { ...now, secrets });
    return true;
  }
}

describe("the after-deploy migration of secrets kept in the clear", () => {
  const keptEndpoint = (endpointId: string, secrets: WebhookEndpointRecord["secrets"]): WebhookEndpointRecord => ({
    accountId: "acct-a",
    endpointId,
    url: "https://hooks.example.com/in",
    events: ["threat.updated"],
    secrets,
    enabled: true,
    failuresInARow: 0,
    createdAt: "2026-11-01T00:00:00.000Z",
    createdBy: "acct-a",
  });

  it("seals each, keeps signing with it (overlap included), and a second run finds nothing", async () => {
    const { store, keys, posted, deliverOne } = webhooks();
    const [current, older] = [newWebhookSecret(), newWebhookSecret()];
    store.endpoints.set(
      "old",
      keptEndpoint("old", [
        { secret: current, createdAt: "2026-11-28T00:00:00.000Z" },
        {
          secret: older,
          createdAt: "2026-11-01T00:00:00.000Z",
          retiresAt: new Date(NOW.getTime() + 3600_000).toISOString(),
        },
      ]),
    );
    const sealer = new SecretSealer(keys, SEALED_PURPOSES.webhookSecret);
    const failures: string[] = [];
    const first = await sealKeptWebhookSecrets(new MemoryKeptSecrets(store), sealer, (id) => void failures.push(id));
    expect(first).toEqual({ sealed: 1, changedMeanwhile: 0, failed: 0 });
    const stored = store.endpoints.get("old");
    expect(JSON.stringify(stored)).not.toContain(current.slice("whsec_".length));
    expect(JSON.stringify(stored)).not.toContain(older.slice("whsec_".length));
    expect(stored?.secrets[1]?.retiresAt).toBe(new Date(NOW.getTime() + 3600_000).toISOString());
    await deliverOne();
    expect(verifies(current, posted[0] as never)).toBe(true);
    expect(verifies(older, posted[0] as never)).toBe(true);
    const second = await sealKeptWebhookSecrets(new MemoryKeptSecrets(store), sealer, () => {});
    expect(second).toEqual({ sealed: 0, changedMeanwhile: 0, failed: 0 });
    expect(failures).toEqual([]);
  });

  it("leaves an endpoint whose secrets changed since it was read to the next run", async () => {
    const { store, keys } = webhooks();
    store.endpoints.set("old", keptEndpoint("old", [{ secret: newWebhookSecret(), createdAt: NOW.toISOString() }]));
    const kept = new MemoryKeptSecrets(store);
    const racing: EndpointsWithKeptSecrets = {
      withKeptSecrets: () => kept.withKeptSecrets(),
      replaceKeptSecrets: async (before, secrets) => {
        // A rotation lands between the read and the write.
        const now = store.endpoints.get(before.endpointId) as WebhookEndpointRecord;
        store.endpoints.set(before.endpointId, { ...now, secrets: [{ secret: newWebhookSecret(), createdAt: "x" }] });
        return kept.replaceKeptSecrets(before, secrets);
      },
    };
    const outcome = await sealKeptWebhookSecrets(
      racing,
      new SecretSealer(keys, SEALED_PURPOSES.webhookSecret),
      () => {},
    );
    expect(outcome).toEqual({ sealed: 0, changedMeanwhile: 1, failed: 0 });
  });
});
