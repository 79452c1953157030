import { MAX_SAMPLE_BYTES } from "@lg/domain/biometrics/media-type";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { badRequest } from "../../shared/http-errors.js";
import { parseMultipart } from "../../shared/multipart.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { enrolmentService } from "../../shared/services.js";
import { requireUserId } from "../../shared/session.js";

const FACE_FIELDS = ["faceImage0", "faceImage1", "faceImage2"] as const;

async function liveCaptureIn(event: APIGatewayProxyEventV2) {
  const { files } = await parseMultipart(event, { maxFileBytes: MAX_SAMPLE_BYTES, maxFiles: 4 });
  const voice = files.get("voiceRecording")?.bytes;
  // A voice recorded alone (the onboarding's voice step) comes with no photos at all.
  if (voice && FACE_FIELDS.every((field) => !files.has(field))) return { faces: [], voice };
  const faces = FACE_FIELDS.map((field) => {
    const file = files.get(field);
    if (!file) throw badRequest(`Missing ${field}: send three face photos (front, left, right)`);
    return file.bytes;
  });
  return { faces, ...(voice ? { voice } : {}) };
}

/** POST /api/biometric-training: three live poses and a voice recording, either or both, as multipart. */
export const train: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  // The body is parsed only once the service allows a capture, so a refused one is never read.
  return json(200, await enrolmentService().enrolLiveCapture(userId, () => liveCaptureIn(event)));
};
