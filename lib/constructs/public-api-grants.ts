import { SEALED_PURPOSES } from "@lg/domain/integrations/sealed-secrets";
import { Duration } from "aws-cdk-lib";
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from "aws-cdk-lib/aws-apigatewayv2-authorizers";
import type * as logs from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import { API_KEY_AUTHORIZER } from "../../lambdas/src/api/routes.js";
import { AppFunction } from "./app-function.js";
import type { HandlerResources } from "./handler-resources.js";

/**
 * The public API's function (docs/public-api.md): it reads threats and notices, prepares and sends
 * notices by email (the takedowns group's grants but the takedown workflow, which it never starts;
 * takedown.sent events included), writes keys' last use, rate counters and idempotency records, and
 * takes analyses: their records, upload URLs and the analysis workflow's start (it reads no media).
 * No session is resolved, so no Cognito grant.
 */
export const bindPublicApi = (fn: AppFunction, r: HandlerResources) =>
  // webhooks:manage seals the secrets it makes and the answers that carry them (replayed to a
  // retried POST, so those it may open); it never opens a signing secret.
  r.webhookSecrets.bindOpener(
    r.webhookSecrets.bindSealer(
      r.webhooks.bindPublisher(
        fn
          .bindTable(r.table, "readWrite")
          .bindEvidenceBucket(r.evidenceBucket, "read")
          .bindMailSender(r.mailFrom, r.mailIdentityArn)
          .bindStateMachine("ANALYSIS_STATE_MACHINE_ARN", r.analysisMachine, "start")
          .bindAnalysisUploads(r.scanWorkBucket, "sign"),
      ),
      [SEALED_PURPOSES.webhookSecret, SEALED_PURPOSES.idempotentAnswer],
    ),
    [SEALED_PURPOSES.idempotentAnswer],
  );

export interface ApiKeyAuthorizerProps {
  resources: HandlerResources;
  logRetention: logs.RetentionDays;
}

/**
 * The API-key authorizer of the /api/v1 routes: a Lambda that reads one key item (table read only),
 * simple responses, cached per Authorization header (routes.ts API_KEY_AUTHORIZER).
 */
export class ApiKeyAuthorizer extends Construct {
  readonly authorizer: HttpLambdaAuthorizer;

  constructor(scope: Construct, id: string, props: ApiKeyAuthorizerProps) {
    super(scope, id);
    const fn = new AppFunction(this, "Function", {
      entry: API_KEY_AUTHORIZER.entry,
      description: "API: API-key authorizer of the public API",
      memoryMb: 256,
      logRetention: props.logRetention,
    })
      .bindContexts(props.resources)
      .bindTable(props.resources.table, "read");
    this.authorizer = new HttpLambdaAuthorizer("ApiKeyAuthorizer", fn.function, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [`$request.header.${API_KEY_AUTHORIZER.identitySource}`],
      resultsCacheTtl: Duration.seconds(API_KEY_AUTHORIZER.cacheSeconds),
    });
  }
}
