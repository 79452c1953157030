import { Stack, type StackProps } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { resourcePrefix, type StageConfig } from "../config.js";
import { EDGE_RATE_RULES, RateLimitWebAcl } from "../constructs/rate-limit-web-acl.js";

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

/**
 * What CloudFront needs from us-east-1 whatever the stage's region: the CLOUDFRONT-scope web ACL
 * with the edge rate limits. The service stack reads its ARN through a cross-region reference.
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const acl = new RateLimitWebAcl(this, "RateLimits", {
      scope: "CLOUDFRONT",
      name: `${resourcePrefix(props.config)}-edge`,
      rules: EDGE_RATE_RULES,
    });
    this.webAclArn = acl.webAcl.attrArn;
  }
}
