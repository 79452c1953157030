import { DeleteObjectCommand, GetObjectTaggingCommand, paginateListObjectsV2, S3Client } from "@aws-sdk/client-s3";
import { buildAwsClient } from "@lg/lambdas/shared/aws/clients";
import { localClientConfig } from "./client-config.js";

/** The biometric bucket's lifecycle rules in AWS: expire objects by their `auto-delete` tag. */
export const AUTO_DELETE_DAYS: Record<string, number> = { "30d": 30, "90d": 90, "180d": 180 };
const DAY_MS = 86_400_000;

/**
 * s3rver has no lifecycle, so this applies the same rules: an object tagged auto-delete=<N>d is
 * deleted once it is N days old ("never" and untagged objects stay). With `expireAfterDays` it is
 * a bucket-wide expiration rule instead (the scan-work bucket's): every object goes at that age.
 */
export class S3LifecycleSweeper {
  private readonly client: S3Client;

  constructor(
    endpoint: string,
    private readonly bucket: string,
    private readonly clock: () => number = Date.now,
    private readonly rule: { expireAfterDays?: number } = {},
  ) {
    this.client = buildAwsClient(S3Client, localClientConfig(endpoint));
  }

  /** Deletes every expired object (under `prefix`, if given) and returns their keys. */
  async sweep(prefix?: string): Promise<string[]> {
    const expired: string[] = [];
    const listing = { Bucket: this.bucket, ...(prefix ? { Prefix: prefix } : {}) };
    for await (const page of paginateListObjectsV2({ client: this.client }, listing)) {
      for (const object of page.Contents ?? []) {
        if (!object.Key || !object.LastModified) continue;
        if (this.rule.expireAfterDays !== undefined) {
          if (object.LastModified.getTime() + this.rule.expireAfterDays * DAY_MS <= this.clock()) {
            await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
            expired.push(object.Key);
          }
          continue;
        }
        const { TagSet } = await this.client.send(
          new GetObjectTaggingCommand({ Bucket: this.bucket, Key: object.Key }),
        );
        const days = AUTO_DELETE_DAYS[TagSet?.find((t) => t.Key === "auto-delete")?.Value ?? ""];
        if (days !== undefined && object.LastModified.getTime() + days * DAY_MS <= this.clock()) {
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
          expired.push(object.Key);
        }
      }
    }
    return expired;
  }

  /** Sweeps now and then every `intervalMs`; returns a function that stops it. */
  start(intervalMs = 3_600_000): () => void {
    const run = () =>
      this.sweep().catch((error: Error) => console.error(`[s3-lifecycle] sweep failed: ${error.message}`));
    void run();
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      this.client.destroy();
    };
  }
}
