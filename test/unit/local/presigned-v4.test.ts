import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";
import { LOCAL_CREDENTIALS, localClientConfig } from "../../../local/src/stand-ins/client-config.js";
import { presignedRequestProblem } from "../../../local/src/stand-ins/presigned-v4.js";

const ENDPOINT = "http://127.0.0.1:4569";
const client = new S3Client({ ...localClientConfig(ENDPOINT), requestChecksumCalculation: "WHEN_REQUIRED" });
const secretFor = (id: string) =>
  id === LOCAL_CREDENTIALS.accessKeyId ? LOCAL_CREDENTIALS.secretAccessKey : undefined;

/** The request a client makes to a presigned URL: its path and query as sent, and its headers. */
const requestTo = (signed: string, method: string, headers: Record<string, string> = {}) => {
  const url = new URL(signed);
  return { method, rawUrl: `${url.pathname}${url.search}`, headers: { host: url.host, ...headers } };
};

describe("the S3 stand-in's check of presigned requests", () => {
  it("accepts a PUT with the signed Content-Length and refuses one byte more or less", async () => {
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: "b", Key: "users/a b/up+load", ContentLength: 2048 }),
      { expiresIn: 60 },
    );
    const now = new Date();
    expect(presignedRequestProblem(requestTo(url, "PUT", { "content-length": "2048" }), secretFor, now)).toBeNull();
    for (const size of ["2049", "2047"]) {
      expect(presignedRequestProblem(requestTo(url, "PUT", { "content-length": size }), secretFor, now)?.code).toBe(
        "SignatureDoesNotMatch",
      );
    }
    // A chunked body sends no Content-Length at all.
    expect(presignedRequestProblem(requestTo(url, "PUT"), secretFor, now)?.code).toBe("SignatureDoesNotMatch");
  });

  it("refuses a URL whose signed-headers list was edited to drop content-length", async () => {
    const url = new URL(
      await getSignedUrl(client, new PutObjectCommand({ Bucket: "b", Key: "k", ContentLength: 5 }), { expiresIn: 60 }),
    );
    url.searchParams.set("X-Amz-SignedHeaders", "host");
    expect(
      presignedRequestProblem(requestTo(url.toString(), "PUT", { "content-length": "9999" }), secretFor, new Date())
        ?.code,
    ).toBe("SignatureDoesNotMatch");
  });

  it("accepts a presigned GET, and refuses it once expired or under an unknown key", async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: "b", Key: "k" }), { expiresIn: 60 });
    expect(presignedRequestProblem(requestTo(url, "GET"), secretFor, new Date())).toBeNull();
    expect(presignedRequestProblem(requestTo(url, "GET"), secretFor, new Date(Date.now() + 61_000))?.message).toBe(
      "Request has expired",
    );
    expect(presignedRequestProblem(requestTo(url, "GET"), () => undefined, new Date())?.code).toBe(
      "InvalidAccessKeyId",
    );
  });
});
