import { ArnFormat, NestedStack, Stack, type StackProps } from "aws-cdk-lib";
import type * as cognito from "aws-cdk-lib/aws-cognito";
import type * as logs from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import type { StageConfig } from "../config.js";
import { AccessLogsBucket } from "../constructs/access-logs-bucket.js";
import { ApiRouteGroups } from "../constructs/api-route-groups.js";
import { DetectionLayers } from "../constructs/detection-runtime.js";
import type { HandlerResources } from "../constructs/handler-resources.js";
import { HttpApi } from "../constructs/http-api.js";
import { Monitoring } from "../constructs/monitoring.js";
import { PostDeployMigrations } from "../constructs/post-deploy-migrations.js";
import { WebhookConsumer, WebhookQueues } from "../constructs/webhook-delivery.js";
import { WebhookSecretsKey } from "../constructs/webhook-secrets-key.js";
import { Website } from "../constructs/website.js";
import { ScanScheduling, stateMachineRef, Workflows } from "../constructs/workflows.js";
import type { DataStack } from "./data-stack.js";

export interface ServiceStackProps extends StackProps {
  config: StageConfig;
  data: DataStack;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** CloudFront web ACL (from the edge stack in us-east-1), else the stage's `webAclArn`. */
  webAclArn?: string;
}

/**
 * The stateless service: API, workflows and web, one domain construct each. Every handler needs the
 * app's public URL (APP_URL) while the distribution forwards /api to the API: across top-level stacks
 * that is a dependency cycle, so the service is one stack whose bounded contexts are nested stacks
 * (CloudFormation orders nested stacks by resource, not by stack), each far from the per-stack limits
 * (test/infra/stack-headroom.test.ts):
 *
 * - this stack: the web (bucket, distribution), the HTTP API and its stage, scan scheduling, the model
 *   weights and monitoring of everything below;
 * - `ApiStack`: the route groups' functions with their routes, integrations and authorizer (after the
 *   web: they need APP_URL);
 * - `WorkflowsStack`: task functions, state machines, scheduled jobs and the after-deploy migrations
 *   (after the API: the migrations run once the functions that read migrated data are deployed).
 */
export class ServiceStack extends Stack {
  readonly api: HttpApi;
  readonly routes: ApiRouteGroups;
  readonly workflows: Workflows;
  readonly website: Website;
  readonly monitoring: Monitoring;
  readonly migrations: PostDeployMigrations;
  /** The nested stacks of the API's route groups and of the workflows (see the class comment). */
  readonly apiStack: NestedStack;
  readonly workflowsStack: NestedStack;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { config, data } = props;
    const logRetention = config.logRetentionDays as logs.RetentionDays;

    const accessLogs = new AccessLogsBucket(this, "AccessLogs", {
      retentionDays: config.accessLogRetentionDays,
      retain: config.retainData,
      acceptsCloudFrontLogs: true,
    }).bucket;
    this.api = new HttpApi(this, "Api", { config, logRetention });
    this.website = new Website(this, "Web", {
      config,
      apiOriginDomain: this.api.originDomain,
      accessLogs,
      uploadBucket: data.biometricBucket,
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
    });

    const scanMachine = stateMachineRef(this, config, "scan");
    const scheduling = new ScanScheduling(this, "ScanScheduling", { config, scanMachine });
    const mailDomain = config.mailFrom.split("@")[1] ?? config.mailFrom;
    const webhooks = new WebhookQueues(this, "Webhooks");
    const resources: HandlerResources = {
      table: data.table,
      biometricBucket: data.biometricBucket,
      evidenceBucket: data.evidenceBucket,
      scanWorkBucket: data.scanWorkBucket,
      biometricKey: data.biometricKey,
      webhookSecrets: new WebhookSecretsKey(this, "WebhookSecrets", { retain: config.retainData }),
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      connectorSecret: data.connectorSecret,
      vapidSecret: data.vapidSecret,
      stripeSecret: data.stripeSecret,
      gallery: data.gallery.ref,
      mailFrom: config.mailFrom,
      mailIdentityArn: this.formatArn({
        service: "ses",
        resource: "identity",
        resourceName: mailDomain,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      }),
      appUrl: this.website.url,
      scanMachine,
      takedownMachine: stateMachineRef(this, config, "takedown"),
      crawlMachine: stateMachineRef(this, config, "crawl"),
      analysisMachine: stateMachineRef(this, config, "analysis"),
      scheduler: {
        groupName: scheduling.group.scheduleGroupName,
        scheduleArnPattern: scheduling.scheduleArnPattern,
        role: scheduling.role,
      },
      webhooks,
    };
    const detection = new DetectionLayers(this, "DetectionLayers", { config, accessLogs }).runtime;

    this.apiStack = new NestedStack(this, "ApiStack", {
      description: "LikenessGuard API: route group functions, routes and the API key authorizer",
    });
    this.workflowsStack = new NestedStack(this, "WorkflowsStack", {
      description: "LikenessGuard workflows: scan, crawl and takedown tasks, state machines, jobs, migrations",
    });
    this.workflows = new Workflows(this.workflowsStack, "Workflows", { config, resources, detection, logRetention });
    this.routes = new ApiRouteGroups(this.apiStack, "Routes", {
      api: this.api.api,
      resources,
      detection,
      logRetention,
    });
    new WebhookConsumer(this.apiStack, "WebhookConsumer", {
      resources,
      queues: webhooks,
      logRetention,
    });
    this.migrations = new PostDeployMigrations(this.workflowsStack, "Migrations", {
      resources,
      detection,
      logRetention,
      runAfter: [this.routes, this.workflows],
    });
    this.website.deploy({
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      clientId: props.userPoolClient.userPoolClientId,
    });
    // Last: it monitors every function the stack holds.
    this.monitoring = new Monitoring(this, "Monitoring", { api: this.api.api, stateMachines: this.workflows.machines });
    webhooks.alarmTo(this.monitoring.topic);
  }
}
