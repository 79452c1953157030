import { ANALYSIS_UPLOAD_PREFIX } from "@lg/domain/integrations/analyses";
import { Duration, RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import * as iam from "aws-cdk-lib/aws-iam";
import type { IKey } from "aws-cdk-lib/aws-kms";
import * as lambda from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import * as logs from "aws-cdk-lib/aws-logs";
import type { IBucket } from "aws-cdk-lib/aws-s3";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import type { ProbedName } from "../../lambdas/src/api/system/service-probes.js";
import type { EnvName } from "../../lambdas/src/shared/env.js";
import { justify } from "../compliance/justify.js";
import { fromRoot, repoRoot } from "../paths.js";
import type { GalleryRef } from "./gallery-database.js";
import { requiredNamesOf } from "./handler-environment.js";
import type { HandlerResources } from "./handler-resources.js";
import type { ModelWeights } from "./model-weights.js";
import { copyRuntimePackagesCommands, DETECTION_RUNTIME_PACKAGES } from "./runtime-packages.js";
import { MANIFEST_PREFIX } from "./scan-work-bucket.js";
import { functionSettingsKey, logGroupKey } from "./stack-keys.js";
import { explainWildcards } from "./wildcard-grants.js";

/** CloudWatch namespace of the handlers' own metrics (Monitoring's dashboard reads them). */
export const POWERTOOLS_METRICS_NAMESPACE = "LikenessGuard";

/** What a detection function may be given: model weights (S3, copied into /tmp) and ffmpeg (/opt/bin). */
export interface DetectionRuntime {
  modelWeights?: ModelWeights;
  ffmpegLayer?: lambda.ILayerVersion;
}

export interface AppFunctionProps {
  /** Handler module, relative to the repository root (from ROUTE_GROUPS / WORKFLOW_TASKS / SCHEDULED_JOBS). */
  entry: string;
  description: string;
  memoryMb: number;
  timeoutSeconds?: number;
  logRetention: logs.RetentionDays;
  /** Set for functions that run face/voice/synthetic-media models or decode media with ffmpeg. */
  detection?: DetectionRuntime & {
    /** The model files the function loads (packages/detection/src/models/model-sets.ts); it may read only these. */
    modelFiles?: readonly string[];
  };
}

export type TableAccess = "read" | "readWrite";
export type BiometricObjectAccess = "read" | "readWrite" | "readWriteDelete";
export type EvidenceAccess = "read" | "write" | "readWrite" | "erase";

/** Cognito admin API actions a handler may call (the public sign-up/sign-in APIs need no IAM). */
export type CognitoAdminAction =
  | "AdminGetUser"
  | "AdminDeleteUser"
  | "AdminUserGlobalSignOut"
  | "AdminUpdateUserAttributes";

export interface StateMachineRef {
  stateMachineArn: string;
  /** ARN pattern of the machine's executions (`...:execution:<name>:*`). */
  executionArnPattern: string;
}

/**
 * A Lambda function with the project's defaults (Node 22, ARM64, ESM bundle, X-Ray, JSON logs into a
 * log group with retention, its own role) and bind methods that set a resource's environment variable
 * and grant exactly the access the handler needs in one call, so a grant is never far from its reason.
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  /** The handler's source file (lambdas/src/...), whose imports say which contexts' environment it reads. */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.entry = props.entry;
    this.role = new iam.Role(this, "Role", {
      assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"),
      description: `Runs ${props.entry}`,
    });
    const logGroup = new logs.LogGroup(this, "Logs", {
      retention: props.logRetention,
      encryptionKey: logGroupKey(this),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Written explicitly instead of the AWS managed basic-execution policy: this log group only.
    logGroup.grantWrite(this.role);

    const detection = props.detection;
    const settingsKey = functionSettingsKey(this);
    // Lambda decrypts the environment at start with the function's role, and only through Lambda.
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["kms:Decrypt"],
        resources: [settingsKey.keyArn],
        conditions: { StringEquals: { "kms:ViaService": `lambda.${Stack.of(this).region}.amazonaws.com` } },
      }),
    );
    this.function = new NodejsFunction(this, "Function", {
      entry: fromRoot(props.entry),
      handler: "handler",
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds ?? 30),
      role: this.role,
      logGroup,
      environmentEncryption: settingsKey,
      loggingFormat: lambda.LoggingFormat.JSON,
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        NODE_OPTIONS: "--enable-source-maps",
        // Powertools (lambdas/src/shared/observability.ts): logs and metrics name the function.
        POWERTOOLS_SERVICE_NAME: id,
        POWERTOOLS_METRICS_NAMESPACE: POWERTOOLS_METRICS_NAMESPACE,
      },
      layers: detection?.ffmpegLayer ? [detection.ffmpegLayer] : [],
      projectRoot: repoRoot,
      depsLockFilePath: fromRoot("package-lock.json"),
      bundling: {
        format: OutputFormat.ESM,
        target: "node22",
        platform: "node",
        mainFields: ["module", "main"],
        sourceMap: true,
        minify: true,
        // ESM bundles still meet CommonJS dependencies that call require().
        banner:
          "import { createRequire as __lgCreateRequire } from 'node:module';const require = __lgCreateRequire(import.meta.url);",
        // The Node 22 runtime ships AWS SDK v3.
        externalModules: ["@aws-sdk/*", ...DETECTION_RUNTIME_PACKAGES],
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir, outputDir) =>
            copyRuntimePackagesCommands(outputDir, inputDir, DETECTION_RUNTIME_PACKAGES),
        },
      },
    });
    if (detection?.modelFiles) detection.modelWeights?.grantTo(this, detection.modelFiles);
    Validations.of(this.function).acknowledge({
      id: "AwsSolutions-L1",
      reason:
        "Node.js 22 is the project's pinned runtime: local stack, tests and native packages (onnxruntime-node) are verified on it. Runtime upgrades are deliberate, tested changes.",
    });
    explainWildcards(this.role, {
      finding: /^Resource::\*$/,
      reason: "X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions (tracing is on).",
    });
  }

  /**
   * The one way a handler's environment is set (docs/architecture.md): by the bind method that also
   * grants the resource the name points at, here or in the construct that owns the resource.
   */
  setEnv(name: string, value: string): this {
    this.function.addEnvironment(name, value);
    return this;
  }

  /**
   * The names every context the handler's imports reach cannot start without (contextEnv's
   * `required`: the table, the app's address, Cognito, the biometric bucket and key), found from the
   * entry's imports (lib/constructs/handler-environment.ts). Names grant nothing: access still comes
   * only from the bind methods below, which also set the optional names of what they grant.
   */
  bindContexts(r: HandlerResources): this {
    const values: Partial<Record<EnvName, string>> = {
      TABLE_NAME: r.table.tableName,
      BIOMETRIC_BUCKET: r.biometricBucket.bucketName,
      BIOMETRIC_KEY_ID: r.biometricKey.keyArn,
      USER_POOL_ID: r.userPool.userPoolId,
      USER_POOL_CLIENT_ID: r.userPoolClient.userPoolClientId,
      APP_URL: r.appUrl,
    };
    for (const name of requiredNamesOf(this.entry)) {
      const value = values[name];
      if (value === undefined) throw new Error(`${this.entry}: no deploy value for ${name}`);
      this.setEnv(name, value);
    }
    return this;
  }

  /** The value CloudFront adds as x-lg-origin-verify: only its requests say who the viewer is. Grants nothing. */
  bindOriginVerify(token: string): this {
    return this.setEnv("ORIGIN_VERIFY", token);
  }

  bindTable(table: ITable, access: TableAccess): this {
    this.setEnv("TABLE_NAME", table.tableName);
    if (access === "read") table.grantReadData(this.role);
    else table.grantReadWriteData(this.role);
    explainWildcards(
      this.role,
      {
        finding: /^Resource::.*\/index\/\*$/,
        reason: "Queries the single table's GSIs; the index wildcard is scoped to this one table.",
      },
      {
        finding: /^Action::kms:(ReEncrypt|GenerateDataKey)\*$/,
        reason: "DynamoDB encrypts items with the table's customer-managed key; scoped to that key only.",
      },
    );
    return this;
  }

  /**
   * Puts of scan findings only (items whose partition key starts with `partitionPrefix`), for a task
   * that otherwise only reads the table: it parses untrusted media, so it can overwrite nothing else.
   */
  allowTableWritesUnder(table: ITable, partitionPrefix: string): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:PutItem"],
        resources: [table.tableArn],
        conditions: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [`${partitionPrefix}*`] } },
      }),
    );
    if (table.encryptionKey) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ["kms:GenerateDataKey", "kms:Encrypt"],
          resources: [table.encryptionKey.keyArn],
        }),
      );
    }
    return this;
  }

  /**
   * Scans of the table that may read only the named attributes (keys, dates, status): the public
   * usage figures count records without being able to read a name, a notice or an embedding.
   */
  allowTableCounting(table: ITable, attributes: readonly string[]): this {
    this.setEnv("TABLE_NAME", table.tableName);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:Scan"],
        resources: [table.tableArn],
        // ForAllValues holds when a request names no attributes at all, so the Select condition
        // (which must be present) is what refuses a scan of whole items.
        conditions: {
          "ForAllValues:StringEquals": { "dynamodb:Attributes": [...attributes] },
          StringEquals: { "dynamodb:Select": "SPECIFIC_ATTRIBUTES" },
        },
      }),
    );
    if (table.encryptionKey) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ["kms:Decrypt"], resources: [table.encryptionKey.keyArn] }),
      );
    }
    return this;
  }

  /** The public status page reads only the STATUS partition (probe runs, daily counts, incidents). */
  allowStatusReads(table: ITable): this {
    this.setEnv("TABLE_NAME", table.tableName);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:Query"],
        resources: [table.tableArn],
        conditions: { "ForAllValues:StringEquals": { "dynamodb:LeadingKeys": ["STATUS"] } },
      }),
    );
    if (table.encryptionKey) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ["kms:Decrypt"], resources: [table.encryptionKey.keyArn] }),
      );
    }
    return this;
  }

  bindBiometricBucket(bucket: IBucket, access: BiometricObjectAccess): this {
    this.setEnv("BIOMETRIC_BUCKET", bucket.bucketName);
    const objectActions = ["s3:GetObject", "s3:GetObjectTagging"];
    if (access !== "read") objectActions.push("s3:PutObject", "s3:PutObjectTagging");
    // Erasing biometrics must remove every version, not just add a delete marker.
    if (access === "readWriteDelete") objectActions.push("s3:DeleteObject", "s3:DeleteObjectVersion");
    this.grantObjects(bucket, objectActions, access === "readWriteDelete" ? ["s3:ListBucketVersions"] : []);
    this.grantBucketKey(bucket, access !== "read");
    return this;
  }

  bindEvidenceBucket(bucket: IBucket, access: EvidenceAccess): this {
    this.setEnv("EVIDENCE_BUCKET", bucket.bucketName);
    // Evidence is write-once: no handler may delete it or bypass its Object Lock retention, except
    // account deletion, which erases the user's evidence with the account (docs/privacy.md, "Retention").
    const actions = {
      read: ["s3:GetObject", "s3:GetObjectVersion"],
      write: ["s3:PutObject"],
      // Scans read a package back before writing, so a re-run reuses the one of record.
      readWrite: ["s3:GetObject", "s3:GetObjectVersion", "s3:PutObject"],
      // GOVERNANCE retention yields to s3:BypassGovernanceRetention; COMPLIANCE would yield to nothing.
      erase: ["s3:DeleteObject", "s3:DeleteObjectVersion", "s3:BypassGovernanceRetention"],
    }[access];
    this.grantObjects(bucket, actions, access === "erase" ? ["s3:ListBucketVersions"] : []);
    this.grantBucketKey(bucket, access === "write" || access === "readWrite");
    return this;
  }

  /** Discover writes a platform's manifest for the scan's Distributed Map; nothing else, and only there. */
  bindScanWorkBucket(bucket: IBucket): this {
    this.setEnv("SCAN_WORK_BUCKET", bucket.bucketName);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ["s3:PutObject"], resources: [bucket.arnForObjects(`${MANIFEST_PREFIX}*`)] }),
    );
    return this.explainManifestKeys();
  }

  /** Account erasure lists and deletes the account's scan manifests, and nothing else of that bucket. */
  bindScanManifestErasure(bucket: IBucket): this {
    this.setEnv("SCAN_WORK_BUCKET", bucket.bucketName);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["s3:ListBucket"],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { "s3:prefix": [`${MANIFEST_PREFIX}*`] } },
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["s3:DeleteObject"],
        resources: [bucket.arnForObjects(`${MANIFEST_PREFIX}*`)],
      }),
    );
    return this.explainManifestKeys();
  }

  /**
   * Files API clients put for analysis, under their own prefix of the scan-work bucket: the public
   * API signs upload URLs (a presigned PUT carries the signer's s3:PutObject); the analysis
   * workflow reads each once and deletes it.
   */
  bindAnalysisUploads(bucket: IBucket, access: "sign" | "readDelete"): this {
    this.setEnv("SCAN_WORK_BUCKET", bucket.bucketName);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: access === "sign" ? ["s3:PutObject"] : ["s3:GetObject", "s3:DeleteObject"],
        resources: [bucket.arnForObjects(`${ANALYSIS_UPLOAD_PREFIX}*`)],
      }),
    );
    explainWildcards(this.role, {
      finding: /^Resource::.*ScanWorkBucket.*\/analyses\/\*$/,
      reason: "Upload keys are per account and analysis, made at run time; access is scoped to the analyses prefix.",
    });
    return this;
  }

  private explainManifestKeys(): this {
    explainWildcards(this.role, {
      finding: /^Resource::.*ScanWorkBucket.*\/manifests\/\*$/,
      reason:
        "Manifest keys are per account, scan and platform, made at run time; access is scoped to the manifests prefix.",
    });
    return this;
  }

  private grantObjects(bucket: IBucket, objectActions: string[], bucketActions: string[]) {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ["s3:ListBucket", ...bucketActions], resources: [bucket.bucketArn] }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: objectActions, resources: [bucket.arnForObjects("*")] }),
    );
    explainWildcards(this.role, {
      finding: /^Resource::(?!.*\/index\/\*$).*\/\*$/,
      reason: "Object keys are per user and created at run time; access is scoped to this bucket's objects.",
    });
  }

  private grantBucketKey(bucket: IBucket, write: boolean) {
    if (!bucket.encryptionKey) return;
    const actions = write ? ["kms:Decrypt", "kms:GenerateDataKey"] : ["kms:Decrypt"];
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [bucket.encryptionKey.keyArn] }));
  }

  /** Envelope encryption of embeddings: data keys are generated and decrypted, never exported. */
  bindBiometricKey(key: IKey): this {
    this.setEnv("BIOMETRIC_KEY_ID", key.keyArn);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ["kms:GenerateDataKey", "kms:Decrypt"], resources: [key.keyArn] }),
    );
    return this;
  }

  bindUserPool(userPoolId: string, userPoolArn: string, clientId: string, adminActions: CognitoAdminAction[]): this {
    this.setEnv("USER_POOL_ID", userPoolId);
    this.setEnv("USER_POOL_CLIENT_ID", clientId);
    if (adminActions.length > 0) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: adminActions.map((a) => `cognito-idp:${a}`), resources: [userPoolArn] }),
      );
    }
    return this;
  }

  bindStateMachine(
    envName:
      | "SCAN_STATE_MACHINE_ARN"
      | "TAKEDOWN_STATE_MACHINE_ARN"
      | "CRAWL_STATE_MACHINE_ARN"
      | "ANALYSIS_STATE_MACHINE_ARN",
    machine: StateMachineRef,
    access: "start" | "startAndObserve" | "stop",
  ): this {
    this.setEnv(envName, machine.stateMachineArn);
    // Stopping is account erasure's: it ends the account's running scans and starts none.
    if (access !== "stop") {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ["states:StartExecution"], resources: [machine.stateMachineArn] }),
      );
    }
    if (access !== "start") {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: access === "stop" ? ["states:StopExecution"] : ["states:DescribeExecution"],
          resources: [machine.executionArnPattern],
        }),
      );
      explainWildcards(this.role, {
        finding: /^Resource::.*:execution:.*:\*$/,
        reason: "Execution names are generated per scan; access is limited to executions of this one state machine.",
      });
    }
    return this;
  }

  /** The role the per-user schedules this function creates run as, once bindScheduler was called. */
  schedulesRunAs: iam.IRole | undefined;

  /**
   * Where the per-user schedules this function creates at run time put a start they could not make
   * (throttled, denied) after their retries: the schedule role may send to it, and the function
   * names it on every schedule it writes.
   */
  bindScheduleDeadLetters(queue: sqs.IQueue): this {
    if (!this.schedulesRunAs) return this;
    this.setEnv("SCHEDULER_DEAD_LETTER_ARN", queue.queueArn);
    this.schedulesRunAs.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ["sqs:SendMessage"], resources: [queue.queueArn] }),
    );
    // The queue is encrypted under a customer-managed key: sending encrypts a data key under it.
    if (queue.encryptionMasterKey) {
      this.schedulesRunAs.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ["kms:GenerateDataKey", "kms:Decrypt"],
          resources: [queue.encryptionMasterKey.keyArn],
        }),
      );
    }
    return this;
  }

  /** Per-user scan schedules live in one schedule group and run as the scan-starter role. */
  bindScheduler(
    groupName: string,
    scheduleArnPattern: string,
    schedulerRole: iam.IRole,
    scanMachine: StateMachineRef,
  ): this {
    this.schedulesRunAs = schedulerRole;
    this.setEnv("SCHEDULER_GROUP", groupName);
    this.setEnv("SCHEDULER_ROLE_ARN", schedulerRole.roleArn);
    // The schedules' target: the schedule's role starts it, this function only names it.
    this.setEnv("SCAN_STATE_MACHINE_ARN", scanMachine.stateMachineArn);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [
          "scheduler:CreateSchedule",
          "scheduler:UpdateSchedule",
          "scheduler:DeleteSchedule",
          "scheduler:GetSchedule",
        ],
        resources: [scheduleArnPattern],
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["iam:PassRole"],
        resources: [schedulerRole.roleArn],
        conditions: { StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } },
      }),
    );
    explainWildcards(this.role, {
      finding: /^Resource::.*:schedule\/.*\/\*$/,
      reason: "Schedules are named per user at run time; access is limited to the user-scan schedule group.",
    });
    return this;
  }

  bindMailSender(mailFrom: string, identityArn: string): this {
    this.setEnv("MAIL_FROM", mailFrom);
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ["ses:SendEmail"], resources: [identityArn] }));
    return this;
  }

  /** SMS alerts are published straight to phone numbers, which have no ARN. */
  bindSmsSender(): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["sns:Publish"],
        resources: ["*"],
      }),
    );
    const reason = "SNS direct SMS to a phone number has no resource ARN; the project creates no SNS topics.";
    explainWildcards(this.role, { finding: /^Resource::\*$/, reason });
    const policy = this.role.node.tryFindChild("DefaultPolicy")?.node.defaultChild;
    if (policy) justify(policy, { checkov: ["CKV_AWS_111"], reason: `sns:Publish on any resource: ${reason}` });
    return this;
  }

  /**
   * GET /api/health and the status probe job describe every dependency: describe-only actions, each
   * on its one resource, so they can see that a service answers without reading or changing any data.
   */
  bindHealthProbes(r: HandlerResources): this {
    // The names of exactly what the probes describe (lambdas/src/api/system/service-probes.ts); the
    // webhook queues' come with their read of queue attributes from the construct that owns them.
    r.webhooks.bindHealthCheck(this);
    const described: Record<Exclude<ProbedName, "WEBHOOK_QUEUE_URL" | "WEBHOOK_DEAD_LETTER_QUEUE_URL">, string> = {
      TABLE_NAME: r.table.tableName,
      BIOMETRIC_BUCKET: r.biometricBucket.bucketName,
      EVIDENCE_BUCKET: r.evidenceBucket.bucketName,
      USER_POOL_ID: r.userPool.userPoolId,
      SCAN_STATE_MACHINE_ARN: r.scanMachine.stateMachineArn,
      TAKEDOWN_STATE_MACHINE_ARN: r.takedownMachine.stateMachineArn,
      CRAWL_STATE_MACHINE_ARN: r.crawlMachine.stateMachineArn,
      BIOMETRIC_KEY_ID: r.biometricKey.keyArn,
      SCHEDULER_GROUP: r.scheduler.groupName,
      VAPID_SECRET_ARN: r.vapidSecret.secretArn,
    };
    for (const [name, value] of Object.entries(described)) this.setEnv(name, value);
    const stack = Stack.of(this);
    const statements: [string, string[]][] = [
      ["dynamodb:DescribeTable", [r.table.tableArn]],
      // HeadBucket is authorised by s3:ListBucket; no object is listed or read.
      ["s3:ListBucket", [r.biometricBucket.bucketArn, r.evidenceBucket.bucketArn]],
      ["cognito-idp:DescribeUserPool", [r.userPool.userPoolArn]],
      [
        "states:DescribeStateMachine",
        [r.scanMachine.stateMachineArn, r.takedownMachine.stateMachineArn, r.crawlMachine.stateMachineArn],
      ],
      ["kms:DescribeKey", [r.biometricKey.keyArn]],
      [
        "scheduler:GetScheduleGroup",
        [stack.formatArn({ service: "scheduler", resource: "schedule-group", resourceName: r.scheduler.groupName })],
      ],
      ["secretsmanager:DescribeSecret", [r.vapidSecret.secretArn]],
      ["ses:GetAccount", ["*"]],
      ["sns:GetSMSAttributes", ["*"]],
    ];
    for (const [action, resources] of statements)
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [action], resources }));
    explainWildcards(this.role, {
      finding: /^Resource::\*$/,
      reason:
        "ses:GetAccount and sns:GetSMSAttributes are account-level reads with no resource ARN; the health check learns only whether sending works.",
    });
    return this;
  }

  bindConnectorSecret(secret: ISecret): this {
    this.setEnv("CONNECTOR_SECRET_ARN", secret.secretArn);
    return this.grantSecretRead(secret);
  }

  /** Web Push: the VAPID key signs messages and its public half is served to browsers. */
  /** Stripe's keys (billing): STRIPE_SECRET_ARN and read access to that secret alone. */
  bindStripeSecret(secret: ISecret): this {
    this.setEnv("STRIPE_SECRET_ARN", secret.secretArn);
    return this.grantSecretRead(secret);
  }

  /**
   * The gallery over the RDS Data API: ExecuteStatement on its one cluster and its sign-in secret;
   * no batches, no transactions, no other cluster, and no network path (the function stays outside the VPC).
   */
  bindGallery(gallery: GalleryRef, access: "readWrite" | "read" | "owner"): this {
    // The Data API cannot limit SQL by IAM, so "read" signs in as a database user that may only SELECT.
    const secret = access === "read" ? gallery.readerSecret : gallery.secret;
    this.setEnv("GALLERY_CLUSTER_ARN", gallery.clusterArn);
    this.setEnv("GALLERY_SECRET_ARN", secret.secretArn);
    this.setEnv("GALLERY_DATABASE", gallery.databaseName);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ["rds-data:ExecuteStatement"], resources: [gallery.clusterArn] }),
    );
    // The owner (the after-deploy step) also sets the reader's password from its secret.
    if (access === "owner") {
      this.setEnv("GALLERY_READER_SECRET_ARN", gallery.readerSecret.secretArn);
      this.grantSecretRead(gallery.readerSecret);
    }
    return this.grantSecretRead(secret);
  }

  bindVapidSecret(secret: ISecret): this {
    this.setEnv("VAPID_SECRET_ARN", secret.secretArn);
    return this.grantSecretRead(secret);
  }

  private grantSecretRead(secret: ISecret): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"],
        resources: [secret.secretArn],
      }),
    );
    // Granted on the role rather than through secret.grantRead, which would edit the key policy in
    // the data stack and make it depend on this function's stack.
    if (secret.encryptionKey) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ["kms:Decrypt"],
          resources: [secret.encryptionKey.keyArn],
          conditions: { StringEquals: { "kms:ViaService": `secretsmanager.${Stack.of(this).region}.amazonaws.com` } },
        }),
      );
    }
    return this;
  }
}
