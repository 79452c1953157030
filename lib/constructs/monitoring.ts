import { CfnOutput, Duration, Stack, Validations } from "aws-cdk-lib";
import type * as apigwv2 from "aws-cdk-lib/aws-apigatewayv2";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as actions from "aws-cdk-lib/aws-cloudwatch-actions";
import * as events from "aws-cdk-lib/aws-events";
import * as iam from "aws-cdk-lib/aws-iam";
import * as kms from "aws-cdk-lib/aws-kms";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import * as destinations from "aws-cdk-lib/aws-lambda-destinations";
import * as scheduler from "aws-cdk-lib/aws-scheduler";
import * as sns from "aws-cdk-lib/aws-sns";
import * as sqs from "aws-cdk-lib/aws-sqs";
import type * as sfn from "aws-cdk-lib/aws-stepfunctions";
import { Construct } from "constructs";
import { inBothCompliancePacks, justify } from "../compliance/justify.js";
import { AppFunction, POWERTOOLS_METRICS_NAMESPACE } from "./app-function.js";
import { CustomerKey } from "./customer-key.js";
import { explainWildcards } from "./wildcard-grants.js";

export interface MonitoringProps {
  api: apigwv2.HttpApi;
  stateMachines: Record<string, sfn.StateMachine>;
}

const PERIOD = Duration.minutes(5);

/**
 * Functions some schedule or EventBridge rule of the stack targets: Lambda invokes those
 * asynchronously, so a failure after its retries would vanish without an on-failure destination.
 * API route groups and state machine tasks are invoked synchronously; their callers see failures
 * (the API answers 5xx, the state machine retries and catches).
 */
function invokedAsynchronously(stack: Stack, functions: AppFunction[]): AppFunction[] {
  const targets = stack.node
    .findAll()
    .flatMap((c): unknown[] =>
      c instanceof events.CfnRule ? [c.targets] : c instanceof scheduler.CfnSchedule ? [c.target] : [],
    )
    .map((t) => JSON.stringify(stack.resolve(t)));
  return functions.filter((fn) => {
    const logicalId = stack.getLogicalId(fn.function.node.defaultChild as lambda.CfnFunction);
    return targets.some((t) => t.includes(`"${logicalId}"`));
  });
}

/**
 * Operations for the whole service: a dead-letter queue that catches every asynchronous invocation
 * that failed all its retries (functions that schedules or EventBridge rules target), alarms on API 5xx answers,
 * Lambda errors and throttles, failed, timed-out or aborted executions and DLQ depth, all sent to
 * one encrypted SNS topic (subscribe the on-call address to it), and a dashboard of the same.
 *
 * Build it last in its stack: it covers every AppFunction, schedule and rule the stack holds by
 * then, so a function added in another construct is monitored without being listed here.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly deadLetters: sqs.Queue;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);

    const key = new kms.Key(this, "AlarmTopicKey", {
      description: "Encrypts the alarm topic; CloudWatch may use it to publish alarms",
      enableKeyRotation: true,
    });
    // CloudWatch alarms publish to an encrypted topic only if the key lets CloudWatch use it.
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal("cloudwatch.amazonaws.com")],
        actions: ["kms:Decrypt", "kms:GenerateDataKey*"],
        resources: ["*"],
        conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
      }),
    );
    this.topic = new sns.Topic(this, "Alarms", {
      displayName: "LikenessGuard alarms",
      masterKey: key,
      enforceSSL: true,
    });

    // Failed events carry their input (a status change holds the execution's input: account and scan
    // ids), so the queue is encrypted under a key this account controls and audits.
    const deadLetterKey = new CustomerKey(this, "DeadLetterKey", {
      alias: `alias/${stack.stackName}-dead-letters`,
      description: "Encrypts the dead-letter queue of failed asynchronous invocations",
      retain: false,
    }).key;
    this.deadLetters = new sqs.Queue(this, "DeadLetters", {
      encryption: sqs.QueueEncryption.KMS,
      encryptionMasterKey: deadLetterKey,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    const functions = stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
    for (const fn of invokedAsynchronously(stack, functions)) {
      // Lambda keeps one EventInvokeConfig per function: one set elsewhere is left as it is.
      if (!fn.function.node.tryFindChild("EventInvokeConfig")) {
        fn.function.configureAsyncInvoke({
          onFailure: new destinations.SqsDestination(this.deadLetters),
          retryAttempts: 2,
          maxEventAge: Duration.hours(6),
        });
        justify(fn.function, {
          checkov: ["CKV_AWS_116"],
          nag: inBothCompliancePacks("LambdaDLQ"),
          reason:
            "Invoked asynchronously (a schedule or an EventBridge rule): an invocation that fails its 2 retries goes to the on-failure destination, the stack's encrypted, alarmed dead-letter queue, which records the error with the event (a newer mechanism than the function-level DLQ these rules look for).",
        });
        explainWildcards(fn.role, {
          finding: /^Action::kms:(ReEncrypt|GenerateDataKey)\*$/,
          reason: "Sends failed invocations to the dead-letter queue, encrypted under its own key; scoped to that key.",
        });
      }
    }
    this.deadLetterScheduleDeliveries(stack);
    // Schedules created at run time (one per person) name the same queue.
    for (const fn of stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction))
      fn.bindScheduleDeadLetters(this.deadLetters);
    Validations.of(this.deadLetters).acknowledge({
      id: "AwsSolutions-SQS3",
      reason:
        "This queue is the dead-letter destination itself (Lambda on-failure destination); a message that lands here is kept 14 days and alarms.",
    });

    const alarm = (alarmId: string, description: string, metric: cloudwatch.IMetric) => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(new actions.SnsAction(this.topic));
      this.alarms.push(created);
      return created;
    };

    const serverErrors = props.api.metricServerError({ period: PERIOD, statistic: "Sum" });
    alarm("Api5xx", "The API answered 5xx (an unexpected error in a handler or integration)", serverErrors);

    for (const fn of functions) {
      const name = fn.node.path.split("/").slice(1).join("-");
      alarm(`${name}-Errors`, `${name}: invocations failed`, fn.function.metricErrors({ period: PERIOD }));
      alarm(`${name}-Throttles`, `${name}: invocations throttled`, fn.function.metricThrottles({ period: PERIOD }));
    }

    for (const [machine, stateMachine] of Object.entries(props.stateMachines)) {
      const failed = new cloudwatch.MathExpression({
        expression: "failed + timedOut + aborted",
        usingMetrics: {
          failed: stateMachine.metricFailed({ period: PERIOD }),
          timedOut: stateMachine.metricTimedOut({ period: PERIOD }),
          aborted: stateMachine.metricAborted({ period: PERIOD }),
        },
        label: `${machine} executions failed, timed out or aborted`,
        period: PERIOD,
      });
      alarm(`${machine}-ExecutionsFailed`, `${machine} executions failed, timed out or were aborted`, failed);
    }

    const depth = this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: "Maximum" });
    alarm("DeadLettersWaiting", "Asynchronous invocations failed every retry and wait in the dead-letter queue", depth);

    this.dashboard = new cloudwatch.Dashboard(this, "Dashboard", {
      defaultInterval: Duration.hours(6),
      widgets: [
        [new cloudwatch.AlarmStatusWidget({ title: "Alarms", alarms: this.alarms, width: 24 })],
        [
          new cloudwatch.GraphWidget({
            title: "API requests and errors",
            left: [
              props.api.metricCount({ period: PERIOD, statistic: "Sum" }),
              props.api.metricClientError({ period: PERIOD, statistic: "Sum" }),
              serverErrors,
            ],
            width: 12,
          }),
          new cloudwatch.GraphWidget({
            title: "API latency (p50, p99)",
            left: [
              props.api.metricLatency({ period: PERIOD, statistic: "p50" }),
              props.api.metricLatency({ period: PERIOD, statistic: "p99" }),
            ],
            width: 12,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: "Lambda errors",
            left: functions.map((fn) => fn.function.metricErrors({ period: PERIOD, label: fn.node.id })),
            width: 8,
          }),
          new cloudwatch.GraphWidget({
            title: "Lambda throttles",
            left: functions.map((fn) => fn.function.metricThrottles({ period: PERIOD, label: fn.node.id })),
            width: 8,
          }),
          new cloudwatch.GraphWidget({
            title: "Lambda duration p99",
            left: functions.map((fn) =>
              fn.function.metricDuration({ period: PERIOD, statistic: "p99", label: fn.node.id }),
            ),
            width: 8,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: "Executions",
            left: Object.entries(props.stateMachines).flatMap(([machine, m]) => [
              m.metricStarted({ period: PERIOD, label: `${machine} started` }),
              m.metricSucceeded({ period: PERIOD, label: `${machine} succeeded` }),
              m.metricFailed({ period: PERIOD, label: `${machine} failed` }),
            ]),
            width: 12,
          }),
          new cloudwatch.GraphWidget({ title: "Dead-letter queue depth", left: [depth], width: 6 }),
          new cloudwatch.GraphWidget({
            title: "Unexpected errors by function (Powertools)",
            left: [
              new cloudwatch.MathExpression({
                expression: `SEARCH('{${POWERTOOLS_METRICS_NAMESPACE},service} MetricName="UnexpectedErrors"', 'Sum', 300)`,
                label: "",
                period: PERIOD,
              }),
            ],
            width: 6,
          }),
        ],
      ],
    });

    new CfnOutput(this, "AlarmTopicArn", {
      value: this.topic.topicArn,
      description: "Subscribe the on-call address to this topic to receive alarms",
    });
  }

  /**
   * A schedule that cannot invoke its function at all (throttled, denied) retries and then drops the
   * event; with a dead-letter config it lands in the same queue. Set on the schedules the stack
   * defines, whichever construct made them, with the send right granted to the role each assumes.
   */
  private deadLetterScheduleDeliveries(stack: Stack) {
    const roles = stack.node.findAll().filter((c): c is iam.Role => c instanceof iam.Role);
    for (const schedule of stack.node.findAll().filter((c) => c instanceof scheduler.CfnSchedule)) {
      const target = (schedule as scheduler.CfnSchedule).target as scheduler.CfnSchedule.TargetProperty;
      if (target.deadLetterConfig) continue;
      (schedule as scheduler.CfnSchedule).addPropertyOverride("Target.DeadLetterConfig", {
        Arn: this.deadLetters.queueArn,
      });
      const roleArn = JSON.stringify(stack.resolve(target.roleArn));
      const role = roles.find((r) => JSON.stringify(stack.resolve(r.roleArn)) === roleArn);
      role?.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ["sqs:SendMessage"], resources: [this.deadLetters.queueArn] }),
      );
      if (this.deadLetters.encryptionMasterKey) {
        role?.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: ["kms:GenerateDataKey", "kms:Decrypt"],
            resources: [this.deadLetters.encryptionMasterKey.keyArn],
          }),
        );
      }
    }
  }
}
