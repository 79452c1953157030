import { existsSync } from "node:fs";
import { Annotations, Duration, Fn, RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import * as acm from "aws-cdk-lib/aws-certificatemanager";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as s3deploy from "aws-cdk-lib/aws-s3-deployment";
import { Construct } from "constructs";
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from "../../lambdas/src/shared/http/request.js";
import { inBothCompliancePacks, justify } from "../compliance/justify.js";
import type { StageConfig } from "../config.js";
import { fromRoot } from "../paths.js";
import { acknowledgeBucketDeploymentHandler } from "./bucket-deployment-handler.js";
import {
  CROSS_ORIGIN_OPENER_POLICY,
  contentSecurityPolicy,
  FRAME_OPTIONS,
  HSTS_MAX_AGE_DAYS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
} from "./content-security-policy.js";

/**
 * A value CloudFront adds to every /api origin request and the API handlers know (the stack id's
 * random part: never sent to browsers, never in access logs): a request to the execute-api
 * endpoint that did not come through CloudFront cannot claim a viewer address.
 */
export const originVerifyToken = (scope: Construct) => {
  // The top-level stack's id, also from inside a nested stack (the API's route groups), whose own id differs.
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  return Fn.select(2, Fn.split("/", stack.stackId));
};

/** The runtime config file the React app fetches from /config.json (one build runs in any stage). */
export interface RuntimeWebConfig {
  region: string;
  userPoolId: string;
  clientId: string;
}

export interface WebsiteProps {
  config: StageConfig;
  apiOriginDomain: string;
  accessLogs: s3.IBucket;
  /** Bucket the browser uploads samples to with presigned URLs (the only other origin it talks to). */
  uploadBucket: s3.IBucket;
  /** CLOUDFRONT-scope web ACL (created in us-east-1); else the stage's `webAclArn`. */
  webAclArn?: string;
}

/**
 * The public origin: CloudFront serving the React build from a private bucket (origin access
 * control) and forwarding /api/* to the HTTP API, so the session cookie is first-party and the
 * strict CSP can say 'self' for everything.
 */
export class Website extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https origin of the app: custom domain when configured, else the CloudFront domain. */
  readonly url: string;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: WebsiteProps) {
    super(scope, id);
    const { config } = props;
    this.stage = config.stage;
    this.bucket = new s3.Bucket(this, "Bucket", {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: "web/",
      lifecycleRules: [{ id: "expire-old-builds", noncurrentVersionExpiration: Duration.days(30) }],
      // Holds only the public build output, which every deployment rewrites.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    justify(this.bucket, {
      nag: inBothCompliancePacks("S3DefaultEncryptionKMS"),
      reason:
        "Holds only the public web build and /config.json (public ids), served to anyone through CloudFront; SSE-S3 encrypts it at rest, and a customer key would protect nothing that is not already public.",
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, "SecurityHeaders", {
      comment: "LikenessGuard strict security headers",
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          // Presigned URLs are virtual-hosted on the bucket's regional endpoint.
          contentSecurityPolicy: contentSecurityPolicy({
            uploadOrigins: [`https://${props.uploadBucket.bucketRegionalDomainName}`],
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(HSTS_MAX_AGE_DAYS),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        // The CDK enums' values are the header values themselves.
        frameOptions: { frameOption: FRAME_OPTIONS as cloudfront.HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true },
          { header: "Cross-Origin-Opener-Policy", value: CROSS_ORIGIN_OPENER_POLICY, override: true },
        ],
      },
    });

    // Client-side routes (/dashboard, /settings, ...) are served index.html; files keep their path.
    const spaRouting = new cloudfront.Function(this, "SpaRouting", {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: "Serves index.html for client-side routes",
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { var r = event.request; var last = r.uri.split('/').pop(); if (last.indexOf('.') === -1) { r.uri = '/index.html'; } return r; }",
      ),
    });

    // Behind CloudFront, API Gateway sees an edge server's address; per-source limits need the viewer's.
    const viewerAddress = new cloudfront.Function(this, "ViewerAddress", {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: "Tells the API the viewer's address (replacing any the client sent)",
      code: cloudfront.FunctionCode.fromInline(
        `function handler(event) { var r = event.request; r.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip }; return r; }`,
      ),
    });

    const domain = config.domain;
    const webAclArn = props.webAclArn ?? config.webAclArn;
    this.distribution = new cloudfront.Distribution(this, "Distribution", {
      comment: `LikenessGuard ${config.stage}`,
      defaultRootObject: "index.html",
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      ...(domain
        ? {
            // Only a custom certificate can carry a security policy; the default one is fixed by CloudFront.
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            domainNames: [domain.name],
            certificate: acm.Certificate.fromCertificateArn(this, "Certificate", domain.certificateArn),
          }
        : {}),
      ...(webAclArn ? { webAclId: webAclArn } : {}),
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: "cloudfront/",
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: securityHeaders,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [{ function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        "/api/*": {
          origin: new origins.HttpOrigin(props.apiOriginDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerifyToken(this) },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Cookies, query strings and headers reach the handlers; Host must stay the API's own.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    this.url = `https://${domain ? domain.name : this.distribution.distributionDomainName}`;

    if (!domain) {
      justify(this.distribution, {
        nag: ["AwsSolutions-CFR4"],
        checkov: ["CKV_AWS_174"],
        reason:
          "Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes; stages with `domain` set use TLSv1.2_2021.",
      });
    }
    if (!webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: "AwsSolutions-CFR2",
        reason:
          "CLOUDFRONT-scope web ACLs must live in us-east-1 and are owned by the organisation's security account; a stage attaches one through `webAclArn`. API Gateway stage throttling limits request rates meanwhile.",
      });
    }
    Validations.of(this.distribution).acknowledge({
      id: "AwsSolutions-CFR1",
      reason:
        "People protect their likeness wherever they live and platforms are global; no country is excluded by design.",
    });
  }

  /** Uploads the React build (when built) and writes /config.json for this stage. */
  deploy(runtime: RuntimeWebConfig): void {
    const dist = fromRoot("frontend/dist");
    let deployment: s3deploy.BucketDeployment | undefined;
    if (existsSync(dist)) {
      deployment = new s3deploy.BucketDeployment(this, "Build", {
        destinationBucket: this.bucket,
        sources: [s3deploy.Source.asset(dist)],
        prune: false,
        memoryLimit: 512,
      });
      this.acknowledgeDeploymentHandler(deployment);
    } else {
      Annotations.of(this).addWarningV2(
        "@likenessguard/frontend-not-built",
        "frontend/dist is missing: only /config.json is deployed. Run `npm run build:web` before deploying.",
      );
    }
    const config = new s3deploy.BucketDeployment(this, "RuntimeConfig", {
      destinationBucket: this.bucket,
      sources: [
        // No API address: the app calls /api on its own origin, which this distribution forwards.
        s3deploy.Source.jsonData("config.json", {
          region: runtime.region,
          userPoolId: runtime.userPoolId,
          clientId: runtime.clientId,
          stage: this.stage,
        }),
      ],
      prune: false,
      memoryLimit: 512,
      // The app reads its config on every load; a stale copy would point at old resources.
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ["/config.json", "/index.html"],
    });
    if (deployment) config.node.addDependency(deployment);
    this.acknowledgeDeploymentHandler(config);
  }

  /** The CDK-provided deployment handler is a singleton at stack level; its findings are explained here. */
  private acknowledgeDeploymentHandler(deployment: s3deploy.BucketDeployment) {
    acknowledgeBucketDeploymentHandler(
      deployment,
      "CDK's BucketDeployment handler copies the build from the CDK asset bucket into the web bucket and invalidates the distribution; it is scoped to those two buckets and runs only during deployment.",
    );
  }
}
