import {
  type ApiKeyRecord,
  ApiKeyService,
  type ApiKeyStore,
  hashSecret,
  keyIdOf,
} from "@lg/domain/integrations/api-keys";
import { Idempotency, type IdempotencyStore, type IdempotentRequestRecord } from "@lg/domain/integrations/idempotency";
import { SEALED_PURPOSES, SecretSealer } from "@lg/domain/integrations/sealed-secrets";
import { describe, expect, it } from "vitest";
import { ContextBoundDataKeys } from "./fakes.js";

class MemoryKeys implements ApiKeyStore {
  readonly keys = new Map<string, ApiKeyRecord>();
  async put(key: ApiKeyRecord) {
    this.keys.set(key.keyId, key);
  }
  async get(keyId: string) {
    return this.keys.get(keyId) ?? null;
  }
  async listForAccount(accountId: string) {
    return [...this.keys.values()].filter((k) => k.accountId === accountId);
  }
  async markUsed(keyId: string, at: string) {
    const key = this.keys.get(keyId);
    if (!key || key.revokedAt || (key.validUntil && key.validUntil <= at)) return null;
    const used = { ...key, lastUsedAt: at };
    this.keys.set(keyId, used);
    return used;
  }
  async revoke(accountId: string, keyId: string, by: string, at: string) {
    const key = this.keys.get(keyId);
    if (key?.accountId !== accountId) return false;
    this.keys.set(keyId, { ...key, revokedAt: key.revokedAt ?? at, revokedBy: by });
    return true;
  }
}

const world = () => {
  const store = new MemoryKeys();
  const logged: string[] = [];
  let now = new Date("2026-11-29T10:00:00Z");
  const service = new ApiKeyService({
    store,
    audit: { record: async (_a, _actor, action, subject) => void logged.push(`${action} ${subject}`) },
    now: () => now,
  });
  return { store, logged, service, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
};
const owner = { userId: "owner-1", label: "owner@example.com" };

describe("API keys", () => {
  it("stores only the SHA-256 of a recognisable secret and authenticates the secret alone", async () => {
    const { store, service } = world();
    const { key, secret } = await service.create("acct", owner, "enterprise", {
      name: "SIEM",
      scopes: ["threats:read"],
    });
    expect(secret.startsWith("lg_live_")).toBe(true);
    expect(keyIdOf(secret)).toBe(key.id);
    expect(JSON.stringify([...store.keys.values()])).not.toContain(secret);
    expect(store.keys.get(key.id)?.secretHash).toBe(hashSecret(secret));
    expect((await service.authenticate(secret))?.accountId).toBe("acct");
    expect(await service.authenticate(`${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`)).toBeNull();
  });

  it("refuses keys on Personal, write scopes and a second key on Professional", async () => {
    const { service } = world();
    await expect(service.create("a", owner, "personal", { name: "x", scopes: ["threats:read"] })).rejects.toThrow(
      /Professional and Enterprise/,
    );
    await expect(
      service.create("a", owner, "professional", { name: "x", scopes: ["takedowns:write"] }),
    ).rejects.toThrow(/takedowns:write/);
    await service.create("a", owner, "professional", { name: "x", scopes: ["threats:read", "people:read"] });
    await expect(service.create("a", owner, "professional", { name: "y", scopes: ["threats:read"] })).rejects.toThrow(
      /one API key/,
    );
  });

  it("stops admitting a key once revoked or expired, and logs creation and revocation", async () => {
    const { service, logged, later } = world();
    const a = await service.create("acct", owner, "enterprise", { name: "a", scopes: ["threats:read"] });
    const b = await service.create("acct", owner, "enterprise", {
      name: "b",
      scopes: ["threats:read"],
      validUntil: "2026-11-29T11:00:00Z",
    });
    await service.admit(a.key.id, "acct");
    await expect(service.admit(a.key.id, "other-acct")).rejects.toThrow(/revoked or has expired/);
    await service.revoke("acct", owner, a.key.id);
    await expect(service.admit(a.key.id, "acct")).rejects.toThrow(/revoked/);
    expect(await service.authenticate(a.secret)).toBeNull();
    await service.admit(b.key.id, "acct");
    later(3_600_000);
    await expect(service.admit(b.key.id, "acct")).rejects.toThrow(/expired/);
    await expect(service.revoke("other", owner, b.key.id)).rejects.toThrow(/No such API key/);
    expect(logged).toEqual([
      `api_key.created ${a.key.id}`,
      `api_key.created ${b.key.id}`,
      `api_key.revoked ${a.key.id}`,
    ]);
  });
});

class MemoryIdempotency implements IdempotencyStore {
  readonly records = new Map<string, IdempotentRequestRecord>();
  private id = (r: IdempotentRequestRecord) => `${r.accountId}#${r.keyId}#${r.idempotencyKey}`;
  async claim(r: IdempotentRequestRecord) {
    const earlier = this.records.get(this.id(r));
    if (earlier && earlier.expiresAt > 0) return earlier;
    this.records.set(this.id(r), r);
    return null;
  }
  async complete(r: IdempotentRequestRecord) {
    this.records.set(this.id(r), r);
  }
  async release(r: IdempotentRequestRecord) {
    this.records.set(this.id(r), { ...r, expiresAt: 0 });
  }
}

describe("Idempotency-Key", () => {
  const scope = { accountId: "acct", keyId: "k1" };
  const request = { method: "POST", path: "/api/v1/threats/t1/takedowns", body: '{"action":"send"}' };

  it("runs an operation once per key and replays its answer to a retry", async () => {
    const idempotency = new Idempotency({ store: new MemoryIdempotency(), now: () => new Date() });
    let runs = 0;
    const send = async () => ({ statusCode: 200, body: JSON.stringify({ run: ++runs }) });
    const first = await idempotency.run(scope, "abc", request, send);
    const retry = await idempotency.run(scope, "abc", request, send);
    expect([first.body, retry.body, retry.replayed, runs]).toEqual(['{"run":1}', '{"run":1}', true, 1]);
    await expect(idempotency.run(scope, "abc", { ...request, body: "{}" }, send)).rejects.toThrow(/another request/);
    await expect(idempotency.run(scope, undefined, request, send)).rejects.toThrow(/required/);
  });

  it("keeps an answer that carries a secret sealed, and replays it opened", async () => {
    const store = new MemoryIdempotency();
    const keys = new ContextBoundDataKeys();
    const idempotency = new Idempotency({
      store,
      now: () => new Date(),
      answers: new SecretSealer(keys, SEALED_PURPOSES.idempotentAnswer),
    });
    const answer = JSON.stringify({ endpoint: { id: "e1" }, secret: "whsec_c2VjcmV0IHNpZ25pbmcga2V5" });
    const create = async () => ({ statusCode: 201, body: answer });
    const hooks = { method: "POST", path: "/api/v1/webhooks", body: "{}" };
    await idempotency.run(scope, "w1", hooks, create, { sealAnswer: true });
    expect(JSON.stringify([...store.records.values()])).not.toContain("c2VjcmV0IHNpZ25pbmcga2V5");
    const retry = await idempotency.run(scope, "w1", hooks, create, { sealAnswer: true });
    expect([retry.body, retry.replayed]).toEqual([answer, true]);
    expect(keys.contexts).toEqual([{ ...scope, idempotencyKey: "w1", purpose: SEALED_PURPOSES.idempotentAnswer }]);
  });

  it("frees the key after a failure so the retry runs, and refuses a retry while the first still runs", async () => {
    const idempotency = new Idempotency({ store: new MemoryIdempotency(), now: () => new Date() });
    await expect(
      idempotency.run(scope, "k", request, async () => {
        throw new Error("mail provider down");
      }),
    ).rejects.toThrow(/mail provider/);
    let release: () => void = () => undefined;
    const slow = idempotency.run(
      scope,
      "k",
      request,
      () => new Promise((r) => (release = () => r({ statusCode: 200, body: "{}" }))),
    );
    await expect(idempotency.run(scope, "k", request, async () => ({ statusCode: 200, body: "{}" }))).rejects.toThrow(
      /still being processed/,
    );
    release();
    expect((await slow).replayed).toBe(false);
  });
});
