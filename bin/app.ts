import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { loadStageConfig } from "../lib/config.js";
import { buildLikenessGuard } from "../lib/likenessguard.js";

const app = new App();
const config = loadStageConfig({ stages: app.node.tryGetContext("stages"), stage: app.node.tryGetContext("stage") });
buildLikenessGuard(app, config);
// Any unacknowledged AwsSolutions finding stops synthesis; acknowledgements are written into the
// templates' metadata so auditors see each reason next to its resource.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));
app.synth();
