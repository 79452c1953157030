import { DescribeUserPoolCommand } from "@aws-sdk/client-cognito-identity-provider";
import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { DescribeKeyCommand } from "@aws-sdk/client-kms";
import { HeadBucketCommand } from "@aws-sdk/client-s3";
import { GetScheduleGroupCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { DescribeSecretCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { GetAccountCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { DescribeStateMachineCommand, SFNClient } from "@aws-sdk/client-sfn";
import { GetSMSAttributesCommand, SNSClient } from "@aws-sdk/client-sns";
import { GetQueueAttributesCommand, SQSClient } from "@aws-sdk/client-sqs";
import { awsClient, cognito, dynamo, kms, s3 } from "../../shared/aws/clients.js";
import type { EnvName } from "../../shared/env.js";
import { gallery } from "../../shared/gallery/services.js";
import type { HealthProbe } from "./check-health.js";

const sfn = awsClient(SFNClient);
const scheduler = awsClient(SchedulerClient);
const ses = awsClient(SESv2Client);
const sns = awsClient(SNSClient);
const secrets = awsClient(SecretsManagerClient);
const sqs = awsClient(SQSClient);

/**
 * The name of each resource the probes describe: every function that runs them (the health check,
 * the status probe job) is given all of these by AppFunction.bindHealthProbes, with describe-only grants.
 */
export const PROBED_NAMES = [
  "TABLE_NAME",
  "BIOMETRIC_BUCKET",
  "EVIDENCE_BUCKET",
  "USER_POOL_ID",
  "SCAN_STATE_MACHINE_ARN",
  "TAKEDOWN_STATE_MACHINE_ARN",
  "CRAWL_STATE_MACHINE_ARN",
  "BIOMETRIC_KEY_ID",
  "SCHEDULER_GROUP",
  "VAPID_SECRET_ARN",
  "WEBHOOK_QUEUE_URL",
  "WEBHOOK_DEAD_LETTER_QUEUE_URL",
] as const satisfies readonly EnvName[];

export type ProbedName = (typeof PROBED_NAMES)[number];

/** SQS answers for the queue under the URL handlers are given. */
const queueProbe = (name: string, urlVariable: ProbedName): HealthProbe => ({
  name,
  check: () =>
    sqs.send(new GetQueueAttributesCommand({ QueueUrl: configured(urlVariable), AttributeNames: ["QueueArn"] })),
});

/** Fails the probe with the variable's name when the service is not configured at all. */
const configured = (name: ProbedName): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** Step Functions answers and describes the state machine, so it exists under the ARN handlers are given. */
const stateMachineProbe = (name: string, arnVariable: ProbedName): HealthProbe => ({
  name,
  check: () => sfn.send(new DescribeStateMachineCommand({ stateMachineArn: configured(arnVariable) })),
});

/**
 * Every service the API depends on, checked through the AWS SDK exactly as in AWS; locally the same
 * calls reach the stand-ins through AWS_ENDPOINT_URL_* settings.
 */
export const healthProbes = (): HealthProbe[] => [
  { name: "dynamodb", check: () => dynamo.send(new DescribeTableCommand({ TableName: configured("TABLE_NAME") })) },
  {
    name: "s3-biometric",
    check: () => s3.send(new HeadBucketCommand({ Bucket: configured("BIOMETRIC_BUCKET") })),
  },
  { name: "s3-evidence", check: () => s3.send(new HeadBucketCommand({ Bucket: configured("EVIDENCE_BUCKET") })) },
  {
    name: "cognito",
    check: () => cognito.send(new DescribeUserPoolCommand({ UserPoolId: configured("USER_POOL_ID") })),
  },
  stateMachineProbe("stepfunctions-scan", "SCAN_STATE_MACHINE_ARN"),
  stateMachineProbe("stepfunctions-takedown", "TAKEDOWN_STATE_MACHINE_ARN"),
  // The hourly shared crawl (issue 24): scanning finds threats on watched sources through it.
  stateMachineProbe("stepfunctions-crawl", "CRAWL_STATE_MACHINE_ARN"),
  { name: "kms", check: () => kms.send(new DescribeKeyCommand({ KeyId: configured("BIOMETRIC_KEY_ID") })) },
  {
    name: "scheduler",
    check: () => scheduler.send(new GetScheduleGroupCommand({ Name: configured("SCHEDULER_GROUP") })),
  },
  {
    name: "ses",
    check: async () => {
      const account = await ses.send(new GetAccountCommand({}));
      // An account whose sending is paused cannot deliver codes, alerts or notices.
      if (account.SendingEnabled === false) throw new Error("SES sending is disabled for this account");
    },
  },
  { name: "sns", check: () => sns.send(new GetSMSAttributesCommand({})) },
  // The gallery crawled faces are matched against (Aurora over the RDS Data API; the PGlite stand-in locally).
  { name: "gallery", check: () => gallery().ping() },
  {
    name: "secrets-manager",
    check: () => secrets.send(new DescribeSecretCommand({ SecretId: configured("VAPID_SECRET_ARN") })),
  },
  // Webhook deliveries go through SQS (docs/public-api.md).
  queueProbe("sqs-webhooks", "WEBHOOK_QUEUE_URL"),
  queueProbe("sqs-webhooks-dead-letters", "WEBHOOK_DEAD_LETTER_QUEUE_URL"),
];
