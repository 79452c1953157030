import { hashSessionToken } from "@lg/domain/accounts/sessions";
import type { LiveFrame } from "@lg/domain/biometrics/enrolment-service";
import { MAX_FRAMES } from "@lg/domain/biometrics/liveness-challenge";
import { MAX_SAMPLE_BYTES } from "@lg/domain/biometrics/media-type";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { enrolmentService } from "../../shared/enrolment/services.js";
import { badRequest } from "../../shared/http/http-errors.js";
import { parseMultipart } from "../../shared/http/multipart.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId, sessionToken } from "../../shared/http/session.js";

/** The challenge is bound to the session that asked for it: the cookie's hash, as sessions are stored. */
const sessionHashOf = (event: APIGatewayProxyEventV2) => hashSessionToken(sessionToken(event));

/**
 * The burst: files frame0..frameN with `frameTimes`, the ms after the capture started at which each
 * was taken (comma-separated), and the `challengeId` they answer; and/or a `voiceRecording`.
 */
async function liveCaptureIn(event: APIGatewayProxyEventV2) {
  const { files, fields } = await parseMultipart(event, { maxFileBytes: MAX_SAMPLE_BYTES, maxFiles: MAX_FRAMES + 1 });
  const voice = files.get("voiceRecording")?.bytes;
  const times = (fields.get("frameTimes") ?? "").split(",").filter(Boolean).map(Number);
  const frames: LiveFrame[] = [];
  for (let i = 0; files.has(`frame${i}`); i++) {
    const atMs = times[i];
    if (atMs === undefined || !Number.isFinite(atMs)) throw badRequest(`frameTimes gives no time for frame${i}`);
    frames.push({ bytes: (files.get(`frame${i}`) as { bytes: Uint8Array }).bytes, atMs });
  }
  if (frames.length === 0 && !voice) {
    throw badRequest("Send the live check's frames (frame0, frame1, ...) or a voiceRecording");
  }
  const challengeId = fields.get("challengeId");
  return { frames, ...(challengeId ? { challengeId } : {}), ...(voice ? { voice } : {}) };
}

/** POST /api/biometric-training/challenge: the poses, their timing and the nonce the next live capture answers. */
export const challenge: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(201, await enrolmentService().issueLiveChallenge(userId, sessionHashOf(event)));
};

/** POST /api/biometric-training: a live burst answering a challenge and a voice recording, either or both, as multipart. */
export const train: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  // The body is parsed only once the service allows a capture, so a refused one is never read.
  return json(200, await enrolmentService().enrolLiveCapture(userId, sessionHashOf(event), () => liveCaptureIn(event)));
};
