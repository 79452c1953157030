import { RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import type * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import type * as kms from "aws-cdk-lib/aws-kms";
import type * as logs from "aws-cdk-lib/aws-logs";
import type * as s3 from "aws-cdk-lib/aws-s3";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { inBothCompliancePacks, justify } from "../compliance/justify.js";
import { resourcePrefix, type StageConfig } from "../config.js";
import { AccessLogsBucket } from "../constructs/access-logs-bucket.js";
import { BiometricBucket } from "../constructs/biometric-bucket.js";
import { CustomerKey } from "../constructs/customer-key.js";
import { EvidenceBucket } from "../constructs/evidence-bucket.js";
import { GalleryDatabase } from "../constructs/gallery-database.js";
import { ScanWorkBucket } from "../constructs/scan-work-bucket.js";
import { SingleTable } from "../constructs/single-table.js";

export interface DataStackProps extends StackProps {
  config: StageConfig;
}

/**
 * Everything that holds personal data: the single table, biometric and evidence buckets, their
 * customer-managed keys, and the platform connector credentials. Stateful, so it lives apart from
 * the code that uses it and is retained and termination-protected where the stage keeps data.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly biometricBucket: s3.Bucket;
  readonly evidenceBucket: s3.Bucket;
  /** Scans' short-lived manifests of discovered items (expire after a day). */
  readonly scanWorkBucket: s3.Bucket;
  /** Encrypts raw biometric objects and, by envelope encryption, the stored embeddings. */
  readonly biometricKey: kms.Key;
  readonly connectorSecret: secretsmanager.Secret;
  /** The VAPID private key that signs every Web Push message; browsers subscribe with its public half. */
  readonly vapidSecret: secretsmanager.Secret;
  readonly stripeSecret: secretsmanager.Secret;
  /** Enrolled face and voice embeddings for matching crawled media (derived from the sealed samples). */
  readonly gallery: GalleryDatabase;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, { ...props, terminationProtection: props.config.retainData });
    const { config } = props;
    const prefix = resourcePrefix(config);
    const retain = config.retainData;

    this.biometricKey = new CustomerKey(this, "BiometricKey", {
      alias: `alias/${prefix}-biometric`,
      description: "LikenessGuard raw biometric samples and embedding data keys",
      retain,
    }).key;
    // Biometrics get their own key so their access can be granted, audited and revoked on its own.
    const dataKey = new CustomerKey(this, "DataKey", {
      alias: `alias/${prefix}-data`,
      description: "LikenessGuard table, evidence and connector credentials",
      retain,
    }).key;

    const accessLogs = new AccessLogsBucket(this, "AccessLogs", {
      retentionDays: config.accessLogRetentionDays,
      retain,
    }).bucket;
    this.table = new SingleTable(this, "Table", { key: dataKey, retain }).table;
    this.biometricBucket = new BiometricBucket(this, "Biometric", {
      key: this.biometricKey,
      accessLogs,
      retain,
      // The app's origin: its custom domain, else its CloudFront domain, which is made later in the
      // service stack (this stack cannot name it), hence any *.cloudfront.net host.
      uploadOrigins: config.domain ? [`https://${config.domain.name}`] : ["https://*.cloudfront.net"],
    }).bucket;
    this.evidenceBucket = new EvidenceBucket(this, "Evidence", {
      key: dataKey,
      accessLogs,
      retention: config.evidenceRetention,
    }).bucket;

    this.scanWorkBucket = new ScanWorkBucket(this, "ScanWork", { accessLogs, retain }).bucket;

    this.connectorSecret = new secretsmanager.Secret(this, "ConnectorCredentials", {
      description: "Platform connector credentials (JSON object keyed by platform id), set by operators",
      encryptionKey: dataKey,
      secretObjectValue: {},
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    justify(this.connectorSecret, {
      nag: ["AwsSolutions-SMG4", ...inBothCompliancePacks("SecretsManagerRotationEnabled")],
      reason:
        "Holds API keys issued by third-party platforms, which only those platforms can rotate; operators rotate them by hand when a platform reissues them.",
    });

    // Secrets Manager generates the key itself (a P-256 scalar as 64 hex characters) once per
    // deployment, so the private key never exists anywhere else; handlers derive the public key.
    this.vapidSecret = new secretsmanager.Secret(this, "VapidKey", {
      description: "Web Push VAPID private key (P-256, 64 hex characters)",
      encryptionKey: dataKey,
      generateSecretString: {
        passwordLength: 64,
        excludeUppercase: true,
        excludePunctuation: true,
        includeSpace: false,
        excludeCharacters: "ghijklmnopqrstuvwxyz",
        requireEachIncludedType: false,
      },
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // Stripe's API key and webhook signing secret, JSON {"secretKey", "webhookSecret"}: issued by
    // Stripe, so operators paste them in (docs/billing.md); never in code or config.
    this.stripeSecret = new secretsmanager.Secret(this, "StripeKeys", {
      description: 'Stripe API key and webhook signing secret, JSON {"secretKey", "webhookSecret"}, set by operators',
      encryptionKey: dataKey,
      secretObjectValue: {},
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.gallery = new GalleryDatabase(this, "Gallery", {
      // Embeddings are biometric data: the biometric key, so revoking it revokes the gallery too.
      key: this.biometricKey,
      retain,
      minCapacity: config.gallery.minCapacity,
      maxCapacity: config.gallery.maxCapacity,
      logRetentionDays: config.logRetentionDays as logs.RetentionDays,
    });
    justify(this.stripeSecret, {
      nag: ["AwsSolutions-SMG4", ...inBothCompliancePacks("SecretsManagerRotationEnabled")],
      reason:
        "Stripe issues these keys and only Stripe's dashboard can roll them; operators update the secret when they roll them there.",
    });
    justify(this.vapidSecret, {
      nag: ["AwsSolutions-SMG4", ...inBothCompliancePacks("SecretsManagerRotationEnabled")],
      reason:
        "Every browser subscription is bound to this VAPID public key; rotating it silently breaks all push alerts until each person subscribes again, so it is replaced only deliberately.",
    });
  }
}
