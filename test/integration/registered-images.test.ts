import { randomBytes } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { RDSDataClient } from "@aws-sdk/client-rds-data";
import { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { RdsDataSql } from "@lg/domain/gallery/adapters/rds-data-sql";
import { PdqIndex } from "@lg/domain/registered-images/pdq-index";
import { afterAll, describe, expect, inject, it } from "vitest";
import { clientConfig } from "./local-clients.js";
import { PASSWORD, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const dynamo = new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB"));
const doc = DynamoDBDocumentClient.from(dynamo);
const rdsData = new RDSDataClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_RDS_DATA"));
const index = new PdqIndex(
  new RdsDataSql(rdsData, {
    resourceArn: stack.env.GALLERY_CLUSTER_ARN ?? "",
    secretArn: stack.env.GALLERY_SECRET_ARN ?? "",
    database: stack.env.GALLERY_DATABASE ?? "",
  }),
);

afterAll(() => {
  dynamo.destroy();
  rdsData.destroy();
});

const api = async (route: string, cookie: string, method = "GET", body?: unknown) => {
  const res = await fetch(`${stack.url}${route}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
};

const hashItems = async (userId: string) =>
  (
    await doc.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
        ExpressionAttributeValues: { ":pk": `USER#${userId}`, ":sk": "IMAGEHASH#" },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const newHash = () => randomBytes(32).toString("hex");

describe("registered intimate-image hashes over the API", () => {
  it("registers hashes sealed, lists them without the hash, exports them, and deletes them unmatchable", async () => {
    const alice = await signUp(stack.url, "pdq-owner");
    const [a, b] = [newHash(), newHash()];
    const registered = await api("/api/image-hashes", alice.cookie, "POST", {
      hashes: [
        { hash: a, quality: 92 },
        { hash: b, quality: 71, source: "video-frame" },
      ],
    });
    expect(registered.status, registered.text).toBe(200);
    const ids = (registered.json().registered as { hashId: string }[]).map((r) => r.hashId);
    expect(ids).toHaveLength(2);

    // At rest: only the sealed form, the quality and dates.
    const items = await hashItems(alice.userId);
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(JSON.stringify(item)).not.toContain(a);
      expect(JSON.stringify(item)).not.toContain(b);
      expect(item.encryptedHash).toEqual(expect.any(String));
    }

    const listed = await api("/api/image-hashes", alice.cookie);
    expect(listed.json().count).toBe(2);
    expect(listed.text).not.toContain(a);
    // The dashboard's coverage counts them (and shows no hash).
    const stats = await api("/api/stats", alice.cookie);
    expect((stats.json() as { coverage: { registeredImages: number } }).coverage.registeredImages).toBe(2);
    expect(stats.text).not.toContain(a);

    const exported = await api("/api/image-hashes/export", alice.cookie);
    expect(exported.text.trimEnd().split("\n").sort()).toEqual([`${a},92`, `${b},71`].sort());
    const accountExport = await api("/api/account/export", alice.cookie);
    const exportedHashes = (accountExport.json().data as Record<string, { hash: string }[]>).RegisteredImageHash;
    expect(exportedHashes?.map((h) => h.hash).sort()).toEqual([a, b].sort());

    // Another person sees none of them, and cannot delete them.
    const bob = await signUp(stack.url, "pdq-other");
    expect((await api("/api/image-hashes", bob.cookie)).json().count).toBe(0);
    expect((await api("/api/image-hashes/export", bob.cookie)).text).toBe("");
    expect((await api(`/api/image-hashes/${ids[0]}`, bob.cookie, "DELETE")).status).toBe(404);

    expect((await index.match([a, b])).map((m) => m.userId)).toEqual([alice.userId, alice.userId]);
    const one = await api(`/api/image-hashes/${ids[0]}`, alice.cookie, "DELETE");
    expect(one.status, one.text).toBe(200);
    expect((await index.match([a])).filter((m) => m.userId === alice.userId)).toEqual([]);
    expect((await api("/api/image-hashes", alice.cookie, "DELETE")).json().deleted).toBe(1);
    expect(await index.match([a, b])).toEqual([]);
    expect(await hashItems(alice.userId)).toHaveLength(0);
  });

  it("refuses a hash of quality under 50 with the reason, and a picture instead of a hash", async () => {
    const carol = await signUp(stack.url, "pdq-quality");
    const low = await api("/api/image-hashes", carol.cookie, "POST", { hashes: [{ hash: newHash(), quality: 31 }] });
    expect(low.status).toBe(422);
    expect(low.json().error ?? low.text).toMatch(/Quality 31 is below 50/);
    const picture = await api("/api/image-hashes", carol.cookie, "POST", {
      hashes: [{ hash: randomBytes(2000).toString("base64"), quality: 90 }],
    });
    expect(picture.status).toBe(400);
    expect(picture.text).toMatch(/64 hexadecimal characters/);
    expect(await hashItems(carol.userId)).toHaveLength(0);
  });

  it("erases the hashes with the account: the index forgets them at once", async () => {
    const dave = await signUp(stack.url, "pdq-erased");
    const hash = newHash();
    expect((await api("/api/image-hashes", dave.cookie, "POST", { hashes: [{ hash, quality: 88 }] })).status).toBe(200);
    expect(await index.match([hash])).toHaveLength(1);
    const deleted = await api("/api/account", dave.cookie, "DELETE", { currentPassword: PASSWORD });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await index.match([hash])).toEqual([]);
    expect(await hashItems(dave.userId)).toHaveLength(0);
  });
});
