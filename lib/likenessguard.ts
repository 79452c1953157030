import type { App } from "aws-cdk-lib";
import type { StageConfig } from "./config.js";
import { AuthStack } from "./stacks/auth-stack.js";
import { DataStack } from "./stacks/data-stack.js";
import { ServiceStack } from "./stacks/service-stack.js";

export interface LikenessGuardStacks {
  auth: AuthStack;
  data: DataStack;
  service: ServiceStack;
}

/** All stacks of one stage: stateful (auth, data) apart from the stateless service that uses them. */
export function buildLikenessGuard(app: App, config: StageConfig): LikenessGuardStacks {
  const env = { region: config.region, ...(config.account ? { account: config.account } : {}) };
  const name = (part: string) => `LikenessGuard-${config.stage}-${part}`;
  const tags = { project: "likenessguard", stage: config.stage };
  const auth = new AuthStack(app, name("Auth"), { env, config, tags, description: "LikenessGuard users (Cognito)" });
  const data = new DataStack(app, name("Data"), {
    env,
    config,
    tags,
    description: "LikenessGuard personal data: table, biometric and evidence buckets, keys",
  });
  const service = new ServiceStack(app, name("Service"), {
    env,
    config,
    tags,
    description: "LikenessGuard API, workflows and web",
    data,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  return { auth, data, service };
}
