import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import type { EvidenceEraser, EvidenceStore } from "../evidence.js";
import { eraseEveryVersion } from "./s3-prefix-erasure.js";

const isMissing = (e: unknown) => {
  const name = (e as Error).name;
  return (
    name === "NotFound" ||
    name === "NoSuchKey" ||
    (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
};

/**
 * The evidence bucket: versioned with Object Lock in AWS; writes are conditional (If-None-Match),
 * so an object of record is never replaced, even by a concurrent run of the same scan. Erasure
 * bypasses GOVERNANCE retention, which IAM grants to the account-erasure function alone.
 */
export class S3EvidenceStore implements EvidenceStore, EvidenceEraser {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async putIfAbsent(key: string, body: Uint8Array, contentType: string) {
    if (await this.exists(key)) return "exists" as const;
    try {
      await this.s3.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, IfNoneMatch: "*" }),
      );
      return "created" as const;
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 412 || status === 409) return "exists" as const;
      throw e;
    }
  }

  async get(key: string) {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  eraseAll(prefix: string) {
    return eraseEveryVersion(this.s3, this.bucket, prefix, { bypassGovernanceRetention: true });
  }

  private async exists(key: string) {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }
}
