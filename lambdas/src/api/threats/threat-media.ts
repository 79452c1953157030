import { censoredThumbnail } from "@lg/detection/media/censored-preview";
import { smallPhoto } from "@lg/detection/media/small-photo";
import { invalid } from "@lg/domain/errors";
import { ThreatMedia } from "@lg/domain/threats/threat-media";
import { biometricObjects, sampleLibrary } from "../../shared/biometrics/services.js";
import { type ApiHandler, binary, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { once } from "../../shared/once.js";
import { evidenceStore, threatRepository } from "../../shared/threats/services.js";
import { censoredVideoFrames } from "./video-frames.js";

const threatMedia = once(
  () =>
    new ThreatMedia({
      threats: threatRepository(),
      evidence: evidenceStore(),
      renderVideoFrames: censoredVideoFrames,
      renderThumbnail: censoredThumbnail,
      enrolledFaces: {
        samples: (userId) => sampleLibrary().activeSamples(userId),
        // The lifecycle rule may have removed the raw photo already: then there is none to show.
        read: (key) =>
          biometricObjects()
            .read(key)
            .catch(() => null),
        render: smallPhoto,
      },
    }),
);

/** GET /api/threats/{id}/media: what of the caller's threat can be seen or heard (frames, speech). */
export const threatMediaFacts: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await threatMedia().facts(userId, event.pathParameters?.id ?? ""));
};

/** GET /api/threats/{id}/media/audio: the recording a voice threat rests on, for the caller only. */
export const threatAudio: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const audio = await threatMedia().audio(userId, event.pathParameters?.id ?? "");
  return binary(200, audio.bytes, audio.contentType);
};

/** GET /api/threats/{id}/media/enrolled-photo: the caller's own enrolled face, to compare with the match. */
export const threatEnrolledPhoto: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return binary(200, await threatMedia().enrolledPhoto(userId, event.pathParameters?.id ?? ""), "image/jpeg");
};

/** GET /api/threats/{id}/thumbnail: the threat row's small censored picture (a video's frame), the caller's only. */
export const threatThumbnail: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return binary(200, await threatMedia().thumbnail(userId, event.pathParameters?.id ?? ""), "image/jpeg");
};

/** GET /api/threats/{id}/media/frames/{frame}: one censored frame the video's verdict rests on. */
export const threatFrame: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const frame = event.pathParameters?.frame ?? "";
  if (!/^\d{1,2}$/.test(frame)) throw invalid("frame must be a frame number");
  const jpeg = await threatMedia().frame(userId, event.pathParameters?.id ?? "", Number(frame));
  return binary(200, jpeg, "image/jpeg");
};
