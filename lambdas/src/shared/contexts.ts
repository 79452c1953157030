import { env as migrationsEnv } from "./../migrations/env.js";
import { env as accountsEnv } from "./accounts/env.js";
import { env as analysisEnv } from "./analysis/env.js";
import { env as awsEnv } from "./aws/env.js";
import { env as billingEnv } from "./billing/env.js";
import { env as biometricsEnv } from "./biometrics/env.js";
import { env as crawlEnv } from "./crawl/env.js";
import { env as demoEnv } from "./demo/env.js";
import { env as enrolmentEnv } from "./enrolment/env.js";
import type { ContextEnvDescription } from "./env.js";
import { env as galleryEnv } from "./gallery/env.js";
import { env as httpEnv } from "./http/env.js";
import { env as integrationsEnv } from "./integrations/env.js";
import { env as peopleEnv } from "./people/env.js";
import { env as publicApiEnv } from "./public-api/env.js";
import { env as pushEnv } from "./push/env.js";
import { env as registeredImagesEnv } from "./registered-images/env.js";
import { env as scanWorkEnv } from "./scan-work/env.js";
import { env as scanningEnv } from "./scanning/env.js";
import { env as systemEnv } from "./system/env.js";
import { env as takedownsEnv } from "./takedowns/env.js";
import { env as threatQueriesEnv } from "./threat-queries/env.js";
import { env as threatsEnv } from "./threats/env.js";

/**
 * Every context's environment, by the file that declares it: the CDK app gives a function the names
 * the contexts its entry imports require (lib/constructs/handler-environment.ts), and
 * test/infra/handler-environment.test.ts checks none is missing from this list.
 */
export const CONTEXT_ENVS: Readonly<Record<string, ContextEnvDescription>> = {
  "lambdas/src/shared/accounts/env.ts": accountsEnv,
  "lambdas/src/shared/analysis/env.ts": analysisEnv,
  "lambdas/src/shared/aws/env.ts": awsEnv,
  "lambdas/src/shared/billing/env.ts": billingEnv,
  "lambdas/src/shared/biometrics/env.ts": biometricsEnv,
  "lambdas/src/shared/crawl/env.ts": crawlEnv,
  "lambdas/src/shared/demo/env.ts": demoEnv,
  "lambdas/src/shared/gallery/env.ts": galleryEnv,
  "lambdas/src/shared/http/env.ts": httpEnv,
  "lambdas/src/shared/integrations/env.ts": integrationsEnv,
  "lambdas/src/shared/registered-images/env.ts": registeredImagesEnv,
  "lambdas/src/shared/scanning/env.ts": scanningEnv,
  "lambdas/src/shared/system/env.ts": systemEnv,
  "lambdas/src/shared/takedowns/env.ts": takedownsEnv,
  "lambdas/src/shared/threats/env.ts": threatsEnv,
  "lambdas/src/shared/people/env.ts": peopleEnv,
  "lambdas/src/shared/public-api/env.ts": publicApiEnv,
  "lambdas/src/shared/push/env.ts": pushEnv,
  "lambdas/src/shared/threat-queries/env.ts": threatQueriesEnv,
  "lambdas/src/shared/enrolment/env.ts": enrolmentEnv,
  "lambdas/src/shared/scan-work/env.ts": scanWorkEnv,
  "lambdas/src/migrations/env.ts": migrationsEnv,
};
