import type { App } from "aws-cdk-lib";
import { applyDesignDecisions } from "./compliance/design-decisions.js";
import type { StageConfig } from "./config.js";
import { AuthStack } from "./stacks/auth-stack.js";
import { DataStack } from "./stacks/data-stack.js";
import { EdgeStack } from "./stacks/edge-stack.js";
import { ServiceStack } from "./stacks/service-stack.js";

export interface LikenessGuardStacks {
  auth: AuthStack;
  data: DataStack;
  service: ServiceStack;
  /** The us-east-1 stack with CloudFront's web ACL; absent when the stage attaches its own (`webAclArn`). */
  edge?: EdgeStack;
}

/** All stacks of one stage: stateful (auth, data) apart from the stateless service that uses them. */
export function buildLikenessGuard(app: App, config: StageConfig): LikenessGuardStacks {
  const env = { region: config.region, ...(config.account ? { account: config.account } : {}) };
  const name = (part: string) => `LikenessGuard-${config.stage}-${part}`;
  const tags = { project: "likenessguard", stage: config.stage };
  // Justifications that hold for every resource of a kind (lib/compliance/design-decisions.ts).
  applyDesignDecisions(app);
  const auth = new AuthStack(app, name("Auth"), { env, config, tags, description: "LikenessGuard users (Cognito)" });
  const data = new DataStack(app, name("Data"), {
    env,
    config,
    tags,
    description: "LikenessGuard personal data: table, biometric and evidence buckets, keys",
  });
  // CloudFront takes only web ACLs from us-east-1, wherever the rest of the stage runs.
  const edge = config.webAclArn
    ? undefined
    : new EdgeStack(app, name("Edge"), {
        env: { ...env, region: "us-east-1" },
        config,
        tags,
        description: "LikenessGuard edge: CloudFront web ACL with rate limits (us-east-1)",
      });
  const service = new ServiceStack(app, name("Service"), {
    env,
    config,
    tags,
    description: "LikenessGuard API, workflows and web",
    data,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    ...(edge ? { webAclArn: edge.webAclArn, crossRegionReferences: true } : {}),
  });
  return { auth, data, service, ...(edge ? { edge } : {}) };
}
