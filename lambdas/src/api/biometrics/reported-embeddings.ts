import { MAX_REPORTED_CAPTURE_BYTES, ReportedCaptureInput } from "@lg/domain/biometrics/reported-capture";
import { enrolmentService } from "../../shared/enrolment/services.js";
import { payloadTooLarge } from "../../shared/http/http-errors.js";
import { bodyBytes, parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

/**
 * POST /api/biometric-training/embeddings (zero-knowledge mode): the three live poses and, when
 * recorded, the voice as the browser analysed them, numbers only. 409 unless the account is in
 * zero-knowledge mode.
 */
export const trainFromReportedFaces: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  if (bodyBytes(event).byteLength > MAX_REPORTED_CAPTURE_BYTES) {
    throw payloadTooLarge(`Body is too large: send descriptors only, at most ${MAX_REPORTED_CAPTURE_BYTES / 1024} KB`);
  }
  const { faces, voice } = parseJson(event, ReportedCaptureInput);
  return json(200, await enrolmentService().enrolReportedCapture(userId, faces, voice));
};
