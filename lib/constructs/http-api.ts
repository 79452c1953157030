import { RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import * as apigwv2 from "aws-cdk-lib/aws-apigatewayv2";
import * as logs from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import { resourcePrefix, type StageConfig } from "../config.js";
import { logGroupKey } from "./stack-keys.js";

/** Why routes have no gateway authorizer (their own construct acknowledges it where they are made). */
export const SESSION_AUTHORIZATION = [
  {
    id: "AwsSolutions-APIG4",
    reason:
      "Sessions are httpOnly cookies resolved inside each handler against the session table (docs/architecture.md); Cognito tokens never reach browsers, so there is nothing for a gateway authorizer to check. Public routes (sign-up, demo, health) are public by design.",
  },
  {
    id: "AwsSolutions-COG4",
    reason:
      "Same as APIG4: authorization happens in the handlers from the server-side session; a Cognito authorizer would need browser-held tokens, which this design forbids.",
  },
];

export interface HttpApiProps {
  config: StageConfig;
  logRetention: logs.RetentionDays;
}

/** The HTTP API (payload format 2.0) with a throttled, access-logged default stage. Routes come later. */
export class HttpApi extends Construct {
  readonly api: apigwv2.HttpApi;
  /** Host name of the API's execute-api endpoint, used as the CloudFront origin for /api/*. */
  readonly originDomain: string;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    const { config } = props;
    this.api = new apigwv2.HttpApi(this, "Api", {
      apiName: `${resourcePrefix(config)}-api`,
      description: "LikenessGuard API (served to browsers under /api on the web origin)",
      createDefaultStage: false,
    });
    Validations.of(this.api).acknowledge(...SESSION_AUTHORIZATION);

    const accessLogs = new logs.LogGroup(this, "AccessLogs", {
      retention: props.logRetention,
      encryptionKey: logGroupKey(this),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new apigwv2.HttpStage(this, "DefaultStage", {
      httpApi: this.api,
      stageName: "$default",
      autoDeploy: true,
      throttle: { rateLimit: config.api.rateLimit, burstLimit: config.api.burstLimit },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        // No headers, cookies or bodies: access logs must never hold session ids or biometrics.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: "$context.requestId",
            time: "$context.requestTime",
            ip: "$context.identity.sourceIp",
            method: "$context.httpMethod",
            route: "$context.routeKey",
            status: "$context.status",
            latencyMs: "$context.responseLatency",
            integrationError: "$context.integrationErrorMessage",
          }),
        ),
      },
    });
    this.originDomain = `${this.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }
}
