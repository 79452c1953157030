import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";
import { inBothCompliancePacks, justify } from "../compliance/justify.js";

export interface AccessLogsBucketProps {
  retentionDays: number;
  retain: boolean;
  /** CloudFront standard logs are delivered with ACLs, so that bucket must accept object-writer ACLs. */
  acceptsCloudFrontLogs?: boolean;
}

/** Destination of S3 server access logs (and CloudFront logs) for the buckets of one stack. */
export class AccessLogsBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, "Bucket", {
      // Log delivery supports SSE-S3 only, not SSE-KMS.
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: props.acceptsCloudFrontLogs
        ? s3.ObjectOwnership.BUCKET_OWNER_PREFERRED
        : s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Versioned so a log deleted or overwritten stays recoverable for 30 days.
      versioned: true,
      lifecycleRules: [
        {
          id: "expire-logs",
          expiration: Duration.days(props.retentionDays),
          noncurrentVersionExpiration: Duration.days(30),
        },
      ],
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    justify(this.bucket, {
      nag: ["AwsSolutions-S1"],
      checkov: ["CKV_AWS_18"],
      reason:
        "This is the access-log destination; logging its own access would recurse. CloudTrail data events cover it.",
    });
    justify(this.bucket, {
      nag: inBothCompliancePacks("S3DefaultEncryptionKMS"),
      reason: "S3 server access log delivery writes only to buckets encrypted with SSE-S3 (AES-256), not SSE-KMS.",
    });
  }
}
