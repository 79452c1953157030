import { Stack } from "aws-cdk-lib";
import { Match, type Template } from "aws-cdk-lib/assertions";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import type { IConstruct } from "constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { AppFunction } from "../../lib/constructs/app-function.js";
import type { LikenessGuardStacks } from "../../lib/likenessguard.js";
import { serviceTemplate, synthesizedStage } from "./synth-app.js";

let stacks: LikenessGuardStacks;
let service: Template;
let functions: AppFunction[];

beforeAll(() => {
  stacks = synthesizedStage("dev");
  service = serviceTemplate(stacks);
  functions = stacks.service.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
});

/** A resource's Ref in its own template (the service stack or one of its nested stacks). */
const ref = (construct: IConstruct) => ({
  Ref: Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnFunction),
});
/** How a template of `consumer`'s stack names a value, across nested stacks (an output or parameter). */
const seenFrom = (consumer: IConstruct, value: unknown) => Stack.of(consumer).resolve(value);
const topicRef = () => ref(stacks.service.monitoring.topic);

/** Alarms on one metric, as CloudFormation holds them. */
function alarmsOn(metricName: string, dimension?: Record<string, unknown>) {
  return Object.values(
    service.findResources("AWS::CloudWatch::Alarm", {
      Properties: {
        MetricName: metricName,
        ...(dimension ? { Dimensions: Match.arrayWith([Match.objectLike(dimension)]) } : {}),
      },
    }),
  );
}

describe("operations", () => {
  it("covers every function of the service stack: route groups, workflow tasks and scheduled jobs", () => {
    const expected =
      Object.keys(stacks.service.routes.functions).length +
      Object.keys(stacks.service.workflows.tasks).length +
      Object.keys(stacks.service.workflows.jobs).length;
    expect(functions.length).toBeGreaterThanOrEqual(expected);
  });

  it("every function alarms on errors and on throttles, to the alarm topic", () => {
    for (const fn of functions) {
      for (const metric of ["Errors", "Throttles"]) {
        // Alarms live in the service stack, whichever stack holds the function.
        const alarms = alarmsOn(metric, {
          Name: "FunctionName",
          Value: seenFrom(stacks.service, fn.function.functionName),
        });
        expect(alarms, `${fn.node.path} ${metric}`).toHaveLength(1);
        expect(alarms[0]?.Properties.AlarmActions).toEqual([topicRef()]);
        expect(alarms[0]?.Properties.Threshold).toBe(1);
      }
    }
  });

  it("the API alarms on any 5xx answer", () => {
    const alarms = alarmsOn("5xx");
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.Properties).toMatchObject({
      Namespace: "AWS/ApiGateway",
      Statistic: "Sum",
      Threshold: 1,
      AlarmActions: [topicRef()],
    });
  });

  it("each state machine alarms on executions that failed, timed out or were aborted", () => {
    const alarms = Object.values(
      service.findResources("AWS::CloudWatch::Alarm", {
        Properties: { Metrics: Match.arrayWith([Match.objectLike({ Expression: "failed + timedOut + aborted" })]) },
      }),
    );
    expect(alarms).toHaveLength(Object.keys(stacks.service.workflows.machines).length);
    for (const alarm of alarms) {
      const names = (alarm.Properties.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[])
        .flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []))
        .sort();
      expect(names).toEqual(["ExecutionsAborted", "ExecutionsFailed", "ExecutionsTimedOut"]);
      expect(alarm.Properties.AlarmActions).toEqual([topicRef()]);
    }
  });

  it("failed asynchronous invocations land in an encrypted dead-letter queue whose depth alarms", () => {
    const queueArn = stacks.service.monitoring.deadLetters.queueArn;
    // The queue's ARN as each of the service's stacks names it.
    const queueArnIn = [stacks.service, stacks.service.apiStack, stacks.service.workflowsStack].map((s) =>
      seenFrom(s, queueArn),
    );
    // Failed events carry their input: the queue is encrypted under a customer-managed key of its own.
    const deadLetterKey = stacks.service.monitoring.deadLetters.encryptionMasterKey;
    expect(deadLetterKey).toBeDefined();
    service.hasResourceProperties("AWS::SQS::Queue", {
      KmsMasterKeyId: Stack.of(stacks.service).resolve(deadLetterKey?.keyArn),
      MessageRetentionPeriod: 1_209_600,
    });
    const configs = Object.values(service.findResources("AWS::Lambda::EventInvokeConfig"));
    // Scheduled jobs (and any EventBridge rule's function) are invoked asynchronously; the rest synchronously.
    expect(configs.length).toBeGreaterThanOrEqual(Object.keys(stacks.service.workflows.jobs).length);
    expect(configs.length).toBeLessThan(functions.length);
    for (const config of configs) {
      expect(queueArnIn).toContainEqual(config.Properties.DestinationConfig.OnFailure.Destination);
      expect(config.Properties.MaximumRetryAttempts).toBe(2);
    }
    for (const job of Object.values(stacks.service.workflows.jobs)) {
      const invokeConfig = configs.find(
        (c) => JSON.stringify(c.Properties.FunctionName) === JSON.stringify(ref(job.function)),
      );
      expect(invokeConfig, job.node.path).toBeDefined();
    }
    // A schedule that cannot invoke its job at all sends the event to the same queue.
    const schedules = Object.values(service.findResources("AWS::Scheduler::Schedule"));
    expect(schedules.length).toBeGreaterThanOrEqual(Object.keys(stacks.service.workflows.jobs).length);
    for (const schedule of schedules) {
      expect(queueArnIn).toContainEqual(schedule.Properties.Target.DeadLetterConfig.Arn);
      const roleId = (schedule.Properties.Target.RoleArn as { "Fn::GetAtt": [string, string] })["Fn::GetAtt"][0];
      const sends = Object.values(
        service.findResources("AWS::IAM::Policy", { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } }),
      ).flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]);
      expect(sends.flatMap((st) => st.Action)).toContain("sqs:SendMessage");
    }
    // One depth alarm on this queue (the webhook deliveries' dead-letter queue has its own).
    const queueName = Stack.of(stacks.service).resolve(stacks.service.monitoring.deadLetters.queueName);
    const depth = alarmsOn("ApproximateNumberOfMessagesVisible", { Name: "QueueName", Value: queueName });
    expect(depth).toHaveLength(1);
    expect(depth[0]?.Properties.AlarmActions).toEqual([topicRef()]);
  });

  it("per-person scan schedules, created at run time, name the same dead-letter queue, which their role may send to", () => {
    const queueArn = stacks.service.monitoring.deadLetters.queueArn;
    const writers = functions.filter((fn) => fn.schedulesRunAs);
    expect(writers.length).toBeGreaterThan(0);
    for (const fn of writers) {
      const cfn = service.toJSON().Resources[ref(fn.function).Ref];
      expect(cfn.Properties.Environment.Variables.SCHEDULER_DEAD_LETTER_ARN, fn.node.path).toEqual(
        seenFrom(fn, queueArn),
      );
      const roleId = Stack.of(stacks.service).getLogicalId(
        (fn.schedulesRunAs as unknown as { node: { defaultChild: CfnFunction } }).node.defaultChild,
      );
      const statements = Object.values(
        service.findResources("AWS::IAM::Policy", { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } }),
      ).flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
      expect(statements).toContainEqual(
        expect.objectContaining({ Action: "sqs:SendMessage", Resource: seenFrom(stacks.service, queueArn) }),
      );
    }
  });

  it("alarms go to a KMS-encrypted, TLS-only topic whose key CloudWatch may use", () => {
    service.hasResourceProperties("AWS::SNS::Topic", { KmsMasterKeyId: Match.anyValue() });
    service.hasResourceProperties("AWS::SNS::TopicPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
    service.hasResourceProperties("AWS::KMS::Key", {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: "cloudwatch.amazonaws.com" },
            Action: ["kms:Decrypt", "kms:GenerateDataKey*"],
          }),
        ]),
      },
    });
  });

  it("a dashboard shows the alarms, the API, the functions, the executions and the dead letters", () => {
    const dashboards = Object.values(service.findResources("AWS::CloudWatch::Dashboard"));
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]?.Properties.DashboardBody);
    for (const title of [
      "Alarms",
      "API requests and errors",
      "Lambda errors",
      "Lambda throttles",
      "Executions",
      "Dead-letter queue depth",
      "UnexpectedErrors",
    ]) {
      expect(body).toContain(title);
    }
  });

  it("every function runs Powertools under its own service name, in the LikenessGuard namespace, traced", () => {
    for (const fn of functions) {
      const props = service.toJSON().Resources[ref(fn.function).Ref].Properties;
      expect(props.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: fn.node.id,
        POWERTOOLS_METRICS_NAMESPACE: "LikenessGuard",
      });
      expect(props.Environment.Variables.POWERTOOLS_TRACE_DISABLED).toBeUndefined();
      expect(props.TracingConfig).toEqual({ Mode: "Active" });
    }
  });
});
