import { S3ItemManifests } from "@lg/domain/scanning/adapters/s3-item-manifests";
import { s3 } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";

/**
 * The working files of scans and the shared crawl: the manifests their Discover tasks write for their
 * Distributed Maps, in the scan-work bucket (its lifecycle expires them within a day). Only those
 * two tasks write here.
 */
export const itemManifests = once(() => {
  const bucket = env().SCAN_WORK_BUCKET;
  if (!bucket) throw new Error("Invalid environment: SCAN_WORK_BUCKET");
  return new S3ItemManifests(s3, bucket);
});
