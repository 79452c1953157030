import { SEALED_PURPOSES } from "@lg/domain/integrations/sealed-secrets";
import { Duration } from "aws-cdk-lib";
import type * as logs from "aws-cdk-lib/aws-logs";
import * as triggers from "aws-cdk-lib/triggers";
import { Construct, type IConstruct } from "constructs";
import { AFTER_DEPLOY_ENTRY } from "../../lambdas/src/migrations/entries.js";
import { FACE_MODEL_FILES } from "../../packages/detection/src/models/model-sets.js";
import { AppFunction, type DetectionRuntime } from "./app-function.js";
import type { HandlerResources } from "./handler-resources.js";

export interface PostDeployMigrationsProps {
  resources: HandlerResources;
  detection: DetectionRuntime;
  logRetention: logs.RetentionDays;
  /** What must be deployed first: the functions that read the migrated data. */
  runAfter: IConstruct[];
}

/**
 * Data migrations that a code change makes necessary (lambdas/src/migrations/after-deploy.ts), run
 * by CloudFormation after the functions that need them are deployed, and again whenever the
 * migrations' code changes (a new face model or classification changes the bundle). A failed run
 * fails the deploy, so an upgrade never goes live with data the new code cannot read.
 */
export class PostDeployMigrations extends Construct {
  readonly afterDeploy: AppFunction;

  constructor(scope: Construct, id: string, props: PostDeployMigrationsProps) {
    super(scope, id);
    const r = props.resources;
    this.afterDeploy = new AppFunction(this, "AfterDeploy", {
      entry: AFTER_DEPLOY_ENTRY,
      description:
        "After deploy: threat and notice records brought up to date, older face embeddings recomputed, faces verified before the live check demoted",
      // The face models and the photos' decoding, as the biometrics API function.
      memoryMb: 2048,
      timeoutSeconds: 900,
      logRetention: props.logRetention,
      // Recomputes face embeddings only.
      detection: { ...props.detection, modelFiles: FACE_MODEL_FILES },
    })
      .bindContexts(r)
      // Scans the table for out-of-date items and rewrites them; reads the kept face photos.
      .bindTable(r.table, "readWrite")
      .bindBiometricBucket(r.biometricBucket, "read")
      .bindBiometricKey(r.biometricKey)
      // Creates the gallery's tables and writes migrated faces' rows.
      .bindGallery(r.gallery, "owner")
      // Tells each person whose face verification lapsed with the live check (email, or text).
      .bindMailSender(r.mailFrom, r.mailIdentityArn)
      .bindSmsSender();
    // Seals the webhook signing secrets stored before they were sealed at rest.
    r.webhookSecrets.bindSealer(this.afterDeploy, [SEALED_PURPOSES.webhookSecret]);
    new triggers.Trigger(this, "Run", {
      handler: this.afterDeploy.function,
      timeout: Duration.minutes(15),
      executeAfter: props.runAfter,
      executeOnHandlerChange: true,
    });
  }
}
