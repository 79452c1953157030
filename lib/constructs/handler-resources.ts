import type { IUserPool, IUserPoolClient } from "aws-cdk-lib/aws-cognito";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import type { IRole } from "aws-cdk-lib/aws-iam";
import type { IKey } from "aws-cdk-lib/aws-kms";
import type { IBucket } from "aws-cdk-lib/aws-s3";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { StateMachineRef } from "./app-function.js";
import type { GalleryRef } from "./gallery-database.js";
import type { WebhookQueues } from "./webhook-delivery.js";
import type { WebhookSecretsKey } from "./webhook-secrets-key.js";

/** Everything a handler may be bound to. Names reach every handler; access only through bind*. */
export interface HandlerResources {
  table: ITable;
  biometricBucket: IBucket;
  evidenceBucket: IBucket;
  /** Scans' manifests of discovered items: Discover writes them, the scan's Distributed Map reads them. */
  scanWorkBucket: IBucket;
  biometricKey: IKey;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  connectorSecret: ISecret;
  vapidSecret: ISecret;
  stripeSecret: ISecret;
  gallery: GalleryRef;
  mailFrom: string;
  mailIdentityArn: string;
  appUrl: string;
  scanMachine: StateMachineRef;
  takedownMachine: StateMachineRef;
  /** The shared crawl (issue 24), started by the hourly start-crawl job. */
  crawlMachine: StateMachineRef;
  /** The public API's analyses (POST /api/v1/analyses starts one per request). */
  analysisMachine: StateMachineRef;
  scheduler: { groupName: string; scheduleArnPattern: string; role: IRole };
  /** Webhook deliveries' queue and dead-letter queue (docs/public-api.md). */
  webhooks: WebhookQueues;
  /** Seals webhook signing secrets at rest (docs/public-api.md). */
  webhookSecrets: WebhookSecretsKey;
}

/**
 * The environment contract every handler validates at start (docs/architecture.md). These are
 * resource names, not permissions: a handler that is not bound to a resource is denied by IAM.
 */
export function handlerEnvironment(r: HandlerResources): Record<string, string> {
  return {
    TABLE_NAME: r.table.tableName,
    BIOMETRIC_BUCKET: r.biometricBucket.bucketName,
    EVIDENCE_BUCKET: r.evidenceBucket.bucketName,
    BIOMETRIC_KEY_ID: r.biometricKey.keyArn,
    USER_POOL_ID: r.userPool.userPoolId,
    USER_POOL_CLIENT_ID: r.userPoolClient.userPoolClientId,
    SCAN_STATE_MACHINE_ARN: r.scanMachine.stateMachineArn,
    TAKEDOWN_STATE_MACHINE_ARN: r.takedownMachine.stateMachineArn,
    SCHEDULER_GROUP: r.scheduler.groupName,
    SCHEDULER_ROLE_ARN: r.scheduler.role.roleArn,
    CONNECTOR_SECRET_ARN: r.connectorSecret.secretArn,
    MAIL_FROM: r.mailFrom,
    APP_URL: r.appUrl,
    WEBHOOK_QUEUE_URL: r.webhooks.deliveries.queueUrl,
    WEBHOOK_DEAD_LETTER_QUEUE_URL: r.webhooks.deadLetters.queueUrl,
    WEBHOOK_SECRETS_KEY_ID: r.webhookSecrets.key.keyArn,
  };
}
