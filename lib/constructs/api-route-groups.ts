import { SEALED_PURPOSES } from "@lg/domain/integrations/sealed-secrets";
import { USAGE_ATTRIBUTES } from "@lg/domain/system/usage-figures";
import { Validations } from "aws-cdk-lib";
import * as apigwv2 from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type * as logs from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import { ROUTE_GROUPS, ROUTES, type RouteGroup } from "../../lambdas/src/api/routes.js";
import { ENROLMENT_MODEL_FILES } from "../../packages/detection/src/models/model-sets.js";
import { bindAccountErasure } from "./account-erasure-grants.js";
import { AppFunction, type CognitoAdminAction, type DetectionRuntime } from "./app-function.js";
import type { HandlerResources } from "./handler-resources.js";
import { SESSION_AUTHORIZATION } from "./http-api.js";
import { ApiKeyAuthorizer, bindPublicApi } from "./public-api-grants.js";
import { originVerifyToken } from "./website.js";

/**
 * Groups that resolve sessions re-check the Cognito user behind one at least every 60 s
 * (AdminGetUser) and sign a disabled account out everywhere (AdminUserGlobalSignOut).
 */
const SESSION_CHECK: CognitoAdminAction[] = ["AdminGetUser", "AdminUserGlobalSignOut"];
const bindSessionCheck = (fn: AppFunction, r: HandlerResources, more: CognitoAdminAction[] = []) =>
  fn.bindUserPool(r.userPool.userPoolId, r.userPool.userPoolArn, r.userPoolClient.userPoolClientId, [
    ...SESSION_CHECK,
    ...more,
  ]);

/** What each route group may touch; everything else is denied. */
const GROUP_BINDINGS: Record<RouteGroup, (fn: AppFunction, r: HandlerResources) => void> = {
  // Sign-up, confirm, resend and sign-in are Cognito's public client APIs; AdminGetUser reads the
  // signed-in user's attributes and global sign-out revokes refresh tokens on logout.
  // Security notices (with their undo links) go to the old contact by email or text; an undo puts
  // the replaced contact back.
  auth: (fn, r) =>
    fn
      .bindTable(r.table, "readWrite")
      .bindUserPool(r.userPool.userPoolId, r.userPool.userPoolArn, r.userPoolClient.userPoolClientId, [
        "AdminGetUser",
        "AdminUserGlobalSignOut",
        "AdminUpdateUserAttributes",
      ])
      .bindMailSender(r.mailFrom, r.mailIdentityArn)
      .bindSmsSender(),
  // Profile, scan preferences (per-user scan schedule), export.
  profile: (fn, r) =>
    bindSessionCheck(fn, r, ["AdminUpdateUserAttributes"])
      .bindTable(r.table, "readWrite")
      .bindBiometricBucket(r.biometricBucket, "readWriteDelete")
      .bindEvidenceBucket(r.evidenceBucket, "read")
      .bindScheduler(r.scheduler.groupName, r.scheduler.scheduleArnPattern, r.scheduler.role, r.scanMachine)
      // An auto-delete choice moves the gallery rows' expiry; an expired sample leaves the gallery.
      .bindGallery(r.gallery, "readWrite")
      // An export of the biometric templates is told to every contact of the account.
      .bindMailSender(r.mailFrom, r.mailIdentityArn)
      .bindSmsSender(),
  // Account deletion, every copy: scan schedule and running scans, table items, biometric objects,
  // evidence (retention bypassed), scan manifests, sign-in; every contact is told first.
  account: (fn, r) =>
    bindAccountErasure(bindSessionCheck(fn, r, ["AdminDeleteUser"]), r)
      .bindMailSender(r.mailFrom, r.mailIdentityArn)
      .bindSmsSender(),
  biometrics: (fn, r) =>
    bindSessionCheck(fn, r)
      .bindTable(r.table, "readWrite")
      .bindBiometricBucket(r.biometricBucket, "readWriteDelete")
      .bindBiometricKey(r.biometricKey)
      // Enrolment and deleting biometrics write the gallery.
      .bindGallery(r.gallery, "readWrite")
      // A deletion of the biometric data, and a review of a face, are told by email or text.
      .bindMailSender(r.mailFrom, r.mailIdentityArn)
      .bindSmsSender(),
  // Reads the person's own enrolled photos (never writes or deletes them) to show beside a match.
  // A triaged threat is a threat.updated event for the account's webhooks.
  threats: (fn, r) =>
    r.webhooks.bindPublisher(
      bindSessionCheck(fn, r)
        .bindTable(r.table, "readWrite")
        .bindEvidenceBucket(r.evidenceBucket, "read")
        .bindBiometricBucket(r.biometricBucket, "read")
        .bindStateMachine("SCAN_STATE_MACHINE_ARN", r.scanMachine, "startAndObserve")
        .bindStateMachine("TAKEDOWN_STATE_MACHINE_ARN", r.takedownMachine, "start"),
    ),
  // A notice sent is a takedown.sent event for the account's webhooks; a case closed, takedown.resolved.
  takedowns: (fn, r) =>
    r.webhooks.bindPublisher(
      bindSessionCheck(fn, r)
        .bindTable(r.table, "readWrite")
        .bindEvidenceBucket(r.evidenceBucket, "read")
        .bindStateMachine("TAKEDOWN_STATE_MACHINE_ARN", r.takedownMachine, "startAndObserve")
        .bindMailSender(r.mailFrom, r.mailIdentityArn),
    ),
  // Subscriptions live in the table; the public VAPID key is derived from the secret.
  push: (fn, r) => bindSessionCheck(fn, r).bindTable(r.table, "readWrite").bindVapidSecret(r.vapidSecret),
  // Invitations go by email or text; the invitees' biometrics are never read here (docs/people.md).
  people: (fn, r) =>
    bindSessionCheck(fn, r)
      .bindTable(r.table, "readWrite")
      .bindMailSender(r.mailFrom, r.mailIdentityArn)
      .bindSmsSender(),
  // Checkout and portal sessions and webhooks (Stripe keys); a tier change re-times the scan schedule.
  billing: (fn, r) =>
    bindSessionCheck(fn, r)
      .bindTable(r.table, "readWrite")
      .bindStripeSecret(r.stripeSecret)
      .bindScheduler(r.scheduler.groupName, r.scheduler.scheduleArnPattern, r.scheduler.role, r.scanMachine),
  // Team invitations go by email.
  team: (fn, r) =>
    bindSessionCheck(fn, r).bindTable(r.table, "readWrite").bindMailSender(r.mailFrom, r.mailIdentityArn),
  // Profile setup while signed in goes through the demo route too.
  demo: (fn, r) => bindSessionCheck(fn, r).bindTable(r.table, "readWrite"),
  // Health describes each dependency (describe-only grants); the public usage figures count
  // records by scanning keys, dates and status only.
  system: (fn, r) =>
    fn
      .bindHealthProbes(r)
      .allowTableCounting(r.table, USAGE_ATTRIBUTES)
      .allowStatusReads(r.table)
      // The health probe's SELECT, signed in as the read-only database user.
      .bindGallery(r.gallery, "read"),
  // API keys and webhook endpoints in Settings: table items, and the queue a resent delivery goes to.
  // New and rotated signing secrets are sealed (data keys only: Settings never opens one).
  integrations: (fn, r) =>
    r.webhookSecrets.bindSealer(r.webhooks.bindPublisher(bindSessionCheck(fn, r).bindTable(r.table, "readWrite")), [
      SEALED_PURPOSES.webhookSecret,
    ]),
  publicApi: bindPublicApi,
};

/**
 * Route groups that run face and voice models, and the model files each loads: enrolment computes
 * embeddings server side, and so does the no-login demo for the photo and voice it is given.
 */
const DETECTION_GROUPS: ReadonlyMap<RouteGroup, readonly string[]> = new Map([
  ["biometrics", ENROLMENT_MODEL_FILES],
  ["demo", ENROLMENT_MODEL_FILES],
]);
/** Route groups that decode video without running models: threats cuts the frames a verdict rests on. */
const FFMPEG_GROUPS: ReadonlySet<RouteGroup> = new Set(["threats"]);

export interface ApiRouteGroupsProps {
  api: apigwv2.HttpApi;
  resources: HandlerResources;
  detection: DetectionRuntime;
  logRetention: logs.RetentionDays;
}

/** One Lambda function per route group (ROUTE_GROUPS) and exactly the routes of ROUTES. */
export class ApiRouteGroups extends Construct {
  readonly functions: Record<RouteGroup, AppFunction>;

  constructor(scope: Construct, id: string, props: ApiRouteGroupsProps) {
    super(scope, id);
    // Only requests that came through CloudFront carry this token, so only theirs say who the viewer is.
    const originVerify = originVerifyToken(this);
    const functions = {} as Record<RouteGroup, AppFunction>;
    const integrations = {} as Record<RouteGroup, HttpLambdaIntegration>;
    for (const [group, spec] of Object.entries(ROUTE_GROUPS) as [RouteGroup, (typeof ROUTE_GROUPS)[RouteGroup]][]) {
      const fn = new AppFunction(this, group, {
        entry: spec.entry,
        description: `API: ${spec.description}`,
        memoryMb: spec.memoryMb,
        ...("timeoutSeconds" in spec ? { timeoutSeconds: spec.timeoutSeconds } : {}),
        logRetention: props.logRetention,
        ...(DETECTION_GROUPS.has(group)
          ? { detection: { ...props.detection, modelFiles: DETECTION_GROUPS.get(group) } }
          : {}),
        ...(FFMPEG_GROUPS.has(group) && props.detection.ffmpegLayer
          ? { detection: { ffmpegLayer: props.detection.ffmpegLayer } }
          : {}),
      });
      // Only requests that came through CloudFront carry the token, so only theirs say who the viewer is.
      GROUP_BINDINGS[group](fn.bindContexts(props.resources).bindOriginVerify(originVerify), props.resources);
      functions[group] = fn;
      integrations[group] = new HttpLambdaIntegration(`${group}-Integration`, fn.function, {
        payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        // One invoke permission per function for this API rather than one per route: the routes of a
        // group all reach the same function anyway, and 100 per-route permissions took the service
        // stack past CloudFormation's 500 resources once the public API's routes came.
        scopePermissionToRoute: false,
      });
    }
    const apiKeys = new ApiKeyAuthorizer(this, "ApiKeyAuthorizer", {
      resources: props.resources,
      logRetention: props.logRetention,
    });
    // Routes, integrations and the authorizer are made beside the functions (not by api.addRoutes,
    // which makes them inside the API's own construct), so they live in whichever stack holds this
    // construct: a Lambda permission names the route or authorizer, which names the function.
    const api = apigwv2.HttpApi.fromHttpApiAttributes(this, "Api", { httpApiId: props.api.apiId });
    for (const route of ROUTES) {
      const httpRoute = new apigwv2.HttpRoute(this, `${route.method}${route.path}`, {
        httpApi: api,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: integrations[route.group],
        ...(route.auth === "api-key" ? { authorizer: apiKeys.authorizer } : {}),
      });
      Validations.of(httpRoute).acknowledge(...SESSION_AUTHORIZATION);
    }
    this.functions = functions;
  }
}
