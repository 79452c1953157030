/**
 * The face-model migration (domain/biometrics/embedding-models.ts: FaceReenrolment), run per user
 * after deploying a new face model: `npx tsx scripts/reenrol-faces.ts USER_ID...` with the API
 * functions' environment (TABLE_NAME, BIOMETRIC_BUCKET, BIOMETRIC_KEY_ID and AWS credentials, or
 * the local stack's endpoints). Samples with a kept photo are recomputed; the others are counted,
 * and their people see `faceRecaptureNeeded` until they capture again.
 */
import { FaceReenrolment } from "@lg/domain/biometrics/embedding-models";
import {
  accountStore,
  biometricAnalyser,
  biometricObjects,
  dataKeys,
  sampleLibrary,
} from "../lambdas/src/shared/services.js";

const userIds = process.argv.slice(2);
if (userIds.length === 0) {
  console.error("usage: npx tsx scripts/reenrol-faces.ts USER_ID...");
  process.exit(2);
}
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
