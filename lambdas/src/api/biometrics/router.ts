import { createRouteGroup } from "../../shared/http/route-group.js";
import { withdrawMe } from "../people/people.js";
import { getConsent, giveConsent } from "./consent.js";
import { deleteBiometrics } from "./delete-biometrics.js";
import {
  deleteAllImageHashes,
  deleteImageHash,
  exportImageHashes,
  listImageHashes,
  registerImageHashes,
} from "./registered-images.js";
import { trainFromReportedFaces } from "./reported-embeddings.js";
import { challenge, train } from "./training.js";
import { createFaceUploadUrl, createVoiceUploadUrl, registerFace, registerVoice } from "./uploads.js";

export const handler = createRouteGroup("biometrics", {
  "GET /api/consent": getConsent,
  "POST /api/consent": giveConsent,
  "POST /api/upload/face": createFaceUploadUrl,
  "POST /api/upload/voice": createVoiceUploadUrl,
  "PUT /api/biometric/face": registerFace,
  "PUT /api/biometric/voice": registerVoice,
  "POST /api/biometric-training/challenge": challenge,
  "POST /api/biometric-training": train,
  "POST /api/biometric-training/embeddings": trainFromReportedFaces,
  "DELETE /api/biometric": deleteBiometrics,
  "POST /api/people/me/withdraw": withdrawMe,
  "POST /api/image-hashes": registerImageHashes,
  "GET /api/image-hashes": listImageHashes,
  "GET /api/image-hashes/export": exportImageHashes,
  "DELETE /api/image-hashes": deleteAllImageHashes,
  "DELETE /api/image-hashes/{id}": deleteImageHash,
});
