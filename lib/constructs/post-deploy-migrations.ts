import { Duration } from "aws-cdk-lib";
import type * as logs from "aws-cdk-lib/aws-logs";
import * as triggers from "aws-cdk-lib/triggers";
import { Construct, type IConstruct } from "constructs";
import { FACE_REENROLMENT_ENTRY } from "../../lambdas/src/migrations/entries.js";
import { AppFunction, type DetectionRuntime } from "./app-function.js";
import { type HandlerResources, handlerEnvironment } from "./handler-resources.js";

export interface PostDeployMigrationsProps {
  resources: HandlerResources;
  detection: DetectionRuntime;
  logRetention: logs.RetentionDays;
  /** What must be deployed first: the functions that read the migrated data. */
  runAfter: IConstruct[];
}

/**
 * Data migrations that a code change makes necessary, run by CloudFormation after the functions
 * that need them are deployed, and again whenever the migration's own code changes (a new face
 * model changes its bundle). A failed run fails the deploy, so a model upgrade never goes live
 * with everyone's faces silently out of scans.
 */
export class PostDeployMigrations extends Construct {
  readonly faceReenrolment: AppFunction;

  constructor(scope: Construct, id: string, props: PostDeployMigrationsProps) {
    super(scope, id);
    const r = props.resources;
    this.faceReenrolment = new AppFunction(this, "FaceReenrolment", {
      entry: FACE_REENROLMENT_ENTRY,
      description: "After deploy: recomputes face embeddings of older face models from kept photos",
      // The face models and the photos' decoding, as the biometrics API function.
      memoryMb: 2048,
      timeoutSeconds: 900,
      environment: handlerEnvironment(r),
      logRetention: props.logRetention,
      detection: props.detection,
    })
      // Scans the table for older samples and rewrites their embeddings; reads the kept photos.
      .bindTable(r.table, "readWrite")
      .bindBiometricBucket(r.biometricBucket, "read")
      .bindBiometricKey(r.biometricKey);
    new triggers.Trigger(this, "RunFaceReenrolment", {
      handler: this.faceReenrolment.function,
      timeout: Duration.minutes(15),
      executeAfter: props.runAfter,
      executeOnHandlerChange: true,
    });
  }
}
