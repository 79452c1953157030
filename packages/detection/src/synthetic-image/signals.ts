import { aiImageHeadFit, faceSyntheticHeadFit } from "../fitted/heads.js";
import type { DecodedImage, RgbImage } from "../media/image.js";
import { clipEncoderFor } from "../models/registry.js";
import type { Box, Signal } from "../result.js";
import { type ClipFeatures, type ClipImageEncoder, ModelFileMissing } from "./clip-encoder.js";
import {
  centreSquare,
  clipInput,
  cropPixels,
  faceCropRegion,
  MIN_FACE_PX,
  overlap,
  REUSE_WHOLE_PICTURE_AT_OVERLAP,
} from "./clip-input.js";
import { calibrated, type LinearProbeHead, probeInput, rawScore } from "./linear-probe.js";

/**
 * The learned synthetic-picture signals, both linear probes on CLIP ViT-B/16 image embeddings:
 * "ai-image" on the whole picture (diffusion and GAN images), "face-synthetic" on the largest
 * face's crop (GAN faces, face swaps). One CLIP call per picture when the face fills it: the
 * crop would be nearly the square CLIP already saw, so that embedding is reused.
 */

export const aiImageHead: LinearProbeHead = aiImageHeadFit;
export const faceSyntheticHead: LinearProbeHead = faceSyntheticHeadFit;

export interface SyntheticImageOptions {
  /** The CLIP encoder; the process's shared one by default. */
  encoder?: ClipImageEncoder;
  /**
   * Asked only when the face needs a CLIP pass of its own (not when the whole picture's embedding
   * is reused): a reason to skip that pass, e.g. that no reading could change the verdict.
   */
  skipOwnPass?: () => string | null;
}

/** A face as any detector reports it: its box in the stored picture's pixels. */
export interface FaceBox {
  box: Box;
}

// One CLIP pass per analysis copy, so the two signals on one picture share it.
const wholePictureEmbeddings = new WeakMap<RgbImage, WeakMap<ClipImageEncoder, Promise<ClipFeatures>>>();

async function passFeatures(encoder: ClipImageEncoder, pixels: RgbImage): Promise<ClipFeatures> {
  return encoder.features(await clipInput(pixels));
}

/** The whole picture's CLIP features (projected embedding and block class tokens), one pass per picture. */
export function wholePictureEmbedding(encoder: ClipImageEncoder, pixels: RgbImage): Promise<ClipFeatures> {
  let byEncoder = wholePictureEmbeddings.get(pixels);
  if (!byEncoder) {
    byEncoder = new WeakMap();
    wholePictureEmbeddings.set(pixels, byEncoder);
  }
  let embedding = byEncoder.get(encoder);
  if (!embedding) {
    embedding = passFeatures(encoder, pixels);
    embedding.catch(() => byEncoder.delete(encoder));
    byEncoder.set(encoder, embedding);
  }
  return embedding;
}

// One CLIP pass per face crop, so face-synthetic and face-swap-sbi on one face share it.
function faceCrop(pixels: RgbImage, box: Box) {
  const region = faceCropRegion(box, pixels.width, pixels.height);
  return { region, key: `${region.x},${region.y},${region.width},${region.height}` };
}

const faceCropPasses = new WeakMap<RgbImage, Map<string, { encoder: ClipImageEncoder; pass: Promise<ClipFeatures> }>>();

/**
 * The CLIP features of the largest face's crop (box × 1.3, square; `box` in the analysis copy's
 * pixels), one pass per crop and encoder: the face-synthetic signal's own pass, which the face-swap
 * SBI head reads too (its class tokens after each block).
 */
export function faceCropFeatures(encoder: ClipImageEncoder, pixels: RgbImage, box: Box): Promise<ClipFeatures> {
  const { region, key } = faceCrop(pixels, box);
  let byRegion = faceCropPasses.get(pixels);
  if (!byRegion) {
    byRegion = new Map();
    faceCropPasses.set(pixels, byRegion);
  }
  const known = byRegion.get(key);
  if (known?.encoder === encoder) return known.pass;
  const pass = passFeatures(encoder, cropPixels(pixels, region));
  pass.catch(() => byRegion.delete(key));
  byRegion.set(key, { encoder, pass });
  return pass;
}

/** The face crop's pass if one was made (or is under way) for this encoder, without making one. */
export function madeFaceCropFeatures(
  encoder: ClipImageEncoder,
  pixels: RgbImage,
  box: Box,
): Promise<ClipFeatures> | undefined {
  const known = faceCropPasses.get(pixels)?.get(faceCrop(pixels, box).key);
  return known?.encoder === encoder ? known.pass : undefined;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

function unknownSignal(id: Signal["id"], error: unknown): Signal {
  if (error instanceof ModelFileMissing)
    return {
      id,
      status: "unknown",
      explanation:
        "Not computed: the CLIP image encoder is not installed (npm run setup); this says nothing about whether the picture is synthetic",
      evidence: { modelMissing: error.file },
    };
  const message = error instanceof Error ? error.message : String(error);
  return {
    id,
    status: "unknown",
    explanation: `Not computed: the CLIP image encoder failed (${message}); this says nothing about whether the picture is synthetic`,
    evidence: { error: message },
  };
}

function probeSignal(
  id: Signal["id"],
  head: LinearProbeHead,
  embedding: ArrayLike<number>,
  lookedAt: string,
  finding: string,
  evidence: Record<string, unknown>,
): Signal {
  const raw = rawScore(head, embedding);
  const score = calibrated(head, raw);
  const point = head.operatingPoint;
  const present = score >= point.threshold;
  const rule = `threshold ${point.threshold.toFixed(3)}, at which ${percent(point.falsePositiveRate)} of genuine pictures and ${percent(point.truePositiveRate)} of synthetic ones were flagged on ${point.measuredOn}`;
  return {
    id,
    status: present ? "present" : "absent",
    score,
    explanation: present
      ? `${lookedAt}: ${finding} (probability ${score.toFixed(3)}, ${rule})`
      : `${lookedAt}: below the threshold (probability ${score.toFixed(3)}, ${rule}); this does not prove it genuine`,
    evidence: { rawScore: raw, features: head.features, ...evidence },
    operatingPoint: point,
  };
}

/** "ai-image": the CLIP probe on the whole picture (the analysis copy's centre square). */
export async function aiImageSignal(image: DecodedImage, options: SyntheticImageOptions = {}): Promise<Signal> {
  const encoder = options.encoder ?? clipEncoderFor(aiImageHead);
  let embedding: Float64Array;
  try {
    embedding = probeInput(aiImageHead, await wholePictureEmbedding(encoder, image.pixels));
  } catch (error) {
    return unknownSignal("ai-image", error);
  }
  return probeSignal(
    "ai-image",
    aiImageHead,
    embedding,
    "A linear probe on CLIP ViT-B/16 features of the whole picture (its central square at 224 px)",
    "looks AI-generated (diffusion or GAN image)",
    {},
  );
}

function largestFace<T extends FaceBox>(faces: T[]): { face: T; index: number } | null {
  let best: { face: T; index: number } | null = null;
  faces.forEach((face, index) => {
    if (!best || face.box.width * face.box.height > best.face.box.width * best.face.box.height) best = { face, index };
  });
  return best;
}

/**
 * "face-synthetic": the CLIP probe on the largest face's crop (box × 1.3, square) for GAN faces
 * and face swaps. `faces` are boxes in the stored picture's pixels, as DetectedFace has them.
 * No face: "unknown" (nothing to look at), never "absent".
 */
export async function faceSyntheticSignal(
  image: DecodedImage,
  faces: FaceBox[],
  options: SyntheticImageOptions = {},
): Promise<Signal> {
  const largest = largestFace(faces);
  if (!largest)
    return {
      id: "face-synthetic",
      status: "unknown",
      explanation: "No face was found, so no face was examined for GAN generation or face swapping",
      evidence: { faces: 0 },
    };
  const { pixels, scale } = image;
  const box = largest.face.box;
  const inAnalysisCopy = { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale };
  if (Math.min(inAnalysisCopy.width, inAnalysisCopy.height) < MIN_FACE_PX)
    return {
      id: "face-synthetic",
      status: "unknown",
      explanation: `The largest face (${Math.round(box.width)}×${Math.round(box.height)} px) is too small to examine for GAN generation or face swapping`,
      evidence: { face: largest.index, faceBox: box, facesInPicture: faces.length },
    };
  const region = faceCropRegion(inAnalysisCopy, pixels.width, pixels.height);
  const reuse = overlap(region, centreSquare(pixels.width, pixels.height)) >= REUSE_WHOLE_PICTURE_AT_OVERLAP;
  const skipReason = reuse ? null : (options.skipOwnPass?.() ?? null);
  if (skipReason)
    return {
      id: "face-synthetic",
      status: "unknown",
      explanation: skipReason,
      evidence: { skipped: true, face: largest.index, faceBox: box, facesInPicture: faces.length },
    };
  const encoder = options.encoder ?? clipEncoderFor(faceSyntheticHead);
  let embedding: Float64Array;
  try {
    embedding = probeInput(
      faceSyntheticHead,
      reuse ? await wholePictureEmbedding(encoder, pixels) : await faceCropFeatures(encoder, pixels, inAnalysisCopy),
    );
  } catch (error) {
    return unknownSignal("face-synthetic", error);
  }
  return probeSignal(
    "face-synthetic",
    faceSyntheticHead,
    embedding,
    `A linear probe on CLIP ViT-B/16 features of the largest face (face ${largest.index}, ${Math.round(box.width)}×${Math.round(box.height)} px, of ${faces.length})`,
    "the face looks generated or swapped",
    {
      face: largest.index,
      faceBox: box,
      facesInPicture: faces.length,
      cropInAnalysisCopy: region,
      wholePictureEmbeddingReused: reuse,
    },
  );
}
