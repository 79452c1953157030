import { sbiNetSignal } from "./faceswap/sbi-net-signal.js";
import { faceSwapSbiSignal } from "./faceswap/sbi-signal.js";
import { mesonetSignal } from "./faceswap/signal.js";
import { whyDetectorLeftOut, whyReadingCannotChangeVerdict } from "./fusion.js";
import { type DecodedImage, decodeImage } from "./media/image.js";
import type { MediaLimits } from "./media/limits.js";
import { c2paSignal } from "./provenance/c2pa.js";
import { containerMetadataSignal } from "./provenance/container-metadata.js";
import { generatorMetadataSignal } from "./provenance/generator-metadata.js";
import { sdWatermarkSignal } from "./provenance/watermark/sd-watermark.js";
import { xmpSignal } from "./provenance/xmp.js";
import type { MediaFormat, Signal, SignalId } from "./result.js";
import type { SignalEntry } from "./signal-runner.js";
import { aiImageSignal, faceSyntheticSignal } from "./synthetic-image/signals.js";
import { LEARNED_PICTURE_SIGNALS, type VideoPictureSignals } from "./video-signals.js";
import { VOICE_SIGNALS, type VoiceContext } from "./voice-path.js";

/** What the signals of one analysis read: the bytes, and what the analysis decoded and found before them. */
export interface AnalysisContext extends VoiceContext {
  bytes: Uint8Array;
  format: MediaFormat;
  limits: MediaLimits;
  /** A picture's analysis copy (null for video and audio). */
  image: DecodedImage | null;
  /** A video container's metadata tags. */
  containerTags: Record<string, string>;
  /** A video's picture pass over its sampled frames, made once, when its first picture signal needs it. */
  videoPictures: () => Promise<VideoPictureSignals>;
}

/** Full-resolution decoding for the watermark is skipped above this many pixels (cost grows with area). */
export const WATERMARK_MAX_PIXELS = 16_777_216;

async function watermarkSignal(bytes: Uint8Array, analysed: DecodedImage, limits: MediaLimits): Promise<Signal> {
  if (analysed.width * analysed.height > WATERMARK_MAX_PIXELS) {
    return {
      id: "sd-watermark",
      status: "unknown",
      explanation: `Image too large (${analysed.width}×${analysed.height}) to search for the watermark`,
      evidence: {},
    };
  }
  if (analysed.fullResolution)
    return sdWatermarkSignal(analysed.fullResolution.pixels, analysed.fullResolution.orientation);
  const full = analysed.scale === 1 ? analysed : await decodeImage(bytes, limits, Number.POSITIVE_INFINITY);
  return sdWatermarkSignal(full.pixels);
}

const imageOf = (context: AnalysisContext): DecodedImage => {
  if (!context.image) throw new Error("A picture signal ran without the decoded picture");
  return context.image;
};

/**
 * A learned detector that reads pictures: on a still, `still` computes it; on a video, it is read
 * off the picture pass over the sampled frames (video-signals.ts), which the detectors share. It
 * runs only where its fit lets it speak (LEARNED_PICTURE_SIGNALS) and the fitted fusion for the
 * kind of media keeps it.
 */
const pictureSignal = (
  id: SignalId,
  still: (image: DecodedImage, context: AnalysisContext) => Promise<Signal>,
): SignalEntry<AnalysisContext> => ({
  id,
  kinds: ["image", "video"],
  cost: "costly",
  stage: "synthetic",
  applies: () => LEARNED_PICTURE_SIGNALS.includes(id),
  leftOut: (kind) => whyDetectorLeftOut(id, kind),
  compute: async (context) => {
    if (context.kind === "image") return still(imageOf(context), context);
    const found = (await context.videoPictures()).signals.find((s) => s.id === id);
    if (!found) throw new Error(`The video picture pass gave no ${id} reading`);
    return found;
  },
});

/**
 * Every signal an analysis may report, in the order the result lists them, each with the media
 * it reads and what it costs. analyseMedia runs the table with runSignals (signal-runner.ts), which
 * decides for each, by one rule, whether it is computed, skipped or taken from earlier findings.
 */
export const SIGNAL_TABLE: readonly SignalEntry<AnalysisContext>[] = [
  {
    id: "c2pa",
    kinds: ["image", "video", "audio"],
    cost: "cheap",
    stage: "provenance",
    compute: (context) => c2paSignal(context.bytes, context.format),
  },
  {
    id: "iptc-digital-source-type",
    kinds: ["image", "video", "audio"],
    cost: "cheap",
    stage: "provenance",
    compute: (context) => xmpSignal(context.bytes),
  },
  {
    id: "generator-metadata",
    kinds: ["image"],
    cost: "cheap",
    stage: "provenance",
    compute: (context) => generatorMetadataSignal(context.bytes, context.format),
  },
  {
    id: "container-metadata",
    kinds: ["video"],
    cost: "cheap",
    stage: "provenance",
    compute: (context) => containerMetadataSignal(context.containerTags),
  },
  {
    id: "sd-watermark",
    kinds: ["image"],
    cost: "costly",
    stage: "provenance",
    compute: (context) => watermarkSignal(context.bytes, imageOf(context), context.limits),
  },
  pictureSignal("ai-image", (image) => aiImageSignal(image)),
  // Its own CLIP pass on the face is skipped when no reading of it could change the verdict, given the signals read before it.
  pictureSignal("face-synthetic", (image, context) =>
    faceSyntheticSignal(image, context.faces, {
      skipOwnPass: () => whyReadingCannotChangeVerdict("face-synthetic", "image", [...context.signals]),
    }),
  ),
  pictureSignal("face-swap-mesonet", (image, context) => mesonetSignal(image, context.faces)),
  // The SBI head reads face-synthetic's crop pass (its own pass only where that one was skipped or reused the picture's).
  pictureSignal("face-swap-sbi", (image, context) => faceSwapSbiSignal(image, context.faces)),
  pictureSignal("face-forgery-net", (image, context) => sbiNetSignal(image, context.faces)),
  ...VOICE_SIGNALS,
];
