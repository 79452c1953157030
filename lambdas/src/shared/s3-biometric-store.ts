import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { BiometricObjectStore } from "@lg/domain/biometrics/ports";

const DELETE_BATCH = 1000;
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

  presignUpload(key: string, contentType: string | undefined, expiresIn: number) {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(contentType ? { ContentType: contentType } : {}),
    });
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
    const path = decodeURIComponent(parsed.pathname);
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

  async list(prefix: string) {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const out = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
      );
      keys.push(...(out.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      ContinuationToken = out.NextContinuationToken;
    } while (ContinuationToken);
    return keys;
  }

  /**
   * Every version and delete marker goes, so a versioned bucket keeps no old copy. A store without
   * a versions API (s3rver) has only current objects, which a plain listing finds.
   */
  async deleteAll(prefix: string) {
    const versions = await this.listVersions(prefix);
    if (versions === null) {
      const keys = await this.list(prefix);
      await this.deleteBatch(keys.map((Key) => ({ Key })));
      return { objects: keys.length, objectVersions: 0 };
    }
    await this.deleteBatch(versions);
    const objects = new Set(versions.map((v) => v.Key)).size;
    return { objects, objectVersions: versions.length - objects };
  }

  private async listVersions(prefix: string): Promise<{ Key: string; VersionId?: string }[] | null> {
    const found: { Key: string; VersionId?: string }[] = [];
    let KeyMarker: string | undefined;
    let VersionIdMarker: string | undefined;
    try {
      do {
        const out = await this.s3.send(
          new ListObjectVersionsCommand({ Bucket: this.bucket, Prefix: prefix, KeyMarker, VersionIdMarker }),
        );
        for (const v of [...(out.Versions ?? []), ...(out.DeleteMarkers ?? [])]) {
          if (v.Key) found.push({ Key: v.Key, ...(v.VersionId ? { VersionId: v.VersionId } : {}) });
        }
        KeyMarker = out.IsTruncated ? out.NextKeyMarker : undefined;
        VersionIdMarker = out.IsTruncated ? out.NextVersionIdMarker : undefined;
      } while (KeyMarker);
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const name = (error as { name?: string }).name;
      if (name === "NotImplemented" || name === "MethodNotAllowed" || status === 501 || status === 405) return null;
      throw error;
    }
    return found;
  }

  private async deleteBatch(objects: { Key: string; VersionId?: string }[]) {
    for (let i = 0; i < objects.length; i += DELETE_BATCH) {
      const out = await this.s3.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: objects.slice(i, i + DELETE_BATCH), Quiet: true },
        }),
      );
      if (out.Errors?.length) throw new Error(`Could not delete ${out.Errors.length} biometric objects`);
    }
  }
}
