import { Duration, RemovalPolicy } from "aws-cdk-lib";
import type { IKey } from "aws-cdk-lib/aws-kms";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";
import type { StageConfig } from "../config.js";

export interface EvidenceBucketProps {
  key: IKey;
  accessLogs: s3.IBucket;
  retention: StageConfig["evidenceRetention"];
}

/**
 * Evidence packages (media hash, perceptual hash, frames, metadata, scores) backing takedown notices
 * and legal claims: they must not change after capture, so the bucket is versioned with Object Lock.
 *
 * Default retention (prod: 7 years) outlasts the limitation periods of the civil claims this evidence
 * supports (6 years for tort in England and Wales, Limitation Act 1980 s.2; 3 years for US copyright
 * claims, 17 U.S.C. 507(b)) with a margin for proceedings that start late. GOVERNANCE mode: no application role can shorten or
 * bypass it, yet a documented, audited privileged process (s3:BypassGovernanceRetention) can still
 * honour a court order or a lawful erasure request, which COMPLIANCE mode would make impossible.
 */
export class EvidenceBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: EvidenceBucketProps) {
    super(scope, id);
    const days = Duration.days(props.retention.days);
    this.bucket = new s3.Bucket(this, "Bucket", {
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: props.key,
      bucketKeyEnabled: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectLockEnabled: true,
      objectLockDefaultRetention:
        props.retention.mode === "COMPLIANCE"
          ? s3.ObjectLockRetention.compliance(days)
          : s3.ObjectLockRetention.governance(days),
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: "evidence/",
      lifecycleRules: [{ id: "abort-incomplete-uploads", abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      // Locked objects outlive any stack; deleting the bucket could never succeed anyway.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
