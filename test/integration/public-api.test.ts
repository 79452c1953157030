/**
 * The public API on the local stack (issue 38): keys made in Settings by an organisation's owner,
 * the API-key authorizer run by the local adapter as API Gateway runs it, scopes, revocation and
 * expiry from the next request, tenant isolation, idempotent POSTs, rate limits and problem details.
 */
import { createHash } from "node:crypto";
import { S3Client } from "@aws-sdk/client-s3";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { S3EvidenceStore } from "@lg/domain/scanning/adapters/s3-evidence";
import { writeEvidencePackage } from "@lg/domain/scanning/evidence";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clientConfig } from "./local-clients.js";
import { PLANTED_MEDIA_SHA256, plantThreat } from "./planted-threat.js";
import { publicApiClient } from "./public-api-client.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const { doc, threats, setTier, settings, v1, newKey, organisation } = publicApiClient(stack);

const outbox = async () =>
  ((await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as { messages: { to: string[]; text?: string }[] })
    .messages;

let ada: SignedUpPerson;
let bo: SignedUpPerson;
let pro: SignedUpPerson;
let full: { secret: string; key: { id: string } };

beforeAll(async () => {
  [ada, bo, pro] = await Promise.all([organisation("ada-api"), organisation("bo-api"), signUp(stack.url, "pro-api")]);
  await setTier(pro.userId, "professional");
  full = await newKey(ada.cookie, ["threats:read", "takedowns:write", "people:read"]);
}, 120_000);

afterAll(() => doc.destroy());

describe("API keys in Settings", () => {
  it("shows the secret once, keeps only its hash, and logs creation and revocation", async () => {
    expect(full.secret).toMatch(/^lg_live_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const listed = await settings(ada.cookie, "GET", "/api/api-keys");
    expect(JSON.stringify(listed.body)).not.toContain(full.secret);
    expect(JSON.stringify(listed.body)).not.toContain(full.secret.slice(26, 60));
    const audit = await settings(ada.cookie, "GET", "/api/audit-log?format=json");
    expect(
      (audit.body.entries as { action: string; subject?: string }[]).map((e) => `${e.action} ${e.subject}`),
    ).toContain(`api_key.created ${full.key.id}`);
  });

  it("gives Professional one key with read scopes only", async () => {
    const write = await settings(pro.cookie, "POST", "/api/api-keys", { name: "w", scopes: ["takedowns:write"] });
    expect(write.status).toBe(403);
    await newKey(pro.cookie, ["threats:read"]);
    const second = await settings(pro.cookie, "POST", "/api/api-keys", { name: "two", scopes: ["threats:read"] });
    expect(second.status).toBe(403);
    expect(String(second.body.message)).toMatch(/one API key/);
  });
});

describe("the public API", () => {
  it("lists and gets the organisation's threats, and answers another organisation's ids with 404", async () => {
    const list = await v1(full.secret, "GET", "/threats?limit=1");
    expect(list.status).toBe(200);
    expect(list.headers.get("ratelimit")).toMatch(/^"per-key";r=\d+;t=\d+$/);
    const page1 = list.body as { data: { id: string }[]; nextCursor: string | null };
    expect(page1.data).toHaveLength(1);
    const page2 = await v1(full.secret, "GET", `/threats?limit=1&cursor=${encodeURIComponent(page1.nextCursor ?? "")}`);
    const ids = [...page1.data, ...(page2.body.data as { id: string }[])].map((t) => t.id).sort();
    expect(ids).toEqual([`copy-${ada.userId}`, `fake-${ada.userId}`].sort());
    const future = await v1(full.secret, "GET", `/threats?since=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(future.body.data).toEqual([]);

    const foreign = await v1(full.secret, "GET", `/threats/fake-${bo.userId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("content-type")).toBe("application/problem+json");
    expect(foreign.body).toMatchObject({ type: "about:blank", title: "Not Found", status: 404 });
    const own = await v1(full.secret, "GET", `/threats/fake-${ada.userId}`);
    expect(own.body).toMatchObject({ id: `fake-${ada.userId}`, evidence: { sha256: PLANTED_MEDIA_SHA256 } });
    const badQuery = await v1(full.secret, "GET", "/threats?status=nonsense");
    expect(badQuery.status).toBe(400);
    expect(badQuery.headers.get("content-type")).toBe("application/problem+json");
  });

  it("links a threat's captured media for a few minutes, to its own organisation only", async () => {
    const picture = new TextEncoder().encode(`a captured picture for ${ada.userId}`);
    const s3 = new S3Client(clientConfig(stack.env, "AWS_ENDPOINT_URL_S3"));
    const evidencePackage = await writeEvidencePackage(new S3EvidenceStore(s3, stack.env.EVIDENCE_BUCKET ?? ""), {
      userId: ada.userId,
      media: { bytes: picture, contentType: "image/png", url: "https://i.redd.it/captured.png" },
      page: { url: "https://www.reddit.com/r/pics/comments/captured/", platform: "reddit" },
      detection: {},
      capturedAt: new Date().toISOString(),
    });
    s3.destroy();
    const threatId = `captured-${ada.userId}`;
    await plantThreat(threats, ada.userId, threatId, {
      evidenceData: {
        hash: evidencePackage.hash,
        manifestKey: evidencePackage.manifestKey,
        capturedAt: new Date().toISOString(),
      },
    });
    const got = await v1(full.secret, "GET", `/threats/${threatId}`);
    const media = (
      got.body.evidence as { media: { url: string; sha256: string; contentType: string; expiresAt: string } }
    ).media;
    expect(media).toMatchObject({ contentType: "image/png", bytes: picture.length });
    const minutes = (Date.parse(media.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(3);
    expect(minutes).toBeLessThanOrEqual(5);
    const fetched = new Uint8Array(await (await fetch(media.url)).arrayBuffer());
    expect(createHash("sha256").update(fetched).digest("hex")).toBe(media.sha256);
    expect(Buffer.from(fetched).equals(Buffer.from(picture))).toBe(true);
    // A link to another object of the bucket cannot be made from it: the signature covers the key.
    const forged = media.url.replace(/media\.png/, "page.json");
    expect(forged).not.toBe(media.url);
    expect((await fetch(forged)).status).toBe(403);
    // Not in the list (one read of the package per threat), and another organisation gets no link: 404.
    const listed = (await v1(full.secret, "GET", "/threats?limit=100")).body.data as { id: string; evidence: object }[];
    expect(listed.find((t) => t.id === threatId)?.evidence).not.toHaveProperty("media");
    const other = await newKey(bo.cookie, ["threats:read"]);
    expect((await v1(other.secret, "GET", `/threats/${threatId}`)).status).toBe(404);
    // A planted threat whose package holds no file says so instead of linking.
    const bare = await v1(full.secret, "GET", `/threats/fake-${ada.userId}`);
    expect(bare.body.evidence).toMatchObject({ media: null, mediaWithheld: expect.stringMatching(/no media file/) });
  });

  it("refuses a request without a key or with an unknown one at the gateway", async () => {
    expect((await fetch(`${stack.url}/api/v1/threats`)).status).toBe(401);
    expect(
      (await v1("lg_live_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "GET", "/threats")).status,
    ).toBe(403);
  });

  it("lets a read key read but never send a takedown", async () => {
    const read = await newKey(ada.cookie, ["threats:read"]);
    expect((await v1(read.secret, "GET", "/threats")).status).toBe(200);
    const refused = await v1(read.secret, "POST", `/threats/copy-${ada.userId}/takedowns`, {
      body: { action: "send", confirmations: [] },
      idempotencyKey: "read-key-1",
    });
    expect(refused.status).toBe(403);
    expect(String(refused.body.detail)).toMatch(/takedowns:write/);
    expect((await v1(read.secret, "GET", "/people")).status).toBe(403);
  });

  it("sends a notice once for a retried POST with the same Idempotency-Key, and logs the key's write", async () => {
    const threatId = `copy-${ada.userId}`;
    const claimCopyright = { sampleId: `sample-${ada.userId}` };
    const noKey = await v1(full.secret, "POST", `/threats/${threatId}/takedowns`, { body: { action: "prepare" } });
    expect(noKey.status).toBe(400);
    expect(String(noKey.body.detail)).toMatch(/Idempotency-Key/);
    const prepared = await v1(full.secret, "POST", `/threats/${threatId}/takedowns`, {
      body: { action: "prepare", claimCopyright },
      idempotencyKey: "prepare-1",
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const draft = prepared.body as { route: string; recipient: string; requiresConfirmation: string[] };
    expect(draft.route).toBe("dmca");

    const before = (await outbox()).filter((m) => m.to.includes(draft.recipient)).length;
    const send = { action: "send", confirmations: draft.requiresConfirmation, claimCopyright };
    const [first, retry] = [
      await v1(full.secret, "POST", `/threats/${threatId}/takedowns`, { body: send, idempotencyKey: "send-1" }),
      await v1(full.secret, "POST", `/threats/${threatId}/takedowns`, { body: send, idempotencyKey: "send-1" }),
    ];
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ action: "send", state: "sent" });
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await outbox()).filter((m) => m.to.includes(draft.recipient)).length).toBe(before + 1);
    const other = await v1(full.secret, "POST", `/threats/${threatId}/takedowns`, {
      body: { ...send, confirmations: [] },
      idempotencyKey: "send-1",
    });
    expect(other.status).toBe(422);

    const takedownId = String(first.body.takedownId);
    const got = await v1(full.secret, "GET", `/takedowns/${takedownId}`);
    expect(got.body).toMatchObject({ id: takedownId, threatId, state: "sent" });
    expect((await v1(full.secret, "GET", "/takedowns")).body.data).toEqual([
      expect.objectContaining({ id: takedownId }),
    ]);
    const boKey = await newKey(bo.cookie, ["threats:read"]);
    expect((await v1(boKey.secret, "GET", `/takedowns/${takedownId}`)).status).toBe(404);
    const audit = await settings(ada.cookie, "GET", "/api/audit-log?format=json");
    expect(audit.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "api_key.used", subject: takedownId, actorUserId: `apikey:${full.key.id}` }),
      ]),
    );
  });

  it("lists protected people without biometric data", async () => {
    const people = await v1(full.secret, "GET", "/people");
    expect(people.status).toBe(200);
    expect(people.body).toEqual({ data: [] });
  });

  it("refuses a revoked key and an expired key from the very next request, though the authorizer cached them", async () => {
    const key = await newKey(ada.cookie, ["threats:read"]);
    expect((await v1(key.secret, "GET", "/threats")).status).toBe(200);
    expect((await settings(ada.cookie, "DELETE", `/api/api-keys/${key.key.id}`)).status).toBe(200);
    const revoked = await v1(key.secret, "GET", "/threats");
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("content-type")).toBe("application/problem+json");

    const expiring = await newKey(ada.cookie, ["threats:read"], {
      validUntil: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await v1(expiring.secret, "GET", "/threats")).status).toBe(200);
    await doc.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: { pk: `APIKEY#${expiring.key.id}`, sk: "KEY" },
        UpdateExpression: "SET validUntil = :past",
        ExpressionAttributeValues: { ":past": new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await v1(expiring.secret, "GET", "/threats")).status).toBe(401);
    const audit = await settings(ada.cookie, "GET", "/api/audit-log?format=json");
    expect(
      (audit.body.entries as { action: string; subject?: string }[]).map((e) => `${e.action} ${e.subject}`),
    ).toContain(`api_key.revoked ${key.key.id}`);
  });

  it("answers 429 with Retry-After and RateLimit past the key's limit", async () => {
    const key = await newKey(bo.cookie, ["people:read"]);
    let limited: Awaited<ReturnType<typeof v1>> | undefined;
    for (let batch = 0; batch < 80 && !limited; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => v1(key.secret, "GET", "/people")));
      limited = answers.find((a) => a.status === 429);
    }
    expect(limited?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited?.headers.get("ratelimit")).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(limited?.body).toMatchObject({ status: 429, title: "Too Many Requests" });
  }, 120_000);

  it("answers as its published OpenAPI document says", async () => {
    const document = (await (await fetch(`${stack.url}/api/v1/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>
      >;
      components: { schemas: Record<string, object> };
    };
    expect(document.openapi).toBe("3.1.0");
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ $id: "doc", components: document.components });
    const check = (path: string, body: unknown) => {
      const schema = document.paths[path]?.get?.responses["200"]?.content["application/json"]?.schema;
      const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components')));
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    };
    check("/api/v1/threats", (await v1(full.secret, "GET", "/threats")).body);
    check("/api/v1/threats/{id}", (await v1(full.secret, "GET", `/threats/fake-${ada.userId}`)).body);
    check("/api/v1/takedowns", (await v1(full.secret, "GET", "/takedowns")).body);
    check("/api/v1/people", (await v1(full.secret, "GET", "/people")).body);
  });
});
