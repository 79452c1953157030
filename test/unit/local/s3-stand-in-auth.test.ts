import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { localClientConfig } from "../../../local/src/stand-ins/client-config.js";
import { startS3 } from "../../../local/src/stand-ins/s3.js";

const BUCKET = "biometric";
let dir: string;
let s3: RunningServer;
let client: S3Client;

/** Every file under the store, as paths relative to it. */
const filesUnder = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-s3-auth-"));
  // A data dir kept from a run before tags went with their objects: a tag file whose object is gone.
  mkdirSync(path.join(dir, BUCKET, "users", "user-gone", "samples"), { recursive: true });
  writeFileSync(path.join(dir, BUCKET, "users", "user-gone", "samples", "sample-gone.jpg._S3rver_tagging.xml"), "<x/>");
  s3 = await startS3(dir, [BUCKET], ["http://localhost:3000"]);
  client = new S3Client(localClientConfig(s3.url));
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the local S3 stand-in's authentication (issue 35 item 9)", () => {
  it("refuses to serve, store or list anything for a request that is not signed", async () => {
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "users/u1/face.jpg", Body: "face" }));
    for (const [method, urlPath] of [
      ["GET", `/${BUCKET}/users/u1/face.jpg`],
      ["GET", `/${BUCKET}?list-type=2`],
      ["PUT", `/${BUCKET}/users/u1/planted.jpg`],
      ["DELETE", `/${BUCKET}/users/u1/face.jpg`],
    ] as const) {
      const response = await fetch(`${s3.url}${urlPath}`, { method, ...(method === "PUT" ? { body: "x" } : {}) });
      expect([method, urlPath, response.status]).toEqual([method, urlPath, 403]);
      expect(await response.text()).toContain("<Code>AccessDenied</Code>");
    }
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "users/u1/" }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(["users/u1/face.jpg"]);
  });

  it("refuses a forged or stale Authorization header, and a client holding the wrong secret", async () => {
    const get = (headers: Record<string, string>) =>
      fetch(`${s3.url}/${BUCKET}/users/u1/face.jpg`, { headers }).then(async (r) => [r.status, await r.text()]);
    const forged = await get({
      authorization:
        "AWS4-HMAC-SHA256 Credential=S3RVER/20261129/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=" +
        "0".repeat(64),
      "x-amz-date": new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, ""),
    });
    expect(forged[0]).toBe(403);
    expect(forged[1]).toContain("SignatureDoesNotMatch");
    expect((await get({ authorization: "AWS S3RVER:abc" }))[1]).toContain("AccessDenied");
    const thief = new S3Client({
      ...localClientConfig(s3.url),
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "guess" },
    });
    await expect(thief.send(new GetObjectCommand({ Bucket: BUCKET, Key: "users/u1/face.jpg" }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    thief.destroy();
  });

  it("serves the SDK's signed requests and the presigned URLs the product makes", async () => {
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: "users/u1/face.jpg" }));
    expect(await got.Body?.transformToString()).toBe("face");
    const upload = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: BUCKET, Key: "users/u1/uploads/up 1", ContentLength: 4 }),
      { expiresIn: 60 },
    );
    expect((await fetch(upload, { method: "PUT", body: "abcd" })).status).toBe(200);
    const read = await getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: "users/u1/uploads/up 1" }), {
      expiresIn: 60,
    });
    expect(await (await fetch(read)).text()).toBe("abcd");
  });

  it("leaves no tag file naming a deleted object's user or sample, and none kept from an earlier run", async () => {
    expect(filesUnder(dir).filter((f) => f.includes("user-gone"))).toEqual([]);
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: "users/u2/samples/s-42.jpg", Body: "x", Tagging: "auto-delete=90d" }),
    );
    expect(filesUnder(dir).filter((f) => f.includes("s-42"))).toContainEqual(
      expect.stringMatching(/_S3rver_tagging\.xml$/),
    );
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: "users/u2/samples/s-42.jpg" }));
    expect(filesUnder(dir).filter((f) => f.includes("u2") || f.includes("s-42"))).toEqual([]);
  });
});
