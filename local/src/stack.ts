import { existsSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SFNClient, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { CURRENT_FACE_EMBEDDING_MODEL } from "@lg/domain/biometrics/embedding-models";
import { Gallery } from "@lg/domain/gallery/gallery";
import { VOICE_EMBEDDING_MODEL } from "@lg/domain/gallery/gallery-sync";
import { AFTER_DEPLOY_ENTRY } from "@lg/lambdas/migrations/entries";
import {
  QUEUE_CONSUMERS,
  WEBHOOK_QUEUES,
  webhookMaxReceiveCount,
  webhookRetryDelays,
} from "@lg/lambdas/queues/consumers";
import { buildAwsClient } from "@lg/lambdas/shared/aws/clients";
import {
  EXECUTION_STATUS_HANDLERS,
  JOBS_AT_START,
  SCHEDULED_JOBS,
  STATE_MACHINES,
  WORKFLOW_TASKS,
} from "@lg/lambdas/workflows/tasks";
import { generateVapidSecret } from "@lg/notices";
import { webSecurityHeaders } from "../../lib/constructs/content-security-policy.js";
import type { RunningServer } from "./aws/http-server.js";
import { LocalKms, startKmsServer } from "./aws/kms-server.js";
import { startRdsDataServer } from "./aws/rds-data-server.js";
import { type LocalScheduler, startSchedulerServer } from "./aws/scheduler/scheduler-server.js";
import { LocalSecrets, startSecretsManagerServer } from "./aws/secrets-manager-server.js";
import { startSesServer } from "./aws/ses-server.js";
import { type LocalSfn, startSfnServer } from "./aws/sfn/sfn-server.js";
import { startSnsServer } from "./aws/sns-server.js";
import { startSqsEventSource } from "./aws/sqs-event-source.js";
import { LocalSqs, startSqsServer } from "./aws/sqs-server.js";
import { generateStripeKeys, type StripeStandIn, startStripeStandIn } from "./billing/stripe-server.js";
import { startCognito } from "./cognito/cognito-server.js";
import { ensureUserPool } from "./cognito/ensure-user-pool.js";
import { startWebServer } from "./http/web-server.js";
import { loadHandler } from "./lambda/handler-modules.js";
import { lambdaContext } from "./lambda/lambda-context.js";
import { LOCAL_NAMES } from "./local-names.js";
import { Outbox } from "./outbox/outbox.js";
import { type PlatformSimulator, startPlatformSimulator } from "./platform-simulator/index.js";
import { startPushService } from "./push-service/push-service.js";
import { repoRoot } from "./repo-root.js";
import { ensureScheduledJobs, scheduleTargetInvoker } from "./scheduled-jobs.js";
import { LOCAL_CREDENTIALS, localClientConfig } from "./stand-ins/client-config.js";
import { ensureTable, startDynamoDb } from "./stand-ins/dynamodb.js";
import { PgliteSql } from "./stand-ins/pglite-sql.js";
import { startS3 } from "./stand-ins/s3.js";
import { S3LifecycleSweeper } from "./stand-ins/s3-lifecycle-sweeper.js";

export interface LocalStackOptions {
  /** Everything the stack stores lives here (.local-data/ for `npm start`, a temp dir in tests). */
  dataDir: string;
  /** Port of the web origin; 0 picks a free one. */
  port?: number;
  /** Built web app; defaults to frontend/dist. */
  distDir?: string;
  /** Extra state machines (name -> ASL file) and tasks (name -> handler entry), for tests. */
  extraStateMachines?: Record<string, string>;
  extraTasks?: Record<string, { entry: string }>;
  /** Scheduler clock (epoch ms) and poll interval; tests pass a fake clock and poll 0. */
  schedulerClock?: () => number;
  schedulerPollMs?: number;
  /** Labelled media the platform simulator and the demo serve (default ../shared/data, env LG_DATA_DIR). */
  mediaDir?: string;
  /** Simulator scenario size; the simulator is off when the media folder is missing. */
  simulator?: {
    totalItems?: number;
    plantedItems?: number;
    persona?: string;
    syntheticFaces?: string[];
    responseDelayMs?: number;
  };
  /**
   * Worker processes for Step Functions task handlers (default LG_LOCAL_TASK_WORKERS, else 2, at most
   * the cores there are); 0 runs them in the stack's own process.
   */
  taskWorkers?: number;
}

export interface LocalStack {
  /** The web origin to open. */
  url: string;
  outboxUrl: string;
  /** The Web Push service stand-in (POST /subscribe issues endpoints). */
  pushServiceUrl: string;
  dataDir: string;
  /** The environment handlers run with (also applied to process.env). */
  env: Record<string, string>;
  sfn: LocalSfn;
  scheduler: LocalScheduler;
  lifecycle: S3LifecycleSweeper;
  /** The Stripe stand-in: checkout and portal pages, the REST subset the adapter uses, a test clock. */
  stripe: StripeStandIn;
  /** The platforms stand-in (absent when no media folder is available). */
  simulator?: PlatformSimulator;
  /** Statements the gallery's Data API stand-in has run since start (each a billed Data API request). */
  galleryStatements(): number;
  /** Seconds Postgres spent on those statements (in AWS, Aurora's time rather than the caller's). */
  gallerySeconds(): number;
  stop(): Promise<void>;
}

/**
 * Starts the whole product on this machine: every stand-in on a random 127.0.0.1 port, the resources
 * CDK would create (table, buckets, key, user pool, schedule groups), and the web origin.
 * Handler modules read process.env once at import, so one process runs one stack at a time.
 */
/**
 * Powertools (lambdas/src/shared/observability.ts) with no X-Ray daemon and no CloudWatch here: no
 * traces (the tracer never tries to reach X-Ray) and no metric lines; warnings and errors reach the
 * console. Metrics and the log level can be turned up from the environment.
 */
export const localPowertoolsEnv = (): Record<string, string> => ({
  POWERTOOLS_TRACE_ENABLED: "false",
  POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? "true",
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? "WARN",
});

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const started: RunningServer[] = [];
  const track = <T extends RunningServer>(server: T) => {
    started.push(server);
    return server;
  };
  const stopAll = async () => {
    for (const server of started.reverse()) await server.close().catch(() => undefined);
  };

  try {
    const port = options.port ?? 3000;
    const outbox = new Outbox(path.join(dataDir, "outbox"));
    // The web origin first: a taken port should fail fast, before anything else starts.
    let runtimeConfig: Record<string, unknown> = {};
    // CloudFront's headers; the upload origin (the S3 stand-in's) is filled in once S3 is up.
    let securityHeaders = webSecurityHeaders({ uploadOrigins: [], https: false });
    let apiReady = false;
    // Known once the origin listens (a test asks for a random port); every link is built on it.
    let appUrl: string | undefined;
    let web: RunningServer;
    try {
      web = track(
        await startWebServer({
          port,
          distDir: options.distDir ?? path.join(repoRoot, "frontend", "dist"),
          outbox,
          runtimeConfig: () => runtimeConfig,
          securityHeaders: () => securityHeaders,
          apiReady: () => apiReady,
          publicOrigin: () => appUrl,
        }),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
        throw new Error(`Port ${port} is already in use. Stop whatever uses it, or start with PORT=<another port>.`);
      }
      throw error;
    }
    appUrl = `http://localhost:${web.port}`;

    const dynamodb = track(await startDynamoDb(path.join(dataDir, "dynamodb")));
    const table = await ensureTable(dynamodb.url, LOCAL_NAMES.table, dataDir);
    const s3 = track(
      await startS3(
        path.join(dataDir, "s3"),
        [LOCAL_NAMES.biometricBucket, LOCAL_NAMES.evidenceBucket, LOCAL_NAMES.scanWorkBucket],
        [appUrl, `http://127.0.0.1:${web.port}`],
      ),
    );
    // Presigned uploads go to the S3 stand-in, as they go to the biometric bucket in AWS.
    securityHeaders = webSecurityHeaders({ uploadOrigins: [new URL(s3.url).origin], https: false });
    const kms = new LocalKms(path.join(dataDir, "kms"));
    const biometricKeyId = kms.ensureKey(LOCAL_NAMES.biometricKeyAlias, "Envelope encryption of biometric embeddings");
    const webhookSecretsKeyId = kms.ensureKey(
      LOCAL_NAMES.webhookSecretsKeyAlias,
      "Seals webhook signing secrets at rest",
    );
    const kmsServer = track(await startKmsServer(kms));
    mkdirSync(path.join(dataDir, "cognito", "db"), { recursive: true });
    const cognito = track(await startCognito({ dataDir: path.join(dataDir, "cognito"), outbox }));
    const pool = await ensureUserPool(cognito.url, path.join(dataDir, "cognito"));
    const ses = track(await startSesServer(outbox));
    const sns = track(await startSnsServer(outbox));
    // As CloudFormation creates the VAPID secret once per deployment: once per data dir.
    const secrets = new LocalSecrets(path.join(dataDir, "secrets"));
    const vapidSecretArn = secrets.ensureSecret(
      LOCAL_NAMES.vapidSecret,
      "Web Push VAPID private key",
      generateVapidSecret,
    );
    // Stripe's keys, as operators put them in the StripeKeys secret in AWS: shared by handlers and the stand-in.
    const stripeSecretArn = secrets.ensureSecret(
      LOCAL_NAMES.stripeSecret,
      "Stripe API key and webhook signing secret",
      generateStripeKeys,
    );
    const stripe = track(
      await startStripeStandIn({
        dataDir: path.join(dataDir, "stripe"),
        keys: JSON.parse(secrets.find(stripeSecretArn).value),
        webhookUrl: () => `${appUrl}/api/billing/webhook`,
      }),
    );
    const secretsManager = track(await startSecretsManagerServer(secrets));
    // SQS: the webhook deliveries' queue and its dead-letter queue, with the redrive policy CDK gives them.
    const sqs = new LocalSqs(path.join(dataDir, "sqs"));
    const sqsServer = track(await startSqsServer(sqs));
    const webhookDeadLetterUrl = sqs.ensureQueue(WEBHOOK_QUEUES.deadLetters, { visibilityTimeoutSeconds: 30 });
    const webhookQueueUrl = sqs.ensureQueue(WEBHOOK_QUEUES.deliveries, {
      visibilityTimeoutSeconds: QUEUE_CONSUMERS.deliverWebhooks.timeoutSeconds,
      redrive: {
        deadLetterQueue: WEBHOOK_QUEUES.deadLetters,
        maxReceiveCount: webhookMaxReceiveCount(webhookRetryDelays()),
      },
    });
    const pushService = track(await startPushService({ dataDir: path.join(dataDir, "push"), outbox }));
    // The gallery: Postgres + pgvector in this process, its tables made as the after-deploy step makes
    // Aurora's, served to handlers (and worker processes) through the RDS Data API's ExecuteStatement.
    const gallerySql = await PgliteSql.open(path.join(dataDir, "gallery"));
    let galleryStatements = 0;
    let galleryMilliseconds = 0;
    track({ url: "", port: 0, close: () => gallerySql.close() });
    await new Gallery(gallerySql, { now: () => new Date(), models: GALLERY_MODELS }).ensureSchema();
    const rdsData = track(
      await startRdsDataServer({
        resourceArn: LOCAL_NAMES.galleryClusterArn,
        secretArn: LOCAL_NAMES.gallerySecretArn,
        database: LOCAL_NAMES.galleryDatabase,
        sql: gallerySql,
        onStatement: (milliseconds) => {
          galleryStatements++;
          galleryMilliseconds += milliseconds;
        },
      }),
    );

    const stateMachineFiles: Record<string, string> = { ...options.extraStateMachines };
    for (const [name, { file }] of Object.entries(STATE_MACHINES)) stateMachineFiles[`likenessguard-${name}`] = file;
    const sfn = track(
      await startSfnServer({
        dataDir: path.join(dataDir, "stepfunctions"),
        stateMachines: stateMachineFiles,
        tasks: { ...WORKFLOW_TASKS, ...options.extraTasks },
        taskWorkers: options.taskWorkers ?? defaultTaskWorkers(),
        // Distributed Maps read their items (ItemReader) from the S3 stand-in, as the role reads S3 in AWS.
        s3: localClientConfig(s3.url),
        // As the EventBridge rules in lib/constructs/workflows.ts route them, to the same handlers.
        statusRules: Object.entries(EXECUTION_STATUS_HANDLERS).map(([name, rule]) => ({
          stateMachineName: `likenessguard-${rule.machine}`,
          statuses: rule.statuses,
          deliver: async (event) => {
            await (await loadHandler(rule.entry))(event, lambdaContext(`lg-local-${name}`));
          },
        })),
      }),
    );
    const sfnClient = buildAwsClient(SFNClient, localClientConfig(sfn.url));
    const scheduler = track(
      await startSchedulerServer({
        dataDir: path.join(dataDir, "scheduler"),
        groups: [LOCAL_NAMES.schedulerGroup],
        invokeTarget: scheduleTargetInvoker(SCHEDULED_JOBS, {
          startExecution: async (stateMachineArn, input) => {
            await sfnClient.send(new StartExecutionCommand({ stateMachineArn, input }));
          },
          invokeFunction: async (entry, functionName, event) => {
            await (await loadHandler(entry))(event, lambdaContext(functionName));
          },
        }),
        ...(options.schedulerClock ? { clock: options.schedulerClock } : {}),
        ...(options.schedulerPollMs !== undefined ? { pollMs: options.schedulerPollMs } : {}),
      }),
    );

    // Platforms stand-in: connectors reach it only through the configured base URLs below.
    const mediaDir = path.resolve(
      options.mediaDir ?? process.env.LG_DATA_DIR ?? path.join(repoRoot, "..", "shared", "data"),
    );
    const simulator = existsSync(path.join(mediaDir, "labels.csv"))
      ? await startPlatformSimulator({ dataDir: mediaDir, ...options.simulator })
      : undefined;
    if (simulator) track({ url: simulator.url, port: 0, close: () => simulator.stop() });

    const env: Record<string, string> = {
      ...(simulator ? { ...simulator.env, DEMO_MEDIA_DIR: mediaDir } : {}),
      AWS_REGION: LOCAL_NAMES.region,
      AWS_DEFAULT_REGION: LOCAL_NAMES.region,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_EC2_METADATA_DISABLED: "true",
      AWS_ENDPOINT_URL_DYNAMODB: dynamodb.url,
      AWS_ENDPOINT_URL_S3: s3.url,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.url,
      AWS_ENDPOINT_URL_SFN: sfn.url,
      AWS_ENDPOINT_URL_KMS: kmsServer.url,
      AWS_ENDPOINT_URL_SESV2: ses.url,
      AWS_ENDPOINT_URL_SNS: sns.url,
      AWS_ENDPOINT_URL_SCHEDULER: scheduler.url,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.url,
      AWS_ENDPOINT_URL_RDS_DATA: rdsData.url,
      AWS_ENDPOINT_URL_SQS: sqsServer.url,
      WEBHOOK_QUEUE_URL: webhookQueueUrl,
      WEBHOOK_DEAD_LETTER_QUEUE_URL: webhookDeadLetterUrl,
      // Receivers on this machine (a developer's, the tests'): plain http and loopback addresses allowed.
      WEBHOOK_PLAIN_HTTP_HOSTS: process.env.WEBHOOK_PLAIN_HTTP_HOSTS ?? "127.0.0.1,localhost",
      WEBHOOK_SECRETS_KEY_ID: webhookSecretsKeyId,
      ...(process.env.WEBHOOK_RETRY_DELAYS ? { WEBHOOK_RETRY_DELAYS: process.env.WEBHOOK_RETRY_DELAYS } : {}),
      GALLERY_CLUSTER_ARN: LOCAL_NAMES.galleryClusterArn,
      GALLERY_SECRET_ARN: LOCAL_NAMES.gallerySecretArn,
      GALLERY_DATABASE: LOCAL_NAMES.galleryDatabase,
      S3_FORCE_PATH_STYLE: "true",
      TABLE_NAME: LOCAL_NAMES.table,
      BIOMETRIC_BUCKET: LOCAL_NAMES.biometricBucket,
      EVIDENCE_BUCKET: LOCAL_NAMES.evidenceBucket,
      SCAN_WORK_BUCKET: LOCAL_NAMES.scanWorkBucket,
      BIOMETRIC_KEY_ID: biometricKeyId,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      SCAN_STATE_MACHINE_ARN: sfn.arnOf("likenessguard-scan"),
      TAKEDOWN_STATE_MACHINE_ARN: sfn.arnOf("likenessguard-takedown"),
      CRAWL_STATE_MACHINE_ARN: sfn.arnOf("likenessguard-crawl"),
      ANALYSIS_STATE_MACHINE_ARN: sfn.arnOf("likenessguard-analysis"),
      SCHEDULER_GROUP: LOCAL_NAMES.schedulerGroup,
      SCHEDULER_ROLE_ARN: LOCAL_NAMES.schedulerRoleArn,
      MAIL_FROM: LOCAL_NAMES.mailFrom,
      VAPID_SECRET_ARN: vapidSecretArn,
      STRIPE_SECRET_ARN: stripeSecretArn,
      STRIPE_API_URL: stripe.url,
      // Browsers' own push services are unreachable offline; only the stand-in may be pushed to.
      PUSH_SERVICE_ORIGINS: pushService.url,
      APP_URL: appUrl,
      // The directory adapter: handlers read the weights setup verified in place.
      MODEL_SOURCE: process.env.MODEL_DIR ?? path.join(repoRoot, ".model-cache"),
      ...localPowertoolsEnv(),
    };
    Object.assign(process.env, env);
    // No API address: the app calls /api on whatever origin served it (localhost or 127.0.0.1).
    runtimeConfig = {
      stage: "local",
      region: LOCAL_NAMES.region,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      outboxUrl: `${appUrl}/outbox`,
    };

    await ensureScheduledJobs(scheduler.url, SCHEDULED_JOBS);
    // What a deploy's trigger runs in AWS (lib/constructs/post-deploy-migrations.ts): data kept
    // from an earlier run may predate the code (threat list keys, notices, an older face model).
    // A table created just now holds nothing to migrate. In the background; it logs its outcome.
    if (table !== "created") {
      void loadHandler(AFTER_DEPLOY_ENTRY)
        .then((handler) => handler({}, lambdaContext("after-deploy")))
        .catch((error: unknown) => console.error("Data migrations at start failed:", error));
    }
    // As after each deploy in AWS: jobs that run at start (an erasure a crash cut short is finished).
    // Finished before the API answers (it says "starting" meanwhile): an account whose erasure is
    // finished now cannot sign in on the way, and nothing is left running when a quick run stops.
    await Promise.all(
      JOBS_AT_START.map((job) =>
        loadHandler(SCHEDULED_JOBS[job].entry)
          .then((handler) => handler({}, lambdaContext(`lg-local-${job}`)))
          .catch((error: unknown) => console.error(`The ${job} job at start failed:`, error)),
      ),
    );
    // Executions the last run left behind (ABORTED at this start) are reconciled now that handlers can run.
    void sfn.deliverPendingEvents();
    const lifecycle = new S3LifecycleSweeper(s3.url, LOCAL_NAMES.biometricBucket);
    const stopSweeper = lifecycle.start();
    // The scan-work bucket's rule in AWS (lib/constructs/scan-work-bucket.ts): manifests go after a day.
    // Lambda's event source mapping of the webhook queue: batches to the same consumer handler.
    const consumer = QUEUE_CONSUMERS.deliverWebhooks;
    const stopWebhookDeliveries = startSqsEventSource({
      sqs,
      queue: consumer.queue,
      batchSize: consumer.batchSize,
      visibilityTimeoutSeconds: consumer.timeoutSeconds,
      invoke: async (event) => (await loadHandler(consumer.entry))(event, lambdaContext("lg-local-deliverWebhooks")),
    });
    const stopScanWorkSweeper = new S3LifecycleSweeper(s3.url, LOCAL_NAMES.scanWorkBucket, Date.now, {
      expireAfterDays: 1,
    }).start();
    apiReady = true;

    return {
      url: appUrl,
      outboxUrl: `${appUrl}/outbox`,
      pushServiceUrl: pushService.url,
      dataDir,
      env,
      sfn,
      scheduler,
      lifecycle,
      stripe,
      ...(simulator ? { simulator } : {}),
      galleryStatements: () => galleryStatements,
      gallerySeconds: () => galleryMilliseconds / 1000,
      stop: async () => {
        stopSweeper();
        stopScanWorkSweeper();
        stopWebhookDeliveries();
        sfnClient.destroy();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

const GALLERY_MODELS = { face: CURRENT_FACE_EMBEDDING_MODEL, voice: VOICE_EMBEDDING_MODEL };

/** Two environments use both cores of a small machine; more would only add model copies in memory. */
function defaultTaskWorkers(): number {
  const configured = process.env.LG_LOCAL_TASK_WORKERS;
  if (configured !== undefined && configured !== "") {
    const n = Number(configured);
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`LG_LOCAL_TASK_WORKERS must be a whole number, got ${configured}`);
    return n;
  }
  return Math.min(2, os.availableParallelism());
}
