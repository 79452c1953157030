import { PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import type { ItemManifestStore, ManifestLocation } from "../item-manifests.js";

/** Scan manifests in the scan-work bucket (short-lived: its lifecycle expires them). */
export class S3ItemManifests implements ItemManifestStore {
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
}
