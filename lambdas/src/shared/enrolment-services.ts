import { DynamoLivenessStore } from "@lg/domain/biometrics/adapters/dynamo-liveness";
import { EnrolmentService } from "@lg/domain/biometrics/enrolment-service";
import { GalleryFaceRegister } from "@lg/domain/gallery/gallery-face-register";
import { accountStore } from "./accounts-services.js";
import { biometricObjects, consentService, dataKeys, sampleLibrary } from "./biometrics-services.js";
import { dynamo } from "./clients.js";
import { DetectionAnalyser } from "./detection-analyser.js";
import { env } from "./env.js";
import { gallery, gallerySync } from "./gallery-services.js";
import { once } from "./once.js";

/** Enrolment: the biometrics context's part that analyses media with the detection models. */
export const biometricAnalyser = once(() => new DetectionAnalyser());
export const enrolmentService = once(
  () =>
    new EnrolmentService({
      store: accountStore(),
      objects: biometricObjects(),
      keys: dataKeys(),
      analyser: biometricAnalyser(),
      consent: consentService(),
      samples: sampleLibrary(),
      liveness: new DynamoLivenessStore(dynamo, env().TABLE_NAME),
      faces: new GalleryFaceRegister(gallery),
      gallery: gallerySync(),
      now: () => new Date(),
    }),
);
