import { DynamoOlderFaceSampleOwners } from "@lg/domain/biometrics/adapters/dynamo-older-face-samples";
import { FaceReenrolment, reenrolEveryone } from "@lg/domain/biometrics/embedding-models";
import { dynamo } from "../shared/clients.js";
import { env } from "../shared/env.js";
import { logger, observed } from "../shared/observability.js";
import { accountStore, biometricAnalyser, biometricObjects, dataKeys, sampleLibrary } from "../shared/services.js";

/**
 * Runs after each deploy (a CDK trigger; locally at start): recomputes every face embedding of an
 * older face model from its kept photo, so nobody's face drops out of scans after an upgrade. Those
 * with nothing kept see `faceRecaptureNeeded`. Idempotent: a run with nothing to do reads and exits.
 */
export async function reenrolFacesOfOlderModels() {
  const migration = new FaceReenrolment({
    samples: sampleLibrary(),
    objects: biometricObjects(),
    keys: dataKeys(),
    analyser: biometricAnalyser(),
    store: accountStore(),
  });
  const owners = new DynamoOlderFaceSampleOwners(dynamo, env().TABLE_NAME);
  const run = await reenrolEveryone(owners, migration, (userId, error) =>
    logger.error("Face re-enrolment failed for one user; the next run retries", { userId, error }),
  );
  logger.info("Face re-enrolment after deploy", { ...run });
  return run;
}

export const handler = observed(reenrolFacesOfOlderModels);
