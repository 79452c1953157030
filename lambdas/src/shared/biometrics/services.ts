import { KmsDataKeys } from "@lg/domain/biometrics/adapters/kms-data-keys";
import { S3BiometricStore } from "@lg/domain/biometrics/adapters/s3-biometric-store";
import { ConsentService } from "@lg/domain/biometrics/consent";
import { SampleLibrary } from "@lg/domain/biometrics/sample-library";
import { accountStore } from "../accounts/services.js";
import { kms, s3, s3Presigner } from "../aws/clients.js";
import { gallerySync } from "../gallery/services.js";
import { once } from "../once.js";
import { env } from "./env.js";

/**
 * The biometrics context's records: the sealed samples, their data keys and consent. Enrolment,
 * which needs the detection models, is enrolment/services.ts, so reading samples (takedowns,
 * scans, the profile) does not load them.
 */
const now = () => new Date();

export const biometricObjects = once(() => new S3BiometricStore(s3, env().BIOMETRIC_BUCKET, s3Presigner));
export const dataKeys = once(() => new KmsDataKeys(kms, env().BIOMETRIC_KEY_ID));
export const sampleLibrary = once(
  () => new SampleLibrary({ store: accountStore(), objects: biometricObjects(), gallery: gallerySync(), now }),
);
export const consentService = once(() => new ConsentService({ store: accountStore(), now }));
