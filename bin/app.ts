import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks, HIPAASecurityChecks, NIST80053R5Checks } from "cdk-nag";
import { loadStageConfig } from "../lib/config.js";
import { buildLikenessGuard } from "../lib/likenessguard.js";

const app = new App();
const config = loadStageConfig({ stages: app.node.tryGetContext("stages"), stage: app.node.tryGetContext("stage") });
buildLikenessGuard(app, config);
// Any unacknowledged finding of the AWS Solutions, NIST 800-53 rev. 5 or HIPAA Security packs stops
// synthesis. Acknowledgements made while the constructs are built are written into the templates'
// cdk_nag metadata (checkov skips always are); those made by validations (wildcard explanations,
// lib/compliance/design-decisions.ts) are not, so docs/compliance/iac-audit.md lists every one.
Validations.of(app).addPlugins(
  new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }),
  new NIST80053R5Checks(),
  new HIPAASecurityChecks(),
);
app.synth();
