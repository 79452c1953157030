import { CreateUpload, RegisterUpload } from "@lg/domain/biometrics/web-requests";
import { enrolmentService } from "../../shared/enrolment/services.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

const createUploadUrl =
  (modality: "face" | "voice"): ApiHandler =>
  async (event) => {
    const userId = await requireUserId(event);
    const declared = parseJson(event, CreateUpload);
    return json(200, await enrolmentService().createUploadUrl(userId, modality, declared));
  };

const registerUpload =
  (modality: "face" | "voice"): ApiHandler =>
  async (event) => {
    const userId = await requireUserId(event);
    const { uploadURL } = parseJson(event, RegisterUpload);
    return json(200, await enrolmentService().registerUpload(userId, modality, uploadURL));
  };

/**
 * POST /api/upload/face|voice {size, contentType?}: a presigned PUT URL under the caller's own upload
 * prefix, signed for exactly that many bytes; 413 over the kind's limit (upload-limits.ts).
 */
export const createFaceUploadUrl = createUploadUrl("face");
export const createVoiceUploadUrl = createUploadUrl("voice");
/** PUT /api/biometric/face|voice {uploadURL}: runs the quality gates and enrols, or 422 with the reason. */
export const registerFace = registerUpload("face");
export const registerVoice = registerUpload("voice");
