/** The data migrations run after each deploy (CDK trigger) and at each local start; from the repository root. */
export const AFTER_DEPLOY_ENTRY = "lambdas/src/migrations/after-deploy.ts";
