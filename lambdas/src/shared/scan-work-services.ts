import { S3ItemManifests } from "@lg/domain/scanning/adapters/s3-item-manifests";
import { s3 } from "./clients.js";
import { env } from "./env.js";
import { once } from "./once.js";

/**
 * The scan's working files: the manifests Discover writes for the scan's Distributed Map, in the
 * scan-work bucket (its lifecycle expires them within a day). Only Discover writes here.
 */
export const itemManifests = once(() => {
  const bucket = env().SCAN_WORK_BUCKET;
  if (!bucket) throw new Error("Invalid environment: SCAN_WORK_BUCKET");
  return new S3ItemManifests(s3, bucket);
});
