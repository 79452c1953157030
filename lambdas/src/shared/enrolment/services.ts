import { DynamoFaceRegisterLock, DynamoFaceReviewStore } from "@lg/domain/biometrics/adapters/dynamo-face-claims";
import { DynamoLivenessStore } from "@lg/domain/biometrics/adapters/dynamo-liveness";
import { EnrolmentService } from "@lg/domain/biometrics/enrolment-service";
import { FaceClaims } from "@lg/domain/biometrics/face-claim";
import { FaceReviews } from "@lg/domain/biometrics/face-review";
import { GalleryFaceRegister } from "@lg/domain/gallery/gallery-face-register";
import { accountChannels, accountStore } from "../accounts/services.js";
import { dynamo } from "../aws/clients.js";
import { DetectionAnalyser } from "../biometrics/detection-analyser.js";
import { biometricObjects, consentService, dataKeys, sampleLibrary } from "../biometrics/services.js";
import { gallery, gallerySync } from "../gallery/services.js";
import { once } from "../once.js";
import { env } from "./env.js";

/** Reviews of a face more than one account's live check passed: both asked again, by email or text. */
export const faceReviews = once(
  () =>
    new FaceReviews({
      reviews: new DynamoFaceReviewStore(dynamo, env().TABLE_NAME),
      store: accountStore(),
      samples: sampleLibrary(),
      gallery: gallerySync(),
      channels: accountChannels(),
      now: () => new Date(),
    }),
);

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
      claims: new FaceClaims({
        lock: new DynamoFaceRegisterLock(dynamo, env().TABLE_NAME),
        register: new GalleryFaceRegister(gallery),
        reviews: faceReviews(),
        now: () => new Date(),
      }),
      gallery: gallerySync(),
      now: () => new Date(),
    }),
);
