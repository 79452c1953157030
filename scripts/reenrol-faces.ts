/**
 * The face-model migration (domain/biometrics/embedding-models.ts: FaceReenrolment) by hand. It
 * already runs after every deploy (lambdas/src/migrations/after-deploy.ts, a CDK trigger) and at
 * each local start; this is for a re-run: `npx tsx scripts/reenrol-faces.ts [USER_ID...]` (no ids:
 * everyone holding an older-model face) with the API functions' environment (TABLE_NAME,
 * BIOMETRIC_BUCKET, BIOMETRIC_KEY_ID and AWS credentials, or the local stack's endpoints). Samples
 * with a kept photo are recomputed; the others are counted, and their people see
 * `faceRecaptureNeeded` until they capture again.
 */
import { FaceReenrolment } from "@lg/domain/biometrics/embedding-models";
import { reenrolFacesOfOlderModels } from "../lambdas/src/migrations/after-deploy.js";
import { accountStore } from "../lambdas/src/shared/accounts/services.js";
import { biometricObjects, dataKeys, sampleLibrary } from "../lambdas/src/shared/biometrics/services.js";
import { biometricAnalyser } from "../lambdas/src/shared/enrolment/services.js";

const userIds = process.argv.slice(2);
if (userIds.length === 0) {
  console.log(await reenrolFacesOfOlderModels());
} else {
  const migration = new FaceReenrolment({
    samples: sampleLibrary(),
    objects: biometricObjects(),
    keys: dataKeys(),
    analyser: biometricAnalyser(),
    store: accountStore(),
  });
  for (const userId of userIds) {
    const { recomputed, needRecapture } = await migration.reenrol(userId);
    console.log(`${userId}: ${recomputed} face samples recomputed, ${needRecapture} need a new capture`);
  }
}
