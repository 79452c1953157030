/**
 * Webhook endpoints managed through the public API (issue 38, `webhooks:manage`): the same service as
 * Settings, acting as the key; the secret shown at creation and rotation only, replayed under the
 * Idempotency-Key; rotation with overlap (both secrets verify while it lasts); another
 * organisation's endpoint 404; every change in the audit log; errors as problem details. Secrets are
 * sealed at rest (the table holds none in the clear, nor the kept answer that carried one), and the
 * after-deploy migration seals those stored before.
 */
import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { newWebhookSecret } from "@lg/domain/integrations/webhook-signing";
import { toItem } from "@lg/domain/table/index";
import { WebhookEndpoint } from "@lg/domain/table/integration-entities";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eventually } from "./local-clients.js";
import { publicApiClient } from "./public-api-client.js";
import type { SignedUpPerson } from "./signed-up-person.js";
import { startWebhookReceiver } from "./webhook-receiver.js";

const stack = inject("localStack");
const { doc, settings, v1, newKey, organisation, sendCopyrightNotice } = publicApiClient(stack);

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason?: string;
  previousSecretRetiresAt?: string;
}

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let org: SignedUpPerson;
let manager: string;
let reader: string;
let stranger: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  let other: SignedUpPerson;
  [org, other] = await Promise.all([organisation("hooks-api"), organisation("hooks-api-other")]);
  manager = (await newKey(org.cookie, ["webhooks:manage", "threats:read", "takedowns:write"])).secret;
  reader = (await newKey(org.cookie, ["threats:read"])).secret;
  stranger = (await newKey(other.cookie, ["webhooks:manage"])).secret;
}, 120_000);

/** Every item of the organisation's partition, as the table stores it. */
const storedItems = async (accountId: string) =>
  JSON.stringify(
    (
      await doc.send(
        new QueryCommand({
          TableName: stack.env.TABLE_NAME,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": `USER#${accountId}` },
        }),
      )
    ).Items ?? [],
  );

/** A step of the data migrations a deploy runs after it (lambdas/src/migrations/after-deploy.ts). */
async function sealWebhookSecretsAtRest() {
  Object.assign(process.env, stack.env);
  const { sealWebhookSecretsAtRest: run } = await import("../../lambdas/src/migrations/after-deploy.js");
  return run();
}

afterAll(() => {
  receiver.close();
  doc.destroy();
});

describe("webhooks:manage through the public API", () => {
  it("adds an endpoint, rotates its secret with overlap, and both secrets verify the next event", async () => {
    const body = { url: receiver.url("/hooks"), events: ["takedown.sent"] };
    const made = await v1(manager, "POST", "/webhooks", { body, idempotencyKey: "hooks-api-create" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { endpoint, secret } = made.body as { endpoint: Endpoint; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(made.headers.get("location")).toBe(`/api/v1/webhooks/${endpoint.id}`);
    // A retry (the answer was lost on the way) gets the same endpoint and secret, and adds no second one.
    const retried = await v1(manager, "POST", "/webhooks", { body, idempotencyKey: "hooks-api-create" });
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(retried.body).toEqual(made.body);
    const listed = await v1(manager, "GET", "/webhooks");
    expect((listed.body.data as Endpoint[]).map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));
    // The organisation's Settings page shows the endpoint the key added.
    const inSettings = await settings(org.cookie, "GET", "/api/webhooks");
    expect((inSettings.body.endpoints as Endpoint[]).map((e) => e.id)).toEqual([endpoint.id]);

    const rotated = await v1(manager, "POST", `/webhooks/${endpoint.id}/rotate-secret`, {
      idempotencyKey: "hooks-api-rotate",
    });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const fresh = (rotated.body as { secret: string }).secret;
    expect(fresh).not.toBe(secret);
    expect((rotated.body as { endpoint: Endpoint }).endpoint.previousSecretRetiresAt).toBeDefined();

    const changed = await v1(manager, "PATCH", `/webhooks/${endpoint.id}`, {
      body: { events: ["takedown.sent", "threat.updated"] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body as unknown as Endpoint).events).toEqual(["takedown.sent", "threat.updated"]);

    const sent = await sendCopyrightNotice(org, manager, "hooks-api-send");
    expect(sent.answer.body).toMatchObject({ action: "send", state: "sent" });
    const delivery = await eventually(
      async () => receiver.received.find((r) => JSON.parse(r.body).type === "takedown.sent"),
      15_000,
    );
    expect(delivery.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    for (const key of [secret, fresh])
      expect(new Webhook(key).verify(delivery.body, delivery.headers)).toMatchObject({
        type: "takedown.sent",
        data: { threatId: sent.threatId },
      });
    await eventually(async () => receiver.received.find((r) => JSON.parse(r.body).type === "threat.updated"), 15_000);
    // Neither secret is in the table: not the endpoint's, nor the kept answers replayed to a retry.
    const stored = await storedItems(org.userId);
    expect(stored).toContain(endpoint.id);
    for (const key of [secret, fresh]) expect(stored).not.toContain(key.slice("whsec_".length));
  }, 90_000);

  it("turns an endpoint off and on, refuses a plain-http url, and removes it", async () => {
    const made = await v1(manager, "POST", "/webhooks", {
      body: { url: receiver.url("/hooks"), events: ["scan.completed"] },
      idempotencyKey: "hooks-api-second",
    });
    const id = (made.body as { endpoint: Endpoint }).endpoint.id;
    const off = await v1(manager, "PATCH", `/webhooks/${id}`, { body: { enabled: false } });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/API key/) });
    const on = await v1(manager, "PATCH", `/webhooks/${id}`, { body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true });
    expect(on.body.disabledReason).toBeUndefined();

    const plain = await v1(manager, "PATCH", `/webhooks/${id}`, { body: { url: "http://example.com/hook" } });
    expect(plain.status).toBe(400);
    expect(plain.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(plain.body).toMatchObject({ status: 400, detail: expect.stringMatching(/https/) });
    const empty = await v1(manager, "PATCH", `/webhooks/${id}`, { body: {} });
    expect(empty.status).toBe(400);
    const noKey = await v1(manager, "POST", `/webhooks/${id}/rotate-secret`);
    expect(noKey.status).toBe(400);
    expect(noKey.body.detail).toMatch(/Idempotency-Key/);

    const removed = await v1(manager, "DELETE", `/webhooks/${id}`);
    expect(removed.body).toEqual({ id, deleted: true });
    expect((await v1(manager, "GET", `/webhooks/${id}`)).status).toBe(404);

    const audit = await settings(org.cookie, "GET", "/api/audit-log?format=json");
    const entries = (audit.body.entries as { action: string; subject?: string; actorLabel?: string }[]).filter(
      (e) => e.subject === id,
    );
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["webhook.created", "webhook.updated", "webhook.removed", "api_key.used"]),
    );
    expect(entries.every((e) => e.actorLabel?.startsWith("API key"))).toBe(true);
  }, 60_000);

  it("needs the webhooks:manage scope, and answers another organisation's endpoint with 404", async () => {
    const [mine] = ((await v1(manager, "GET", "/webhooks")).body.data as Endpoint[]) ?? [];
    if (!mine) throw new Error("the first test's endpoint is gone");
    const refused = await v1(reader, "GET", "/webhooks");
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/webhooks:manage/);
    expect((await v1(stranger, "GET", `/webhooks/${mine.id}`)).status).toBe(404);
    expect((await v1(stranger, "PATCH", `/webhooks/${mine.id}`, { body: { enabled: false } })).status).toBe(404);
    expect((await v1(stranger, "DELETE", `/webhooks/${mine.id}`)).status).toBe(404);
    expect(
      (await v1(stranger, "POST", `/webhooks/${mine.id}/rotate-secret`, { idempotencyKey: "hooks-api-steal" })).status,
    ).toBe(404);
    expect((await v1(stranger, "GET", "/webhooks")).body).toEqual({ data: [] });
    expect((await v1(manager, "GET", `/webhooks/${mine.id}`)).body).toMatchObject({ id: mine.id, enabled: true });
  });

  it("seals, after deploy, a secret stored in the clear before, which then still signs", async () => {
    const legacy = await organisation("hooks-api-legacy");
    const kept = newWebhookSecret();
    const endpointId = "legacy-endpoint";
    await doc.send(
      new PutCommand({
        TableName: stack.env.TABLE_NAME,
        Item: toItem(WebhookEndpoint, {
          accountId: legacy.userId,
          endpointId,
          url: receiver.url("/legacy"),
          events: ["takedown.sent"],
          secrets: [{ secret: kept, createdAt: "2026-11-01T00:00:00.000Z" }],
          enabled: true,
          failuresInARow: 0,
          createdAt: "2026-11-01T00:00:00.000Z",
          createdBy: legacy.userId,
        }),
      }),
    );
    expect(await storedItems(legacy.userId)).toContain(kept.slice("whsec_".length));
    expect((await sealWebhookSecretsAtRest()).sealed).toBeGreaterThanOrEqual(1);
    expect(await storedItems(legacy.userId)).not.toContain(kept.slice("whsec_".length));
    expect(await sealWebhookSecretsAtRest()).toMatchObject({ sealed: 0, failed: 0 });

    const writer = (await newKey(legacy.cookie, ["threats:read", "takedowns:write"])).secret;
    const sent = await sendCopyrightNotice(legacy, writer, "hooks-api-legacy-send");
    expect(sent.answer.body).toMatchObject({ action: "send", state: "sent" });
    const delivery = await eventually(async () => receiver.received.find((r) => r.path === "/legacy"), 15_000);
    expect(new Webhook(kept).verify(delivery.body, delivery.headers)).toMatchObject({ type: "takedown.sent" });
  }, 90_000);
});
