import { intimateFinding } from "./explicit/finding.js";
import { detectFaces, detectFacesInImage } from "./face/detect-faces.js";
import { fuseSignals, verdictsFor } from "./fusion.js";
import {
  PDQ_DECODE_MAX_SIDE,
  type PdqProbe,
  pdqProbeOfPicture,
  pdqProbesOf,
  pdqProbesOfFrames,
} from "./hashing/pdq-media.js";
import type { Identities } from "./identity-matcher.js";
import { MediaError } from "./media/errors.js";
import { decodeImage } from "./media/image.js";
import { type MediaLimits, resolveLimits } from "./media/limits.js";
import { sniffMediaType } from "./media/sniff.js";
import { sampleVideo } from "./media/video.js";
import type {
  DetectedFace,
  DetectionResult,
  IntimateFinding,
  MediaFormat,
  MediaInfo,
  MediaKind,
  Signal,
} from "./result.js";
import { FindingsReuse, type ReusableFindings } from "./reusable-findings.js";
import { type CostlySignals, costlySkipReason, runSignals } from "./signal-runner.js";
import { type AnalysisContext, SIGNAL_TABLE, WATERMARK_MAX_PIXELS } from "./signal-table.js";
import {
  type AnalysedFrame,
  LEARNED_PICTURE_SIGNALS,
  type VideoPictureSignals,
  videoPictureSignals,
} from "./video-signals.js";
import { hearVoice, VOICE_SAMPLE_RATE } from "./voice-path.js";

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
  costlySignals?: CostlySignals;
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

class Stopwatch {
  readonly timings: Record<string, number> = {};
  /** Times the work under `name`, adding to what was timed under it before (a stage's signals one by one). */
  async time<T>(name: string, work: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      const total = (this.timings[name] ?? 0) + (performance.now() - start);
      this.timings[name] = Math.round(total * 10) / 10;
    }
  }
}

const skippedIntimate = (reason: string): IntimateFinding => ({
  status: "unknown",
  explanation: reason,
  evidence: { skipped: true },
});

/** What an analysis decoded and found before its signals: the media, its faces and (later) its voice. */
interface Prepared {
  media: MediaInfo;
  context: AnalysisContext;
  /** Hears the voice of a video's audio track or an audio file, once. */
  hear?: () => Promise<void>;
  /** The explicit-content reading, unless the cost gate skips it. */
  intimate?: () => Promise<IntimateFinding | null>;
}

const baseContext = (kind: MediaKind, bytes: Uint8Array, format: MediaFormat, limits: MediaLimits) => ({
  kind,
  bytes,
  format,
  limits,
  faces: [] as DetectedFace[],
  voice: null,
  heard: null,
  signals: [] as Signal[],
  image: null,
  containerTags: {},
  videoPictures: () => Promise.reject(new Error("Only a video has a picture pass")),
});

async function prepareImage(
  bytes: Uint8Array,
  options: AnalyseOptions,
  limits: MediaLimits,
  clock: Stopwatch,
  reuse: FindingsReuse,
): Promise<Prepared> {
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
  const media: MediaInfo = {
    kind: "image",
    format: image.format,
    bytes: bytes.length,
    width: image.width,
    height: image.height,
  };
  const context: AnalysisContext = { ...baseContext("image", bytes, image.format, limits), faces, image };
  return { media, context, intimate: () => intimateFinding(image) };
}

async function prepareVideo(
  bytes: Uint8Array,
  options: AnalyseOptions,
  limits: MediaLimits,
  clock: Stopwatch,
): Promise<Prepared> {
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
  let pass: Promise<VideoPictureSignals> | undefined;
  const context: AnalysisContext = {
    ...baseContext("video", bytes, probe.format, limits),
    faces,
    containerTags: probe.tags,
    // The declarations read before the pass bound its work (a face's own CLIP pass where it could change the verdict).
    videoPictures: () =>
      (pass ??= videoPictureSignals(
        analysedFrames,
        probe.format,
        context.signals.filter((s) => !LEARNED_PICTURE_SIGNALS.includes(s.id)),
        probe.durationSeconds,
      )),
  };
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
  const hear = async () => {
    if (!audio || context.heard) return;
    context.heard = await hearVoice(audio, options.enrolled, limits.maxVideoSeconds);
    context.voice = context.heard.findings;
  };
  return { media, context, hear, intimate: async () => (await context.videoPictures()).intimate };
}

async function prepareAudio(bytes: Uint8Array, options: AnalyseOptions, limits: MediaLimits): Promise<Prepared> {
  const format = sniffMediaType(bytes).format;
  options.onPdqProbes?.([]);
  const context: AnalysisContext = baseContext("audio", bytes, format, limits);
  const media: MediaInfo = { kind: "audio", format, bytes: bytes.length, durationSeconds: 0, hasAudio: true };
  const hear = async () => {
    if (context.heard) return;
    context.heard = await hearVoice(bytes, options.enrolled, limits.maxAudioSeconds);
    context.voice = context.heard.findings;
    media.durationSeconds = context.heard.audio.durationSeconds;
  };
  return { media, context, hear };
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
  const reuse = new FindingsReuse(options.reuse);
  const prepared =
    kind === "image"
      ? await prepareImage(bytes, options, limits, clock, reuse)
      : kind === "video"
        ? await prepareVideo(bytes, options, limits, clock)
        : await prepareAudio(bytes, options, limits);
  const { media, context } = prepared;
  const gate = options.costlySignals ?? "all";
  const signals = await runSignals(SIGNAL_TABLE, context, {
    gate,
    reuse,
    prepare: (entry) => (entry.stage === "voice" ? prepared.hear?.() : undefined),
    time: (stage, work) => clock.time(stage, work),
  });
  // The explicit-content reading is costly and person-independent too, and reads the pictures: it is
  // gated on the likeness in them (the faces), as the picture signals were before any voice was heard.
  const readIntimate = prepared.intimate;
  const intimate = readIntimate
    ? await clock.time(kind === "video" ? "synthetic" : "intimate", async () => {
        const skip = costlySkipReason(gate, { ...context, voice: null });
        return skip ? skippedIntimate(skip) : reuse.intimate(readIntimate);
      })
    : null;
  const { faces, voice } = context;
  const synthetic = fuseSignals(signals, media.kind);
  clock.timings.total = Math.round((performance.now() - started) * 10) / 10;
  const result: DetectionResult = {
    media,
    faces,
    voice,
    signals,
    synthetic,
    intimate,
    verdicts: verdictsFor(synthetic, signals, faces, voice),
    timingsMs: clock.timings,
  };
  return { result, findings: reuse.findings(), computedSteps: reuse.computedSteps, reusedSteps: reuse.reusedSteps };
}
