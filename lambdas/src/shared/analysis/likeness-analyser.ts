import { sniffMediaType } from "@lg/detection";
import { decodeImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import type { DetectionResult } from "@lg/detection/result";
import { MATCH_FLOOR_PERCENT } from "@lg/domain/scanning/likeness-verdict";
import { perceptualHash } from "@lg/domain/scanning/perceptual-hash";
import type {
  AnalyserOptions,
  EnrolledPerson,
  LikenessAnalyser,
  MatchEnrolment,
  MediaAnalysis,
  MediaToAnalyse,
} from "@lg/domain/scanning/scan-ports";
import { installModelFileSource } from "../aws/model-files.js";
import { type AnalysisCaching, analyseThroughCache } from "./services.js";

// Every handler that runs a model reaches detection through this module: its weights come from
// the source MODEL_SOURCE names (S3 in AWS, .model-cache locally).
installModelFileSource();

const MIME: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  flac: "audio/flac",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
};

/** Descriptors are large and say nothing to a reader of evidence; keep their length only. */
function serialisable(result: DetectionResult) {
  return {
    ...result,
    faces: result.faces.map(({ descriptor, ...face }) => ({ ...face, descriptorLength: descriptor.length })),
  };
}

/** The 64-bit perceptual hash near-duplicate threats are recognised by (threat-recorder). */
export async function imagePerceptualHash(bytes: Uint8Array): Promise<string> {
  const image = await decodeImage(bytes, defaultLimits, 256);
  return perceptualHash(image.pixels.data, image.pixels.width, image.pixels.height, 3);
}

/**
 * Why no enrolled likeness can be in media of this kind (a recording when nobody's voice is
 * enrolled, say, after a voice sample expired), or null. Unreadable bytes are left to analyseMedia,
 * which says what is wrong with them.
 */
function nothingToMatch(bytes: Uint8Array, people: EnrolledPerson[]) {
  let sniffed: ReturnType<typeof sniffMediaType>;
  try {
    sniffed = sniffMediaType(bytes);
  } catch {
    return null;
  }
  if (sniffed.kind === "audio" && !people.some((p) => p.voice.length > 0))
    return { ...sniffed, reason: "No voice is enrolled, so a recording holds no likeness to look for" };
  if (sniffed.kind === "image" && !people.some((p) => p.face.length > 0))
    return { ...sniffed, reason: "No face is enrolled, so a picture holds no likeness to look for" };
  return null;
}

/** The engine tells identities apart by id alone, so a person's unverified samples go in under their own. */
const UNVERIFIED_SUFFIX = "#unverified-enrolment";

/**
 * One engine identity per person for the verified samples and one for the unverified: the nearest
 * sample decides the match, so a match says which kind it rests on.
 */
function engineIdentities(person: EnrolledPerson) {
  const unverified = person.unverified ?? new Set<Float32Array>();
  const split = (samples: Float32Array[]) => ({
    verified: samples.filter((s) => !unverified.has(s)),
    unverified: samples.filter((s) => unverified.has(s)),
  });
  const face = split(person.face);
  const voice = split(person.voice);
  const identities = [{ personId: person.personId, face: face.verified, voice: voice.verified }];
  if (face.unverified.length > 0 || voice.unverified.length > 0) {
    identities.push({ personId: person.personId + UNVERIFIED_SUFFIX, face: face.unverified, voice: voice.unverified });
  }
  return identities;
}

function matchedIdentity(engineId: string): { personId: string; enrolment: MatchEnrolment } {
  return engineId.endsWith(UNVERIFIED_SUFFIX)
    ? { personId: engineId.slice(0, -UNVERIFIED_SUFFIX.length), enrolment: "unverified" }
    : { personId: engineId, enrolment: "verified" };
}

/** Whose match an engine identity is for the analysis being made, or null when it is none of theirs. */
export type IdentityOf = (engineId: string) => { personId: string; enrolment: MatchEnrolment } | null;

/** How a match is named in stored evidence: the person's id, marked when it rests on an unverified sample. */
const evidenceLabel = (identity: { personId: string; enrolment: MatchEnrolment }) =>
  identity.enrolment === "unverified" ? identity.personId + UNVERIFIED_SUFFIX : identity.personId;

/**
 * Scanning's reduction of a detection result for one account: the best face and voice match among
 * its own identities (`identityOf`), the synthetic verdict, and the result as evidence, in which
 * others' matches are removed and its own named by person. A crawled picture can show several
 * enrolled people of different accounts; each account's evidence names only its own.
 */
export async function toMediaAnalysis(
  engine: DetectionResult,
  media: MediaToAnalyse,
  identityOf: IdentityOf,
): Promise<MediaAnalysis> {
  const own = <M extends { personId: string; confidence: number }>(match: M | null | undefined) => {
    const identity = match ? identityOf(match.personId) : null;
    return match && identity ? { match: { ...match, personId: evidenceLabel(identity) }, identity } : null;
  };
  const faces = engine.faces.map((face) => ({ face, own: own(face.match) }));
  const voice = engine.voice ? own(engine.voice.match) : null;
  const result: DetectionResult = {
    ...engine,
    faces: faces.map(({ face, own }) => ({ ...face, match: own?.match ?? null })),
    voice: engine.voice ? { ...engine.voice, match: voice?.match ?? null } : null,
    // A match verdict concludes an identity: kept, under its evidence label, only when it is the account's own.
    verdicts: engine.verdicts.flatMap((verdict) => {
      if (verdict.kind === "synthetic") return [verdict];
      const identity = identityOf(verdict.conclusion);
      return identity ? [{ ...verdict, conclusion: evidenceLabel(identity) }] : [];
    }),
  };
  const bestFace = faces
    .flatMap(({ own }) => (own ? [own] : []))
    .sort((a, b) => b.match.confidence - a.match.confidence)[0];
  const contentType = MIME[result.media.format] ?? media.contentType;
  // The hash only tells recorded threats apart, and a picture becomes one only through a matched face.
  const phash =
    result.media.kind === "image" && (bestFace?.match.confidence ?? 0) >= MATCH_FLOOR_PERCENT
      ? await imagePerceptualHash(media.bytes)
      : undefined;
  return {
    contentType,
    ...(phash ? { perceptualHash: phash } : {}),
    face: bestFace
      ? {
          ...bestFace.identity,
          confidence: bestFace.match.confidence,
          ...(bestFace.match.limitedBy?.length ? { limitedBy: bestFace.match.limitedBy } : {}),
        }
      : null,
    voice: voice ? { ...voice.identity, confidence: voice.match.confidence } : null,
    syntheticScore: result.synthetic.score,
    syntheticStatus: result.synthetic.status,
    ...(result.synthetic.operatingPoint ? { syntheticOperatingPoint: result.synthetic.operatingPoint } : {}),
    syntheticSignals: result.signals.map((s) => ({
      id: s.id,
      status: s.status,
      ...(s.score !== undefined ? { score: s.score } : {}),
      explanation: s.explanation,
      ...(s.operatingPoint ? { operatingPoint: s.operatingPoint } : {}),
    })),
    intimate: result.intimate
      ? {
          status: result.intimate.status,
          ...(result.intimate.score !== undefined ? { score: result.intimate.score } : {}),
          ...(result.intimate.operatingPoint ? { operatingPoint: result.intimate.operatingPoint } : {}),
        }
      : null,
    result: serialisable(result),
  };
}

/** Scanning's view of the detection engine (packages/detection). */
export class DetectionLikenessAnalyser implements LikenessAnalyser {
  /** `caching`: the analysis cache, so media another person's scan or the crawl analysed costs matching alone. */
  constructor(private readonly caching?: AnalysisCaching) {}

  async analyse(
    media: MediaToAnalyse,
    people: EnrolledPerson[],
    options: AnalyserOptions = {},
  ): Promise<MediaAnalysis> {
    // Matching is all a scan acts on: media no enrolled likeness can be in is not decoded at all
    // (recordings are two thirds of the detection CPU a scan spends).
    const skip = options.everySignal ? null : nothingToMatch(media.bytes, people);
    if (skip) {
      return {
        contentType: MIME[skip.format] ?? media.contentType,
        face: null,
        voice: null,
        syntheticScore: null,
        syntheticSignals: [],
        result: { media: { kind: skip.kind, format: skip.format, bytes: media.bytes.length }, skipped: skip.reason },
      };
    }
    // Synthetic signals only change a verdict where a likeness matched (likenessVerdict), so the
    // costly ones run only there; the rest of the media costs identity matching alone.
    const result = await analyseThroughCache(this.caching, media.bytes, options.mediaSha256, {
      enrolled: people.flatMap(engineIdentities),
      ...(options.everySignal ? {} : { costlySignals: { whenLikenessAtLeast: MATCH_FLOOR_PERCENT } }),
      ...(options.onPdqProbes ? { onPdqProbes: options.onPdqProbes } : {}),
    });
    return toMediaAnalysis(result, media, matchedIdentity);
  }
}
