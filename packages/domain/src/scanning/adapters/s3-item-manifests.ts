import { DeleteObjectsCommand, PutObjectCommand, paginateListObjectsV2, type S3Client } from "@aws-sdk/client-s3";
import type { ItemManifestStore, ManifestEraser, ManifestLocation } from "../item-manifests.js";

/** Scan manifests in the scan-work bucket (short-lived: its lifecycle expires them; unversioned). */
export class S3ItemManifests implements ItemManifestStore, ManifestEraser {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async write(key: string, items: readonly unknown[]): Promise<ManifestLocation> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: JSON.stringify(items),
        ContentType: "application/json",
      }),
    );
    return { bucket: this.bucket, key };
  }

  async eraseAll(prefix: string): Promise<number> {
    let erased = 0;
    for await (const page of paginateListObjectsV2({ client: this.s3 }, { Bucket: this.bucket, Prefix: prefix })) {
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) continue;
      await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      erased += keys.length;
    }
    return erased;
  }
}
