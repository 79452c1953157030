import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { eraseEveryVersion, listCurrent } from "../../scanning/adapters/s3-prefix-erasure.js";
import type { BiometricObjectStore } from "../ports.js";

const toTagSet = (tags: Record<string, string>) => Object.entries(tags).map(([Key, Value]) => ({ Key, Value }));
const toTagging = (tags: Record<string, string>) => new URLSearchParams(tags).toString();

/** The biometric bucket (SSE-KMS in AWS; lifecycle rules expire objects by their auto-delete tag). */
export class S3BiometricStore implements BiometricObjectStore {
  /** `presigner` signs upload URLs: a client that adds no checksum of a body it has not seen (clients.ts). */
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly presigner: S3Client = s3,
  ) {}

  /**
   * ContentLength becomes a signed header (X-Amz-SignedHeaders=content-length;host): S3 refuses a
   * PUT whose Content-Length differs, so the body cannot outgrow what the API allowed. The type is
   * not pinned: it is read from the bytes on registration.
   */
  presignUpload(key: string, contentLength: number, expiresIn: number) {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentLength: contentLength });
    return getSignedUrl(this.presigner, command, { expiresIn });
  }

  /** Accepts both path-style (/bucket/key) and virtual-hosted (bucket.host/key) URLs of this bucket. */
  keyFromUploadUrl(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    let path: string;
    try {
      path = decodeURIComponent(parsed.pathname);
    } catch {
      // A malformed escape (a lone "%") names no key of ours: refused like any other foreign URL.
      return null;
    }
    if (path.startsWith(`/${this.bucket}/`)) return path.slice(this.bucket.length + 2) || null;
    if (parsed.hostname.startsWith(`${this.bucket}.`)) return path.slice(1) || null;
    return null;
  }

  async head(key: string) {
    try {
      const out = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, ...(out.ContentType ? { contentType: out.ContentType } : {}) };
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async read(key: string) {
    const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!out.Body) throw new Error("Empty object body");
    return out.Body.transformToByteArray();
  }

  async write(key: string, bytes: Uint8Array, contentType: string, tags: Record<string, string>) {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        Tagging: toTagging(tags),
      }),
    );
  }

  async setTags(key: string, tags: Record<string, string>) {
    await this.s3.send(
      new PutObjectTaggingCommand({ Bucket: this.bucket, Key: key, Tagging: { TagSet: toTagSet(tags) } }),
    );
  }

  list(prefix: string) {
    return listCurrent(this.s3, this.bucket, prefix);
  }

  /** Every version and delete marker goes, so a versioned bucket keeps no old copy. */
  deleteAll(prefix: string) {
    return eraseEveryVersion(this.s3, this.bucket, prefix);
  }
}
