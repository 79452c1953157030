import { Duration, RemovalPolicy } from "aws-cdk-lib";
import type { IKey } from "aws-cdk-lib/aws-kms";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";

/** Object tag that decides when a raw biometric sample is erased (docs/architecture.md). */
export const AUTO_DELETE_TAG = "auto-delete";
/** Tag values with an expiry rule; `never` deliberately has none. */
export const AUTO_DELETE_DAYS = [30, 90, 180] as const;

export interface BiometricBucketProps {
  key: IKey;
  accessLogs: s3.IBucket;
  retain: boolean;
  /** Web origins whose pages PUT samples to presigned URLs. */
  uploadOrigins: string[];
}

/**
 * Raw face and voice samples. Encrypted with the biometric CMK, private, TLS only, and erased on
 * the user's chosen schedule by lifecycle rules keyed on the `auto-delete` object tag.
 */
export class BiometricBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: BiometricBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, "Bucket", {
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: props.key,
      bucketKeyEnabled: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: "biometric/",
      // The browser PUTs samples to presigned URLs from the app's origin. CORS only lets that page
      // read the answer; the presigned signature, not the origin, is what authorises the upload.
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT],
          allowedOrigins: props.uploadOrigins,
          allowedHeaders: ["content-type"],
          exposedHeaders: ["ETag"],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        ...AUTO_DELETE_DAYS.map((days) => ({
          id: `auto-delete-${days}d`,
          tagFilters: { [AUTO_DELETE_TAG]: `${days}d` },
          expiration: Duration.days(days),
          noncurrentVersionExpiration: Duration.days(1),
        })),
        {
          // Versioning protects against accidental overwrites, but an erased sample must not linger
          // as a noncurrent version: whatever the tag, old versions go one day after replacement.
          id: "erase-noncurrent-versions",
          noncurrentVersionExpiration: Duration.days(1),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
