import { MAX_SAMPLE_BYTES } from "@lg/domain/biometrics/media-type";
import { badRequest } from "../../shared/http-errors.js";
import { parseMultipart } from "../../shared/multipart.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { enrolmentService } from "../../shared/services.js";
import { requireUserId } from "../../shared/session.js";

const FACE_FIELDS = ["faceImage0", "faceImage1", "faceImage2"] as const;

/** POST /api/biometric-training: three live poses (and optionally a voice recording) as multipart. */
export const train: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { files } = await parseMultipart(event, { maxFileBytes: MAX_SAMPLE_BYTES, maxFiles: 4 });
  const faces = FACE_FIELDS.map((field) => {
    const file = files.get(field);
    if (!file) throw badRequest(`Missing ${field}: send three face photos (front, left, right)`);
    return file.bytes;
  });
  const voice = files.get("voiceRecording")?.bytes;
  const result = await enrolmentService().enrolLiveCapture(userId, { faces, ...(voice ? { voice } : {}) });
  return json(200, result);
};
