import { readFileSync } from "node:fs";
import {
  ANALYSIS_PARTITION_PREFIX,
  CRAWLED_PARTITION_PREFIX,
  FINDING_PARTITION_PREFIX,
} from "@lg/domain/table/entities";
import { API_ANALYSIS_PARTITION_PREFIX } from "@lg/domain/table/integration-entities";
import { ArnFormat, Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import * as events from "aws-cdk-lib/aws-events";
import * as eventTargets from "aws-cdk-lib/aws-events-targets";
import * as iam from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import * as scheduler from "aws-cdk-lib/aws-scheduler";
import * as targets from "aws-cdk-lib/aws-scheduler-targets";
import * as sfn from "aws-cdk-lib/aws-stepfunctions";
import * as triggers from "aws-cdk-lib/triggers";
import { Construct } from "constructs";
import {
  EXECUTION_STATUS_HANDLERS,
  JOBS_AT_START,
  SCHEDULED_JOBS,
  STATE_MACHINES,
  WORKFLOW_TASKS,
  type WorkflowTask,
} from "../../lambdas/src/workflows/tasks.js";
import { ANALYSIS_MODEL_FILES } from "../../packages/detection/src/models/model-sets.js";
import { resourcePrefix, type StageConfig } from "../config.js";
import { fromRoot } from "../paths.js";
import { bindAccountErasure } from "./account-erasure-grants.js";
import { AppFunction, type DetectionRuntime, type StateMachineRef } from "./app-function.js";
import type { HandlerResources } from "./handler-resources.js";
import { MANIFEST_PREFIX, MAP_RESULTS_PREFIX } from "./scan-work-bucket.js";
import { logGroupKey } from "./stack-keys.js";
import { explainWildcards } from "./wildcard-grants.js";

type MachineName = keyof typeof STATE_MACHINES;
type JobName = keyof typeof SCHEDULED_JOBS;
type StatusHandlerName = keyof typeof EXECUTION_STATUS_HANDLERS;

/** What each workflow task may touch; everything else is denied. */
const TASK_BINDINGS: Record<WorkflowTask, (fn: AppFunction, r: HandlerResources) => void> = {
  // Matching needs the person's embeddings, which only the biometric key decrypts.
  // LoadPlatforms writes the scan's record (a scheduled scan has none before it).
  ScanLoadPlatforms: (fn, r) => fn.bindTable(r.table, "readWrite").bindBiometricKey(r.biometricKey),
  // Discover hands its items on as a manifest in the scan-work bucket (the scan's Distributed Map reads it).
  ScanDiscover: (fn, r) =>
    fn
      .bindTable(r.table, "read")
      .bindBiometricKey(r.biometricKey)
      .bindConnectorSecret(r.connectorSecret)
      .bindScanWorkBucket(r.scanWorkBucket),
  // Analyse writes the scan's shared findings (MediaFinding), so identical media is analysed once per scan,
  // and the analysis cache (CachedAnalysis), so media another scan or the crawl met is not analysed again.
  ScanAnalyse: (fn, r) =>
    fn
      .bindTable(r.table, "read")
      .allowTableWritesUnder(r.table, FINDING_PARTITION_PREFIX)
      .allowTableWritesUnder(r.table, ANALYSIS_PARTITION_PREFIX)
      .bindBiometricKey(r.biometricKey)
      .bindConnectorSecret(r.connectorSecret)
      .bindEvidenceBucket(r.evidenceBucket, "readWrite")
      // Every found picture and video frame is matched against the account's registered image hashes.
      .bindGallery(r.gallery, "read"),
  ScanRecordThreats: (fn, r) => fn.bindTable(r.table, "readWrite"),
  // Hands new threats to alerts (email, SMS, Web Push) and to automatic takedowns.
  // ...and tells the account's webhooks (threat.created, scan.completed).
  ScanFinish: (fn, r) =>
    r.webhooks.bindPublisher(
      fn
        .bindTable(r.table, "readWrite")
        .bindMailSender(r.mailFrom, r.mailIdentityArn)
        .bindSmsSender()
        .bindVapidSecret(r.vapidSecret)
        .bindStateMachine("TAKEDOWN_STATE_MACHINE_ARN", r.takedownMachine, "start"),
    ),
  // The shared crawl (docs/scale.md): reads configured sources for everyone, so no step decrypts biometrics.
  // Plan asks the gallery who enrolled lately and the table which of them were looked back for.
  CrawlPlan: (fn, r) => fn.bindTable(r.table, "read").bindGallery(r.gallery, "read"),
  // Discover skips items an earlier crawl read (CrawledItem) and writes the rest to a manifest; for a
  // newcomer it lists what the crawl read before they enrolled and records the look-back (CrawlLookBack).
  CrawlDiscover: (fn, r) =>
    fn
      .bindTable(r.table, "read")
      .allowTableWritesUnder(r.table, CRAWLED_PARTITION_PREFIX)
      .bindConnectorSecret(r.connectorSecret)
      .bindScanWorkBucket(r.scanWorkBucket),
  // Analysing untrusted media compares faces with the gallery, writes locators (CrawledItem), each
  // matched account's evidence, its candidates beside its findings, and the analysis cache shared with
  // scans (CachedAnalysis); it records no threat itself.
  CrawlAnalyse: (fn, r) =>
    fn
      .bindTable(r.table, "read")
      .allowTableWritesUnder(r.table, FINDING_PARTITION_PREFIX)
      .allowTableWritesUnder(r.table, CRAWLED_PARTITION_PREFIX)
      .allowTableWritesUnder(r.table, ANALYSIS_PARTITION_PREFIX)
      .bindConnectorSecret(r.connectorSecret)
      .bindEvidenceBucket(r.evidenceBucket, "readWrite")
      .bindGallery(r.gallery, "read"),
  CrawlRecord: (fn, r) => fn.bindTable(r.table, "readWrite"),
  // Sends what the recorded threats are owed: alerts (email, SMS, Web Push) and automatic takedowns.
  CrawlHandOver: (fn, r) => bindAlertHandover(fn, r),
  TakedownPrepare: (fn, r) => fn.bindTable(r.table, "readWrite").bindEvidenceBucket(r.evidenceBucket, "read"),
  // An automatic notice sent is a takedown.sent event for the account's webhooks.
  TakedownSend: (fn, r) =>
    r.webhooks.bindPublisher(
      fn
        .bindTable(r.table, "readWrite")
        .bindEvidenceBucket(r.evidenceBucket, "read")
        .bindMailSender(r.mailFrom, r.mailIdentityArn),
    ),
  // An analysis asked for through the API parses untrusted media: fetched as a scan's media (the
  // connectors' client), matched against the account's people (biometric key), it may put its own
  // analysis record and the shared analysis cache and nothing else, and read and delete its upload.
  AnalysisRun: (fn, r) =>
    fn
      .bindTable(r.table, "read")
      .allowTableWritesUnder(r.table, API_ANALYSIS_PARTITION_PREFIX)
      .allowTableWritesUnder(r.table, ANALYSIS_PARTITION_PREFIX)
      .bindBiometricKey(r.biometricKey)
      .bindConnectorSecret(r.connectorSecret)
      .bindAnalysisUploads(r.scanWorkBucket, "readDelete"),
  AnalysisFail: (fn, r) =>
    fn
      .bindTable(r.table, "read")
      .allowTableWritesUnder(r.table, API_ANALYSIS_PARTITION_PREFIX)
      .bindAnalysisUploads(r.scanWorkBucket, "readDelete"),
  // analysis.completed for the account's webhooks: endpoints read, the delivery log written, the queue sent to.
  AnalysisTell: (fn, r) => r.webhooks.bindPublisher(fn.bindTable(r.table, "readWrite")),
};

/** What sending owed alerts needs (email, SMS, Web Push) with their automatic takedowns. */
const bindAlertHandover = (fn: AppFunction, r: HandlerResources) =>
  fn
    .bindTable(r.table, "readWrite")
    .bindMailSender(r.mailFrom, r.mailIdentityArn)
    .bindSmsSender()
    .bindVapidSecret(r.vapidSecret)
    .bindStateMachine("TAKEDOWN_STATE_MACHINE_ARN", r.takedownMachine, "start");

const JOB_BINDINGS: Record<JobName, (fn: AppFunction, r: HandlerResources) => void> = {
  // Re-checks whether reported content is still online and escalates past deadlines; content found
  // removed is threat.updated and takedown.resolved for the account's webhooks.
  trackTakedowns: (fn, r) =>
    r.webhooks.bindPublisher(
      fn
        .bindTable(r.table, "readWrite")
        .bindConnectorSecret(r.connectorSecret)
        .bindMailSender(r.mailFrom, r.mailIdentityArn)
        .bindStateMachine("TAKEDOWN_STATE_MACHINE_ARN", r.takedownMachine, "start"),
    ),
  // Downgrades and cancellations whose paid period has ended: the tier, the scan schedule, the audit log.
  settleBillingPeriods: (fn, r) =>
    fn
      .bindTable(r.table, "readWrite")
      .bindStripeSecret(r.stripeSecret)
      .bindScheduler(r.scheduler.groupName, r.scheduler.scheduleArnPattern, r.scheduler.role, r.scanMachine),
  sendDigests: (fn, r) =>
    fn
      .bindTable(r.table, "readWrite")
      .bindMailSender(r.mailFrom, r.mailIdentityArn)
      .bindSmsSender()
      .bindVapidSecret(r.vapidSecret),
  // Starts the hour's shared crawl, named for the hour: a repeated start starts nothing.
  startCrawl: (fn, r) => fn.bindStateMachine("CRAWL_STATE_MACHINE_ARN", r.crawlMachine, "start"),
  // Alerts claimed by a handover that died (past the claim lease): sent as Finish would have.
  sweepAlertClaims: bindAlertHandover,
  // The health checks' describe-only grants, and the table to record each run in.
  probeStatus: (fn, r) => fn.bindHealthProbes(r).bindTable(r.table, "readWrite"),
  // Settles face reviews past their deadline: the samples (and their gallery rows), a word to each holder.
  resolveFaceReviews: (fn, r) =>
    fn
      .bindTable(r.table, "readWrite")
      .bindGallery(r.gallery, "readWrite")
      .bindMailSender(r.mailFrom, r.mailIdentityArn)
      .bindSmsSender(),
  // Finishes interrupted erasures: all an account deletion deletes, the Cognito user last.
  resumeErasures: (fn, r) =>
    bindAccountErasure(
      fn.bindUserPool(r.userPool.userPoolId, r.userPool.userPoolArn, r.userPoolClient.userPoolClientId, [
        "AdminDeleteUser",
      ]),
      r,
    ),
};

const STATUS_HANDLER_BINDINGS: Record<StatusHandlerName, (fn: AppFunction, r: HandlerResources) => void> = {
  // Settles the scan record and the scan slot, then sends the alerts its recorded threats are owed
  // (email, SMS, Web Push) and their automatic takedowns: what Finish would have done.
  reconcileScan: bindAlertHandover,
};

/** Functions that run detection models: every analysis model file, the ffmpeg layer and native packages. */
const DETECTION_TASKS: ReadonlySet<WorkflowTask> = new Set(["ScanAnalyse", "CrawlAnalyse", "AnalysisRun"]);

/** Whether an ASL file runs a Map in Distributed mode (child workflow executions of its own). */
export function usesDistributedMap(file: string): boolean {
  const found = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.some(found)
      : typeof value === "object" && value !== null
        ? (value as { Mode?: unknown }).Mode === "DISTRIBUTED" || Object.values(value).some(found)
        : false;
  return found(JSON.parse(readFileSync(fromRoot(file), "utf8")));
}

/** Whether an ASL file exports a Distributed Map's child results to S3 (a ResultWriter). */
export function usesResultWriter(file: string): boolean {
  const found = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.some(found)
      : typeof value === "object" && value !== null
        ? "ResultWriter" in value || Object.values(value).some(found)
        : false;
  return found(JSON.parse(readFileSync(fromRoot(file), "utf8")));
}

/**
 * What a Distributed Map needs of its machine's role (CDK grants these only to maps it builds, not to
 * ASL files): start its own child executions, watch and stop them, read the manifests it iterates and,
 * where it has a ResultWriter, export its children's results under the results prefix.
 */
function grantDistributedMap(
  stateMachine: sfn.StateMachine,
  name: string,
  self: StateMachineRef,
  r: HandlerResources,
  writesResults: boolean,
) {
  const stack = Stack.of(stateMachine);
  // Map Run children are named <machine>/<label>:<id> (execution and express ARNs alike).
  const children = (resource: string) =>
    stack.formatArn({
      service: "states",
      resource,
      resourceName: `${name}/*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  stateMachine.addToRolePolicy(
    new iam.PolicyStatement({ actions: ["states:StartExecution"], resources: [self.stateMachineArn] }),
  );
  stateMachine.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ["states:DescribeExecution", "states:StopExecution"],
      resources: [self.executionArnPattern, children("execution"), children("express")],
    }),
  );
  stateMachine.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ["s3:GetObject"],
      resources: [r.scanWorkBucket.arnForObjects(`${MANIFEST_PREFIX}*`)],
    }),
  );
  if (writesResults) {
    // The actions AWS documents for ResultWriter: it writes each results file (multipart when large)
    // and reads back what it wrote; none on manifests, so a Map Run cannot rewrite what it reads.
    stateMachine.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["s3:PutObject", "s3:GetObject", "s3:ListMultipartUploadParts", "s3:AbortMultipartUpload"],
        resources: [r.scanWorkBucket.arnForObjects(`${MAP_RESULTS_PREFIX}*`)],
      }),
    );
    explainWildcards(stateMachine.role, {
      finding: /^Resource::.*ScanWorkBucket.*\/results\/\*$/,
      reason:
        "A Distributed Map's ResultWriter exports its children's results under a folder named per crawl and Map Run at run time; scoped to the results prefix.",
    });
  }
  explainWildcards(
    stateMachine.role,
    {
      finding: new RegExp(`^Resource::arn:.*:states:.*:(execution|express):${name}[:/]\\*$`),
      reason:
        "A Distributed Map watches and stops the child executions it starts, whose names it makes at run time; only this machine's.",
    },
    {
      finding: /^Resource::.*ScanWorkBucket.*\/manifests\/\*$/,
      reason:
        "Reads the manifests Discover writes, per account, scan and platform at run time; scoped to the manifests prefix.",
    },
  );
}

/** Names and ARNs known before the machines exist, so handlers can reference them without a cycle. */
export function stateMachineRef(scope: Construct, config: StageConfig, machine: MachineName): StateMachineRef {
  const name = `${resourcePrefix(config)}-${machine}`;
  const stack = Stack.of(scope);
  const arn = (resource: string, resourceName: string) =>
    stack.formatArn({ service: "states", resource, resourceName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
  return { stateMachineArn: arn("stateMachine", name), executionArnPattern: arn("execution", `${name}:*`) };
}

/** `${XArn}` substitutions an ASL file references, checked against WORKFLOW_TASKS. */
export function referencedTasks(file: string): WorkflowTask[] {
  const text = readFileSync(fromRoot(file), "utf8");
  const names = new Set([...text.matchAll(/\$\{(\w+)Arn\}/g)].map((m) => m[1] as string));
  for (const name of names) {
    if (!(name in WORKFLOW_TASKS))
      throw new Error(`${file} references \${${name}Arn}, which is not a WORKFLOW_TASKS key`);
  }
  return [...names] as WorkflowTask[];
}

export interface SchedulingProps {
  config: StageConfig;
  scanMachine: StateMachineRef;
}

/**
 * The schedule group holding one schedule per user (created at run time by the API) and the role
 * those schedules assume, which may do exactly one thing: start the scan state machine.
 */
export class ScanScheduling extends Construct {
  readonly group: scheduler.ScheduleGroup;
  readonly role: iam.Role;
  readonly scheduleArnPattern: string;

  constructor(scope: Construct, id: string, props: SchedulingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const groupName = `${resourcePrefix(props.config)}-user-scans`;
    this.group = new scheduler.ScheduleGroup(this, "Group", {
      scheduleGroupName: groupName,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new iam.Role(this, "StartScanRole", {
      description: "Assumed by per-user scan schedules to start the scan state machine",
      assumedBy: new iam.ServicePrincipal("scheduler.amazonaws.com", {
        conditions: {
          StringEquals: { "aws:SourceAccount": stack.account },
          ArnLike: { "aws:SourceArn": this.group.scheduleGroupArn },
        },
      }),
    });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ["states:StartExecution"], resources: [props.scanMachine.stateMachineArn] }),
    );
    this.scheduleArnPattern = stack.formatArn({
      service: "scheduler",
      resource: "schedule",
      resourceName: `${groupName}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }
}

export interface WorkflowsProps {
  config: StageConfig;
  resources: HandlerResources;
  detection: DetectionRuntime;
  logRetention: logs.RetentionDays;
}

/** Task functions, the scan and takedown state machines (from statemachines/*.asl.json), and scheduled jobs. */
export class Workflows extends Construct {
  readonly tasks: Record<WorkflowTask, AppFunction>;
  readonly machines: Record<MachineName, sfn.StateMachine>;
  readonly jobs: Record<JobName, AppFunction>;
  readonly statusHandlers: Record<StatusHandlerName, AppFunction>;

  constructor(scope: Construct, id: string, props: WorkflowsProps) {
    super(scope, id);
    const { config, resources } = props;

    const tasks = {} as Record<WorkflowTask, AppFunction>;
    for (const [name, spec] of Object.entries(WORKFLOW_TASKS) as [
      WorkflowTask,
      (typeof WORKFLOW_TASKS)[WorkflowTask],
    ][]) {
      const fn = new AppFunction(this, name, {
        entry: spec.entry,
        description: `Workflow task ${name}`,
        memoryMb: spec.memoryMb,
        ...("timeoutSeconds" in spec ? { timeoutSeconds: spec.timeoutSeconds } : {}),
        logRetention: props.logRetention,
        ...(DETECTION_TASKS.has(name) ? { detection: { ...props.detection, modelFiles: ANALYSIS_MODEL_FILES } } : {}),
      });
      TASK_BINDINGS[name](fn.bindContexts(resources), resources);
      tasks[name] = fn;
    }
    this.tasks = tasks;

    const machines = {} as Record<MachineName, sfn.StateMachine>;
    for (const [machine, spec] of Object.entries(STATE_MACHINES) as [MachineName, { file: string }][]) {
      machines[machine] = this.stateMachine(config, machine, spec.file, props.logRetention, resources);
    }
    this.machines = machines;

    const jobs = {} as Record<JobName, AppFunction>;
    for (const [job, spec] of Object.entries(SCHEDULED_JOBS) as [JobName, { entry: string; rate: string }][]) {
      const fn = new AppFunction(this, `Job-${job}`, {
        entry: spec.entry,
        description: `Scheduled job ${job} (${spec.rate})`,
        memoryMb: 512,
        timeoutSeconds: 300,
        logRetention: props.logRetention,
      });
      JOB_BINDINGS[job](fn.bindContexts(resources), resources);
      new scheduler.Schedule(this, `Schedule-${job}`, {
        scheduleName: `${resourcePrefix(config)}-${job}`,
        description: `Runs ${spec.entry}`,
        schedule: scheduler.ScheduleExpression.expression(spec.rate),
        target: new targets.LambdaInvoke(fn.function, { retryAttempts: 2, role: this.jobInvokerRole(job) }),
      });
      // Also once after a deploy that changes it (as the data migrations run), not only at its next rate.
      if (JOBS_AT_START.includes(job)) {
        new triggers.Trigger(this, `AtStart-${job}`, {
          handler: fn.function,
          timeout: Duration.minutes(5),
          executeOnHandlerChange: true,
        });
      }
      jobs[job] = fn;
    }
    this.jobs = jobs;

    const statusHandlers = {} as Record<StatusHandlerName, AppFunction>;
    for (const [name, spec] of Object.entries(EXECUTION_STATUS_HANDLERS) as [
      StatusHandlerName,
      (typeof EXECUTION_STATUS_HANDLERS)[StatusHandlerName],
    ][]) {
      const fn = new AppFunction(this, `Status-${name}`, {
        entry: spec.entry,
        description: `Handles ${spec.machine} executions ending ${spec.statuses.join(", ")}`,
        memoryMb: 256,
        timeoutSeconds: 120,
        logRetention: props.logRetention,
      });
      STATUS_HANDLER_BINDINGS[name](fn.bindContexts(resources), resources);
      // Step Functions sends status changes to the default bus by itself; the rule picks this machine's abnormal ends.
      new events.Rule(this, `Status-${name}-Rule`, {
        ruleName: `${resourcePrefix(config)}-${name}`,
        description: `Routes ${spec.machine} executions ending ${spec.statuses.join(", ")} to ${spec.entry}`,
        eventPattern: {
          source: ["aws.states"],
          detailType: ["Step Functions Execution Status Change"],
          detail: { status: [...spec.statuses], stateMachineArn: [this.machines[spec.machine].stateMachineArn] },
        },
        targets: [new eventTargets.LambdaFunction(fn.function, { retryAttempts: 8, maxEventAge: Duration.hours(24) })],
      });
      statusHandlers[name] = fn;
    }
    this.statusHandlers = statusHandlers;
  }

  /** One role per job schedule, allowed to invoke that job's function and nothing else. */
  private jobInvokerRole(job: JobName): iam.Role {
    const role = new iam.Role(this, `Job-${job}-Invoker`, {
      description: `Assumed by the ${job} schedule to invoke its function`,
      assumedBy: new iam.ServicePrincipal("scheduler.amazonaws.com", {
        conditions: { StringEquals: { "aws:SourceAccount": Stack.of(this).account } },
      }),
    });
    explainWildcards(role, {
      finding: /^Resource::<.*\.Arn>:\*$/,
      reason: "Invokes versions of this one job function only (function ARN plus version qualifier).",
    });
    return role;
  }

  private stateMachine(
    config: StageConfig,
    machine: MachineName,
    file: string,
    retention: logs.RetentionDays,
    resources: HandlerResources,
  ) {
    const name = `${resourcePrefix(config)}-${machine}`;
    const used = referencedTasks(file);
    const logGroup = new logs.LogGroup(this, `${machine}-Logs`, {
      // The vendedlogs prefix keeps the CloudWatch Logs resource policy small as machines are added.
      logGroupName: `/aws/vendedlogs/states/${name}`,
      retention,
      encryptionKey: logGroupKey(this),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stateMachine = new sfn.StateMachine(this, `${machine}-Machine`, {
      stateMachineName: name,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromFile(fromRoot(file)),
      definitionSubstitutions: Object.fromEntries(
        used.map((task) => [`${task}Arn`, this.tasks[task].function.functionArn]),
      ),
      // Execution data holds user ids, URLs and detection results: kept out of logs on purpose.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
      tracingEnabled: true,
    });
    for (const task of used) this.tasks[task].function.grantInvoke(stateMachine);
    if (usesDistributedMap(file)) {
      grantDistributedMap(
        stateMachine,
        name,
        stateMachineRef(this, config, machine),
        resources,
        usesResultWriter(file),
      );
    }
    explainWildcards(
      stateMachine.role,
      {
        finding: /^Resource::\*$/,
        reason:
          "CloudWatch Logs vended delivery (logs:*LogDelivery, DescribeLogGroups, resource policies) and X-Ray tracing support no resource-level permissions.",
      },
      {
        finding: /^Resource::<.*\.Arn>:\*$/,
        reason: "Invokes the versions of its own task functions only (function ARN plus version qualifier).",
      },
    );
    return stateMachine;
  }
}
