import { S3Client } from "@aws-sdk/client-s3";
import { S3BiometricStore } from "@lg/domain/biometrics/adapters/s3-biometric-store";
import { beforeAll, describe, expect, it } from "vitest";

const ENV = {
  AWS_REGION: "eu-west-2",
  AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
  AWS_SECRET_ACCESS_KEY: "secret",
  TABLE_NAME: "table",
  BIOMETRIC_BUCKET: "biometric-bucket",
  BIOMETRIC_KEY_ID: "key",
  USER_POOL_ID: "pool",
  USER_POOL_CLIENT_ID: "client",
  APP_URL: "https://app.example",
};

const checksumParams = (url: string) =>
  [...new URL(url).searchParams.keys()].filter((name) => name.toLowerCase().startsWith("x-amz-checksum"));

describe("presigned biometric uploads", () => {
  beforeAll(() => Object.assign(process.env, ENV));

  it("a default SDK client signs the checksum of an empty body into the URL (the bug the presigner avoids)", async () => {
    const store = new S3BiometricStore(new S3Client({}), ENV.BIOMETRIC_BUCKET);
    const url = await store.presignUpload("uploads/u1/face/a", 2048, 300);
    expect(new URL(url).searchParams.get("x-amz-checksum-crc32")).toBe("AAAAAA==");
  });

  it("upload URLs signed by the handlers' presigner carry no checksum, so S3 accepts the browser's bytes", async () => {
    const { s3, s3Presigner } = await import("../../../lambdas/src/shared/aws/clients.js");
    const store = new S3BiometricStore(s3, ENV.BIOMETRIC_BUCKET, s3Presigner);
    const url = await store.presignUpload("uploads/u1/face/a", 2048, 300);
    expect(checksumParams(url)).toEqual([]);
    expect(new URL(url).searchParams.get("x-amz-sdk-checksum-algorithm")).toBeNull();
    expect(new URL(url).searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signs the declared Content-Length into the URL, so S3 refuses a body of any other size", async () => {
    const { s3, s3Presigner } = await import("../../../lambdas/src/shared/aws/clients.js");
    const store = new S3BiometricStore(s3, ENV.BIOMETRIC_BUCKET, s3Presigner);
    const url = new URL(await store.presignUpload("uploads/u1/face/a", 2048, 300));
    expect(url.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toContain("content-length");
  });

  it("refuses an upload URL with a malformed escape as a foreign one, instead of failing the request", () => {
    const store = new S3BiometricStore(new S3Client({}), ENV.BIOMETRIC_BUCKET);
    expect(store.keyFromUploadUrl(`https://s3.example/${ENV.BIOMETRIC_BUCKET}/users/u1/uploads/%`)).toBeNull();
    expect(store.keyFromUploadUrl(`https://s3.example/${ENV.BIOMETRIC_BUCKET}/users/u1/uploads/a%20b`)).toBe(
      "users/u1/uploads/a b",
    );
  });
});
