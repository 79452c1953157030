import { intimateFinding } from "./explicit/finding.js";
import { detectFaces, detectFacesInImage } from "./face/detect-faces.js";
import { sbiNetSignal } from "./faceswap/sbi-net-signal.js";
import { faceSwapSbiSignal } from "./faceswap/sbi-signal.js";
import { mesonetSignal } from "./faceswap/signal.js";
import { fuseSignals, verdictsFor, whyDetectorLeftOut, whyReadingCannotChangeVerdict } from "./fusion.js";
import {
  PDQ_DECODE_MAX_SIDE,
  type PdqProbe,
  pdqProbeOfPicture,
  pdqProbesOf,
  pdqProbesOfFrames,
} from "./hashing/pdq-media.js";
import type { Identities } from "./identity-matcher.js";
import { MediaError } from "./media/errors.js";
import { type DecodedImage, decodeImage } from "./media/image.js";
import { type MediaLimits, resolveLimits } from "./media/limits.js";
import { sniffMediaType } from "./media/sniff.js";
import { sampleVideo } from "./media/video.js";
import { c2paSignal } from "./provenance/c2pa.js";
import { containerMetadataSignal } from "./provenance/container-metadata.js";
import { generatorMetadataSignal } from "./provenance/generator-metadata.js";
import { sdWatermarkSignal } from "./provenance/watermark/sd-watermark.js";
import { xmpSignal } from "./provenance/xmp.js";
import type {
  DetectedFace,
  DetectionResult,
  IntimateFinding,
  MediaInfo,
  MediaKind,
  Signal,
  VoiceFindings,
} from "./result.js";
import { FindingsReuse, type ReusableFindings } from "./reusable-findings.js";
import { aiImageSignal, faceSyntheticSignal } from "./synthetic-image/signals.js";
import { type AnalysedFrame, LEARNED_PICTURE_SIGNALS, videoPictureSignals } from "./video-signals.js";
import { analyseVoice, VOICE_SAMPLE_RATE } from "./voice-path.js";

export interface AnalyseOptions {
  /** The people to look for: a scan's decrypted embeddings, or a crawl's gallery matcher. */
  enrolled: Identities;
  limits?: Partial<MediaLimits>;
  /**
   * "all" (the default) computes every signal. `{ whenLikenessAtLeast }` computes the costly
   * synthetic-media signals (voice anti-spoofing, the full-resolution watermark search) only when
   * a face or voice matched an enrolled identity with at least that confidence (0-100), and only
   * where the signal's reading could change the verdict at its calibrated operating point: a
   * caller that acts only on a likeness (scanning) need not pay for them on everyone else's media,
   * nor for a countermeasure whose fit makes every reading count for nothing.
   * A skipped signal is "unknown" with the reason, never "absent".
   */
  costlySignals?: "all" | { whenLikenessAtLeast: number };
  /**
   * The costly person-independent findings an earlier analysis of these exact bytes computed (by their
   * SHA-256; analyseMediaWithFindings gives them). Each signal found in them is taken instead of
   * computed, where this analysis would compute it; findings of another engine version are ignored.
   */
  reuse?: ReusableFindings;
  /**
   * Receives the PDQ probes (hashing/pdq-media.ts) of the picture or of each sampled video frame
   * (none for audio), made from the pixels this analysis decodes anyway: registered-image matching
   * then needs no second decode of the same file. Not computed when absent.
   */
  onPdqProbes?: (probes: PdqProbe[]) => void;
}

/** Full-resolution decoding for the watermark is skipped above this many pixels (cost grows with area). */
const WATERMARK_MAX_PIXELS = 16_777_216;

class Stopwatch {
  readonly timings: Record<string, number> = {};
  async time<T>(name: string, work: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.timings[name] = Math.round((performance.now() - start) * 10) / 10;
    }
  }
}

/** Why the costly signals are skipped for media with these matches, or null to compute them. */
function costlySkipReason(options: AnalyseOptions, faces: DetectedFace[], voice: VoiceFindings | null): string | null {
  const gate = options.costlySignals ?? "all";
  if (gate === "all") return null;
  const confidences = [...faces.map((f) => f.match?.confidence ?? 0), voice?.match?.confidence ?? 0];
  if (confidences.some((c) => c >= gate.whenLikenessAtLeast)) return null;
  return `Not computed: no enrolled face or voice matched with ${gate.whenLikenessAtLeast}% confidence or more; this says nothing about whether the media is synthetic`;
}

/**
 * costlySkipReason for a voice countermeasure, which on demand also needs a reading that can
 * count at its operating point (`whyNoReadingCanCount`, from voice-path, null when one can).
 */
function countermeasureSkipReason(
  options: AnalyseOptions,
  faces: DetectedFace[],
  voice: VoiceFindings,
  whyNoReadingCanCount: string | null,
): string | null {
  const noLikeness = costlySkipReason(options, faces, voice);
  if (noLikeness || (options.costlySignals ?? "all") === "all") return noLikeness;
  return whyNoReadingCanCount;
}

const skippedIntimate = (reason: string): IntimateFinding => ({
  status: "unknown",
  explanation: reason,
  evidence: { skipped: true },
});

/** A learned detector, unless the fitted fusion for this kind leaves it out (then unknown, with why). */
async function unlessLeftOut(id: Signal["id"], kind: MediaKind, compute: () => Promise<Signal>): Promise<Signal> {
  const leftOut = whyDetectorLeftOut(id, kind);
  return leftOut ? skipped(id, leftOut) : compute();
}

const skipped = (id: Signal["id"], reason: string): Signal => ({
  id,
  status: "unknown",
  explanation: reason,
  evidence: { skipped: true },
});

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

/** ai-image, then face-synthetic (its own CLIP pass skipped when no reading could change the verdict), MesoNet, and the SBI head and the face-forgery network where they speak. */
async function learnedPictureSignals(image: DecodedImage, faces: DetectedFace[], known: Signal[]): Promise<Signal[]> {
  const aiImage = await unlessLeftOut("ai-image", "image", () => aiImageSignal(image));
  const faceSynthetic = await unlessLeftOut("face-synthetic", "image", () =>
    faceSyntheticSignal(image, faces, {
      skipOwnPass: () => whyReadingCannotChangeVerdict("face-synthetic", "image", [...known, aiImage]),
    }),
  );
  const mesonet = await unlessLeftOut("face-swap-mesonet", "image", () => mesonetSignal(image, faces));
  // The SBI head reads face-synthetic's crop pass (its own pass only where that one was skipped or reused the picture's).
  const sbiHead = LEARNED_PICTURE_SIGNALS.includes("face-swap-sbi")
    ? [await unlessLeftOut("face-swap-sbi", "image", () => faceSwapSbiSignal(image, faces))]
    : [];
  const forgeryNet = LEARNED_PICTURE_SIGNALS.includes("face-forgery-net")
    ? [await unlessLeftOut("face-forgery-net", "image", () => sbiNetSignal(image, faces))]
    : [];
  return [aiImage, faceSynthetic, mesonet, ...sbiHead, ...forgeryNet];
}

async function analyseImage(
  bytes: Uint8Array,
  options: AnalyseOptions,
  limits: MediaLimits,
  clock: Stopwatch,
  reuse: FindingsReuse,
) {
  // When the watermark search is sure to run, the picture is decoded once at full resolution
  // for it, and the analysis copy is scaled from those pixels where that changes none of them.
  const watermarkCertain = (options.costlySignals ?? "all") === "all" && !reuse.has("sd-watermark");
  const image = await clock.time("decode", () =>
    decodeImage(bytes, limits, limits.analysisMaxSide, {
      keepFullResolutionUpTo: watermarkCertain ? WATERMARK_MAX_PIXELS : 0,
    }),
  );
  const faces = await clock.time("faces", () => detectFacesInImage(image, options.enrolled));
  if (options.onPdqProbes) {
    // PDQ hashes the picture at PDQ_DECODE_MAX_SIDE: the analysis copy serves only when it is that size.
    const probes = await clock.time("pdq", async () =>
      limits.analysisMaxSide === PDQ_DECODE_MAX_SIDE ? [pdqProbeOfPicture(image.pixels)] : pdqProbesOf(bytes, limits),
    );
    options.onPdqProbes(probes);
  }
  const skip = costlySkipReason(options, faces, null);
  const signals = await clock.time("provenance", async () => [
    await c2paSignal(bytes, image.format),
    xmpSignal(bytes),
    generatorMetadataSignal(bytes, image.format),
    skip
      ? skipped("sd-watermark", skip)
      : await reuse.signal("sd-watermark", () => watermarkSignal(bytes, image, limits)),
  ]);
  signals.push(
    ...(await clock.time("synthetic", async () =>
      skip
        ? LEARNED_PICTURE_SIGNALS.map((id) => skipped(id, skip))
        : await reuse.signals(LEARNED_PICTURE_SIGNALS, () => learnedPictureSignals(image, faces, signals)),
    )),
  );
  const intimate = await clock.time("intimate", async () =>
    skip ? skippedIntimate(skip) : await reuse.intimate(async () => intimateFinding(image)),
  );
  const media: MediaInfo = {
    kind: "image",
    format: image.format,
    bytes: bytes.length,
    width: image.width,
    height: image.height,
  };
  return { media, faces, voice: null, signals, intimate };
}

async function analyseVideo(
  bytes: Uint8Array,
  options: AnalyseOptions,
  limits: MediaLimits,
  clock: Stopwatch,
  reuse: FindingsReuse,
) {
  const { probe, frames, audio } = await clock.time("decode", () =>
    sampleVideo(bytes, limits, { audioSampleRate: VOICE_SAMPLE_RATE }),
  );
  const scale = (frames[0]?.image.width ?? probe.width) / probe.width;
  const faces: DetectedFace[] = [];
  const analysedFrames: AnalysedFrame[] = [];
  await clock.time("faces", async () => {
    for (const frame of frames) {
      // A repeated frame (the same image object) has the faces already found, at its own time.
      const repeated = analysedFrames.at(-1);
      const found =
        repeated?.image.pixels === frame.image
          ? repeated.faces.map((face) => ({ ...face, timeSeconds: frame.timeSeconds }))
          : await detectFaces(frame.image, scale, options.enrolled, frame.timeSeconds);
      faces.push(...found);
      const image = { format: probe.format, width: probe.width, height: probe.height, pixels: frame.image, scale };
      analysedFrames.push({ timeSeconds: frame.timeSeconds, image, faces: found });
    }
  });
  if (options.onPdqProbes) options.onPdqProbes(await clock.time("pdq", () => pdqProbesOfFrames(frames)));
  const signals: Signal[] = [
    await c2paSignal(bytes, probe.format),
    xmpSignal(bytes),
    containerMetadataSignal(probe.tags),
  ];
  const skip = costlySkipReason(options, faces, null);
  const pictures = await clock.time("synthetic", async () =>
    skip
      ? { signals: LEARNED_PICTURE_SIGNALS.map((id) => skipped(id, skip)), intimate: skippedIntimate(skip) }
      : reuse.pictures(LEARNED_PICTURE_SIGNALS, () =>
          videoPictureSignals(analysedFrames, probe.format, signals, probe.durationSeconds),
        ),
  );
  signals.push(...pictures.signals);
  let voice: VoiceFindings | null = null;
  if (audio) {
    const analysis = await clock.time("voice", () =>
      analyseVoice(
        audio,
        options.enrolled,
        limits.maxVideoSeconds,
        (findings, why) => countermeasureSkipReason(options, faces, findings, why),
        (id, compute) => reuse.signal(id, compute),
      ),
    );
    voice = analysis.findings;
    signals.push(...analysis.signals);
  }
  const media: MediaInfo = {
    kind: "video",
    format: probe.format,
    bytes: bytes.length,
    width: probe.width,
    height: probe.height,
    durationSeconds: probe.durationSeconds,
    framesAnalysed: frames.length,
    hasAudio: probe.hasAudio,
  };
  return { media, faces, voice, signals, intimate: pictures.intimate };
}

async function analyseAudio(
  bytes: Uint8Array,
  options: AnalyseOptions,
  limits: MediaLimits,
  clock: Stopwatch,
  reuse: FindingsReuse,
) {
  const format = sniffMediaType(bytes).format;
  options.onPdqProbes?.([]);
  const analysis = await clock.time("voice", () =>
    analyseVoice(
      bytes,
      options.enrolled,
      limits.maxAudioSeconds,
      (findings, why) => countermeasureSkipReason(options, [], findings, why),
      (id, compute) => reuse.signal(id, compute),
    ),
  );
  const signals: Signal[] = [await c2paSignal(bytes, format), xmpSignal(bytes), ...analysis.signals];
  const media: MediaInfo = {
    kind: "audio",
    format,
    bytes: bytes.length,
    durationSeconds: analysis.durationSeconds,
    hasAudio: true,
  };
  return { media, faces: [] as DetectedFace[], voice: analysis.findings, signals };
}

/** Whose face and voice a piece of media holds and whether it is synthetic, with the evidence. */
export async function analyseMedia(bytes: Uint8Array, options: AnalyseOptions): Promise<DetectionResult> {
  return (await analyseMediaWithFindings(bytes, options)).result;
}

export interface AnalysisWithFindings {
  result: DetectionResult;
  /** Its person-independent findings (computed or reused), to keep for the next analysis of the same bytes. */
  findings: ReusableFindings;
  /** Costly steps (a signal, or detectors read together) computed by this analysis. */
  computedSteps: number;
  /** Steps whose readings were taken from `options.reuse` instead. */
  reusedSteps: number;
}

/**
 * analyseMedia, with the part of the analysis that does not depend on whom it looks for: what a
 * caller may keep by the media's SHA-256 and pass back as `reuse`, so the costly detectors run once
 * per piece of media whoever's analysis meets it. Faces, voices and matches are never in it.
 */
export async function analyseMediaWithFindings(
  bytes: Uint8Array,
  options: AnalyseOptions,
): Promise<AnalysisWithFindings> {
  const limits = resolveLimits(options.limits);
  if (bytes.length > limits.maxBytes) {
    throw new MediaError("too_large", `The file is ${bytes.length} bytes; the limit is ${limits.maxBytes}`);
  }
  const clock = new Stopwatch();
  const started = performance.now();
  const { kind } = sniffMediaType(bytes);
  const analyse = kind === "image" ? analyseImage : kind === "video" ? analyseVideo : analyseAudio;
  const reuse = new FindingsReuse(options.reuse);
  const analysed: {
    media: MediaInfo;
    faces: DetectedFace[];
    voice: VoiceFindings | null;
    signals: Signal[];
    intimate?: IntimateFinding | null;
  } = await analyse(bytes, options, limits, clock, reuse);
  const { media, faces, voice, signals } = analysed;
  const synthetic = fuseSignals(signals, media.kind);
  clock.timings.total = Math.round((performance.now() - started) * 10) / 10;
  const result: DetectionResult = {
    media,
    faces,
    voice,
    signals,
    synthetic,
    intimate: analysed.intimate ?? null,
    verdicts: verdictsFor(synthetic, signals, faces, voice),
    timingsMs: clock.timings,
  };
  return { result, findings: reuse.findings(), computedSteps: reuse.computedSteps, reusedSteps: reuse.reusedSteps };
}
