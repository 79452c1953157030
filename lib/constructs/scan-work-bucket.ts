import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";
import { inBothCompliancePacks, justify } from "../compliance/justify.js";

export interface ScanWorkBucketProps {
  accessLogs: s3.IBucket;
  /** Kept with the stack's other data where the stage keeps data (its objects still expire in a day). */
  retain: boolean;
}

/** Manifests live under this prefix (packages/domain/src/scanning/item-manifests.ts). */
export const MANIFEST_PREFIX = "manifests/";

/**
 * Distributed Maps export their children's results here (ResultWriter, statemachines/crawl.asl.json):
 * results/crawl/<crawlId>/<Map Run id>/ holds manifest.json, SUCCEEDED_0.json and FAILED_0.json.
 */
export const MAP_RESULTS_PREFIX = "results/";

/**
 * A scan's working files: the manifests Discover writes, one per platform of a scan, which the scan's
 * Distributed Map reads (ItemReader) to hand batches of items to child workflows. They list candidate
 * URLs and handles found for a person, so they expire after a day, long past any scan (Standard
 * executions of the scan run for minutes) and far sooner than execution history, which carried these
 * items before (90 days). SSE-S3, so the state machine's role reads them without a key grant. The
 * crawl's Distributed Maps also export their children's results here (MAP_RESULTS_PREFIX): counts, and
 * the batches' input (the crawled items' locators, the crawl id and a look-back's account id), expiring
 * with the rest.
 */
export class ScanWorkBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: ScanWorkBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, "Bucket", {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: "scan-work/",
      lifecycleRules: [
        { id: "expire-scan-work", expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    justify(this.bucket, {
      nag: inBothCompliancePacks("S3BucketVersioningEnabled"),
      checkov: ["CKV_AWS_21"],
      reason:
        "Working files that expire after a day and that account erasure deletes outright (bindScanManifestErasure): versioning would keep an erased person's manifests as noncurrent versions after the erasure, and nothing here is worth restoring (a scan rewrites its manifests).",
    });
    justify(this.bucket, {
      nag: inBothCompliancePacks("S3DefaultEncryptionKMS"),
      reason:
        "SSE-S3 (AES-256) so the state machines' Distributed Maps read manifests and write results without a key grant; the objects are short-lived lists of candidate URLs, and account erasure deletes an account's manifests.",
    });
  }
}
