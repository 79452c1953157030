import { SEALED_PURPOSES } from "@lg/domain/integrations/sealed-secrets";
import { Duration, Stack, Validations } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as actions from "aws-cdk-lib/aws-cloudwatch-actions";
import * as iam from "aws-cdk-lib/aws-iam";
import type { IKey } from "aws-cdk-lib/aws-kms";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import type * as logs from "aws-cdk-lib/aws-logs";
import type * as sns from "aws-cdk-lib/aws-sns";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { QUEUE_CONSUMERS, webhookMaxReceiveCount } from "../../lambdas/src/queues/consumers.js";
import { AppFunction } from "./app-function.js";
import { CustomerKey } from "./customer-key.js";
import type { HandlerResources } from "./handler-resources.js";

/**
 * The webhook deliveries' queue and its dead-letter queue (docs/public-api.md, "Webhooks"): one
 * receive per attempt, so the redrive policy's maxReceiveCount is the retry schedule's attempts;
 * encrypted under a key of their own (messages name accounts and endpoints), TLS only.
 */
export class WebhookQueues extends Construct {
  readonly deliveries: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly key: IKey;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new CustomerKey(this, "Key", {
      alias: `alias/${Stack.of(this).stackName}-webhooks`,
      description: "Encrypts webhook deliveries and their dead letters",
      retain: false,
    }).key;
    this.deadLetters = new sqs.Queue(this, "DeadLetters", {
      encryption: sqs.QueueEncryption.KMS,
      encryptionMasterKey: this.key,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: "AwsSolutions-SQS3",
      reason:
        "This queue is the webhook deliveries' dead-letter queue itself; what lands here is kept 14 days and alarms.",
    });
    this.deliveries = new sqs.Queue(this, "Deliveries", {
      encryption: sqs.QueueEncryption.KMS,
      encryptionMasterKey: this.key,
      enforceSSL: true,
      // Lambda's advice: six times the consumer's timeout, so a batch in flight is never received twice.
      visibilityTimeout: Duration.seconds(QUEUE_CONSUMERS.deliverWebhooks.timeoutSeconds * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: webhookMaxReceiveCount() },
    });
  }

  /** Functions that publish events or resend deliveries may send to the queue, and only that. */
  bindPublisher(fn: AppFunction): AppFunction {
    fn.setEnv("WEBHOOK_QUEUE_URL", this.deliveries.queueUrl);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ["sqs:SendMessage"], resources: [this.deliveries.queueArn] }),
    );
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ["kms:GenerateDataKey", "kms:Decrypt"], resources: [this.key.keyArn] }),
    );
    return fn;
  }

  /** The health probes (GET /api/health, the status probe job) read both queues' attributes, and nothing else. */
  bindHealthCheck(fn: AppFunction): AppFunction {
    fn.setEnv("WEBHOOK_QUEUE_URL", this.deliveries.queueUrl);
    fn.setEnv("WEBHOOK_DEAD_LETTER_QUEUE_URL", this.deadLetters.queueUrl);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["sqs:GetQueueAttributes"],
        resources: [this.deliveries.queueArn, this.deadLetters.queueArn],
      }),
    );
    return fn;
  }

  /** A message in the dead-letter queue is a delivery that failed every attempt over about a day. */
  alarmTo(topic: sns.ITopic): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, "DeadLettersWaiting", {
      alarmDescription: "Webhook deliveries failed every attempt and wait in the dead-letter queue",
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: "Maximum",
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(topic));
    return alarm;
  }
}

export interface WebhookConsumerProps {
  resources: HandlerResources;
  queues: WebhookQueues;
  logRetention: logs.RetentionDays;
}

/** The consumer: reads deliveries and endpoints, writes the delivery log; posts to the internet; emails owners. */
export class WebhookConsumer extends Construct {
  readonly fn: AppFunction;

  constructor(scope: Construct, id: string, props: WebhookConsumerProps) {
    super(scope, id);
    const spec = QUEUE_CONSUMERS.deliverWebhooks;
    this.fn = new AppFunction(this, "Function", {
      entry: spec.entry,
      description: "Webhooks: signs and posts queued deliveries",
      memoryMb: 256,
      timeoutSeconds: spec.timeoutSeconds,
      logRetention: props.logRetention,
    })
      .bindContexts(props.resources)
      .bindTable(props.resources.table, "readWrite")
      // An endpoint turned off after repeated failures is told to the organisation's owner and admins.
      .bindMailSender(props.resources.mailFrom, props.resources.mailIdentityArn);
    // Signs each attempt with the endpoint's secrets, opened from their sealed form.
    props.resources.webhookSecrets.bindOpener(this.fn, [SEALED_PURPOSES.webhookSecret]);
    // Receives, deletes and re-times messages (the back-off), decrypting them under the queue's key.
    this.fn.function.addEventSource(
      new SqsEventSource(props.queues.deliveries, { batchSize: spec.batchSize, reportBatchItemFailures: true }),
    );
  }
}
