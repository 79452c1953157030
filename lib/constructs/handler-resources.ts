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

/**
 * Everything a handler may be bound to. A function is given a resource's name and its access in one
 * bind call (AppFunction.bind*, or the owning construct's), never the whole list.
 */
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
