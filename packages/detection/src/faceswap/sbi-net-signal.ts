import { sbiNetFit } from "../fitted/heads.js";
import type { DecodedImage } from "../media/image.js";
import { sbiNet } from "../models/registry.js";
import type { Box, DetectedFace, OperatingPoint, Signal } from "../result.js";
import type { LevelBars, SyntheticLevel, VerdictLevel } from "../synthetic-levels.js";
import { aggregateFrameScores } from "../video-aggregation.js";
import { sbiNetCrop } from "./sbi-net-input.js";
import { type SbiNet, type SbiNetFile, SbiNetWeightsUnusable } from "./sbi-net-model.js";

/**
 * The "face-forgery-net" signal (issue 42): the face-forgery network, trained on self-blended
 * genuine faces only, on face crops: a picture's largest faces, and in a video the matched person's
 * face track (every sampled frame's face of the enrolled person the analysis matched; the largest
 * face where no one was matched). It speaks at the levels its fit earned on genuine faces of sources
 * held out of its training (sbi-net.json, scripts/training/sbi-net-levels.ts) and at no other.
 */

export interface SbiNetHead extends SbiNetFile {
  bars: LevelBars;
  levels: { synthetic: VerdictLevel; possible: VerdictLevel };
  /** The highest level the fit let it state; "no-evidence" keeps it out of the verdict. */
  speaksAt: SyntheticLevel;
}

export const sbiNetHead: SbiNetHead = sbiNetFit;

/** Faces smaller than this (shorter box side, analysis pixels) are not read: the network was trained on faces of 40 px or more. */
export const SBI_NET_MIN_FACE_PX = 40;
/** Faces of a picture read, largest first: each costs one network pass. */
export const SBI_NET_MAX_FACES = 4;

/** Why the network is kept out of the verdict, or null when it may speak. */
export function whySbiNetIsSilent(head: SbiNetHead = sbiNetHead): string | null {
  if (head.speaksAt !== "no-evidence") return null;
  return "Not computed: the face-forgery network flags too many genuine faces held out of its training at any level it could state, so it is kept out of the verdict";
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** The level a probability reaches among those the head may state, with the point that decided. */
export function sbiNetLevel(
  probability: number,
  head: SbiNetHead = sbiNetHead,
): { level: SyntheticLevel; point: VerdictLevel } {
  const { synthetic, possible } = head.levels;
  if (head.speaksAt === "synthetic" && probability >= synthetic.threshold)
    return { level: "synthetic", point: synthetic };
  if (head.speaksAt !== "no-evidence" && probability >= possible.threshold)
    return { level: "possibly-synthetic", point: possible };
  // Below every level: the lowest bar in force is the one the explanation names.
  return { level: "no-evidence", point: possible };
}

const stated = (level: VerdictLevel): OperatingPoint => ({
  threshold: level.threshold,
  falsePositiveRate: level.falsePositiveRate,
  truePositiveRate: level.truePositiveRate,
  measuredOn: level.measuredOn,
  genuineCount: level.genuineCount,
  maxFalsePositiveRate: level.maxFalsePositiveRate,
});

function ruleWords(point: VerdictLevel): string {
  return `threshold ${point.threshold.toFixed(3)}, at which ${percent(point.falsePositiveRate)} of ${point.genuineCount} genuine faces of sources held out of its training (none above ${percent(point.maxFalsePositiveRate)} in any source) and ${percent(point.truePositiveRate)} of face-swap frames were flagged`;
}

const inAnalysisPixels = (box: Box, scale: number): Box => ({
  x: box.x * scale,
  y: box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});

export interface SbiNetFaceReading {
  /** Index into the faces given. */
  face: number;
  faceBox: Box;
  probability: number;
}

/** The network's reading of each of these faces large enough to read (boxes in stored pixels), in one batch. */
export async function sbiNetFaceReadings(
  image: DecodedImage,
  faces: readonly { box: Box }[],
  model: SbiNet = sbiNet(),
): Promise<SbiNetFaceReading[]> {
  const readable = faces
    .map((face, index) => ({ index, box: face.box, inAnalysis: inAnalysisPixels(face.box, image.scale) }))
    .filter(({ inAnalysis }) => Math.min(inAnalysis.width, inAnalysis.height) >= SBI_NET_MIN_FACE_PX);
  if (readable.length === 0) return [];
  const crops = await Promise.all(readable.map(({ inAnalysis }) => sbiNetCrop(image.pixels, inAnalysis)));
  const out = await model.predict(crops.map((crop) => crop.rgb));
  return readable.map(({ index, box }, i) => ({
    face: index,
    faceBox: box,
    probability: (out[i] as { probability: number }).probability,
  }));
}

function unusable(error: unknown): Signal {
  const message = error instanceof Error ? error.message : String(error);
  return {
    id: "face-forgery-net",
    status: "unknown",
    explanation: `Not computed: ${message}; this says nothing about whether the face is swapped`,
    evidence: { error: message },
  };
}

function finding(score: number, lookedAt: string, head: SbiNetHead, evidence: Record<string, unknown>): Signal {
  const { level, point } = sbiNetLevel(score, head);
  const present = level !== "no-evidence";
  return {
    id: "face-forgery-net",
    status: present ? "present" : "absent",
    score,
    explanation: present
      ? `${lookedAt}: the face reads as blended onto its surroundings, as a swapped face does (probability ${score.toFixed(3)}, ${ruleWords(point)})`
      : `${lookedAt}: below the threshold (probability ${score.toFixed(3)}, ${ruleWords(point)}); this does not prove it genuine`,
    evidence: { ...evidence, level },
    operatingPoint: stated(point),
  };
}

/** A picture's reading: its largest faces (up to SBI_NET_MAX_FACES), the most blended-looking deciding. */
export async function sbiNetSignal(
  image: DecodedImage,
  faces: readonly { box: Box }[],
  options: { model?: SbiNet; head?: SbiNetHead } = {},
): Promise<Signal> {
  const head = options.head ?? sbiNetHead;
  const largest = [...faces.entries()]
    .sort(([, a], [, b]) => b.box.width * b.box.height - a.box.width * a.box.height)
    .slice(0, SBI_NET_MAX_FACES);
  let readings: SbiNetFaceReading[];
  try {
    readings = await sbiNetFaceReadings(
      image,
      largest.map(([, face]) => face),
      options.model,
    );
  } catch (error) {
    if (error instanceof SbiNetWeightsUnusable) return unusable(error);
    throw error;
  }
  if (readings.length === 0)
    return {
      id: "face-forgery-net",
      status: "unknown",
      explanation:
        faces.length === 0
          ? "No face was found, so none was examined for a face swap"
          : `No face was ${SBI_NET_MIN_FACE_PX} px or larger, so none was examined for a face swap`,
      evidence: { faces: faces.length },
    };
  const top = readings.reduce((a, b) => (b.probability > a.probability ? b : a));
  const face = largest[top.face]?.[0] ?? top.face;
  return finding(
    top.probability,
    `The face-forgery network (trained on self-blended genuine faces) on ${readings.length} face${readings.length === 1 ? "" : "s"}, the most blended-looking face ${face} (${Math.round(top.faceBox.width)}×${Math.round(top.faceBox.height)} px)`,
    head,
    {
      face,
      faceBox: top.faceBox,
      faces: readings.map((r) => ({
        face: largest[r.face]?.[0] ?? r.face,
        probability: Number(r.probability.toFixed(4)),
      })),
    },
  );
}

/**
 * The face of the track in one frame: the enrolled person the analysis matched in the clip (their
 * face in each frame where it was matched), else the largest face.
 */
export function trackFace(faces: readonly DetectedFace[], identityId: string | null): DetectedFace | undefined {
  if (identityId) return faces.find((face) => face.match?.personId === identityId);
  return faces.reduce<DetectedFace | undefined>(
    (best, face) => (!best || face.box.width * face.box.height > best.box.width * best.box.height ? face : best),
    undefined,
  );
}

/** The identity matched with the highest confidence in any frame, whose face track the network reads. */
export function trackedIdentity(frames: readonly { faces: readonly DetectedFace[] }[]): string | null {
  let best: { id: string; confidence: number } | null = null;
  for (const frame of frames)
    for (const face of frame.faces)
      if (face.match && (!best || face.match.confidence > best.confidence))
        best = { id: face.match.personId, confidence: face.match.confidence };
  return best?.id ?? null;
}

/**
 * A video's reading on one face track: the network on the track's face in every sampled frame (one
 * batch), then the robust top-k mean over the frames (video-aggregation.ts), so one odd frame cannot
 * flag a genuine video; decided at the same levels as a single face.
 */
export async function sbiNetOverTrack(
  frames: readonly { timeSeconds: number; image: DecodedImage; faces: readonly DetectedFace[] }[],
  options: { model?: SbiNet; head?: SbiNetHead } = {},
): Promise<Signal> {
  const head = options.head ?? sbiNetHead;
  const identity = trackedIdentity(frames);
  const track = frames.flatMap((frame) => {
    const face = trackFace(frame.faces, identity);
    return face ? [{ frame, face }] : [];
  });
  const readings: { timeSeconds: number; score: number }[] = [];
  try {
    for (const { frame, face } of track) {
      const [reading] = await sbiNetFaceReadings(frame.image, [face], options.model);
      if (reading) readings.push({ timeSeconds: frame.timeSeconds, score: reading.probability });
    }
  } catch (error) {
    if (error instanceof SbiNetWeightsUnusable) return unusable(error);
    throw error;
  }
  const aggregated = aggregateFrameScores(readings);
  const whose = identity ? "the matched person's face" : "the largest face";
  if (aggregated.score === null)
    return {
      id: "face-forgery-net",
      status: "unknown",
      explanation: `No frame held ${whose} at ${SBI_NET_MIN_FACE_PX} px or larger, so none was examined for a face swap; this says nothing about whether the video is synthetic`,
      evidence: { framesRead: 0, identity },
    };
  const top = aggregated.frames.map((f) => ({ timeSeconds: f.timeSeconds, score: Number(f.score.toFixed(4)) }));
  return finding(
    aggregated.score,
    aggregated.framesRead === 1
      ? `The face-forgery network on ${whose} in the one frame read (${top[0]?.timeSeconds.toFixed(1)} s)`
      : `The face-forgery network on ${whose} in ${aggregated.framesRead} frames, the mean of the ${top.length} highest (${top.map((f) => `${f.timeSeconds.toFixed(1)} s`).join(", ")})`,
    head,
    { framesRead: aggregated.framesRead, frames: top, identity },
  );
}
