import { z } from "zod";
import type { FalseMatchEvidence } from "../threats/match-band.js";
import type { ModalityFigure } from "./modality-figure.js";
import type { UsageFigures } from "./usage-figures.js";

/**
 * Figures the public pages may show about the system itself. They come only from measurements:
 * the detection benchmark's report (`npm run bench:detection`) and the platforms the scanner has
 * connectors for. A figure with no measurement behind it is left out, never filled with copy.
 * Every modality the product judges is here (faces, speakers, cloned voices, synthetic images and
 * face swaps), so the pages can say how well each is told apart, not only the strongest one.
 */

/**
 * A public figure rests on at least this many samples of each class it compares (issue 36 item 6):
 * "face swaps told from genuine faces 92.8%" was an AUC over 2 swapped faces.
 */
export const MIN_SAMPLES_PER_CLASS = 100;

const Z95 = 1.959964;

/** Wilson score interval for k of n at 95%. */
export function wilsonInterval(k: number, n: number): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Hanley and McNeil's (1982) standard error of an AUC, as a 95% normal interval clipped to [0, 1]. */
export function hanleyMcNeilInterval(auc: number, positives: number, negatives: number): { low: number; high: number } {
  const q1 = auc / (2 - auc);
  const q2 = (2 * auc * auc) / (1 + auc);
  const variance =
    (auc * (1 - auc) + (positives - 1) * (q1 - auc * auc) + (negatives - 1) * (q2 - auc * auc)) /
    (positives * negatives);
  const half = Z95 * Math.sqrt(Math.max(0, variance));
  return { low: Math.max(0, auc - half), high: Math.min(1, auc + half) };
}

export interface PublicMetrics {
  detection?: {
    /** Every modality's figures with their sample sizes, for the public pages. */
    modalities?: ModalityFigure[];
    faceTarAtFar1e3?: number;
    faceTarAtFar1e2?: number;
    facePairs?: { genuine: number; impostor: number };
    /** What a face match's band states about false matches (threats/match-band.ts). */
    faceFalseMatch?: FalseMatchEvidence;
    /** What a voice match's band states about false matches, from the speaker benchmark. */
    voiceFalseMatch?: FalseMatchEvidence;
    /** Speaker verification equal error rate. */
    speakerEer?: number;
    /** Cloned-voice countermeasure: equal error rate over all clones, and per cloning system. */
    cloneEer?: number;
    cloneEerBySystem?: Record<string, number>;
    /** Synthetic-image detection: recall at 2% false positives, and the ROC AUC. */
    syntheticImageRecallAtFpr2?: number;
    syntheticImageAuc?: number;
    faceSwapAuc?: number;
    /**
     * Timings hold only on the machine they were measured on, so they come with it: present only
     * when the report names its machine (and never to be read as the serving hardware's speed).
     */
    imageP50Ms?: number;
    imageP95Ms?: number;
    /** CPU seconds per second of audio, every signal on. */
    audioRealTimeFactor?: number;
    machine?: BenchmarkMachine;
    measuredAt?: string;
  };
  platformsMonitored: number;
  /** Counted from our own records (usage-figures.ts); absent when they could not be counted. */
  usage?: UsageFigures;
}

/** The machine a benchmark ran on, as its report's top-level "machine" records it. */
export interface BenchmarkMachine {
  cpuModel: string;
  arch: string;
  isa: string[];
  /** A short name for the instruction sets that matter ("x86-64 AVX-512 VNNI"), when the report gives one. */
  machineClass?: string;
  cores?: number;
  onnxruntime: string;
  /** Threads onnxruntime ran with (the report's `threads`, or `onnxThreads`). */
  threads: number;
  measuredAt: string;
}

const finite = z.number().finite();
const rate = finite.min(0).max(1);
/** A figure that is out of range or of the wrong type is dropped alone, never the whole report. */
const figure = <T extends z.ZodTypeAny>(schema: T) => schema.optional().catch(undefined);

const count = z.number().int().nonnegative();
/** A level's rate as the benchmark writes it: { genuine | synthetic: n, flagged, rate }. */
const GenuineRate = z
  .object({ genuine: count, flagged: count })
  .transform((r) => ({ total: r.genuine, flagged: r.flagged }));
const SyntheticRate = z
  .object({ synthetic: count, flagged: count })
  .transform((r) => ({ total: r.synthetic, flagged: r.flagged }));

const Report = z.object({
  face: z
    .object({
      images: figure(count),
      tarAtFar1e3: figure(rate),
      tarAtFar1e2: figure(rate),
      thresholdAtFar1e3: figure(finite.positive()),
      thresholdAtFar1e2: figure(finite.positive()),
      calibration: figure(z.object({ metric: z.literal("cosine"), a: finite.positive(), b: finite })),
      pairs: figure(z.object({ genuine: z.number().int().nonnegative(), impostor: z.number().int().nonnegative() })),
    })
    .optional()
    .catch(undefined),
  speaker: z
    .object({
      clips: figure(count),
      eer: figure(rate),
      thresholdAtFar1e3: figure(finite.positive()),
      thresholdAtFar1e2: figure(finite.positive()),
      calibration: figure(z.object({ metric: z.literal("cosine"), a: finite.positive(), b: finite })),
      pairs: figure(z.object({ genuine: z.number().int().nonnegative(), impostor: z.number().int().nonnegative() })),
    })
    .optional()
    .catch(undefined),
  clone: z
    .object({
      eer: figure(rate),
      eerBySystem: figure(z.record(z.string().max(100), rate)),
      clips: figure(z.object({ genuine: z.number().int().nonnegative(), synthetic: z.number().int().nonnegative() })),
    })
    .optional()
    .catch(undefined),
  syntheticImage: z
    .object({
      tprAtFpr2: figure(rate),
      auc: figure(rate),
      // At the "synthetic" level (bench/detection.ts levelRates): flagged of how many.
      genuineFalsePositiveRate: figure(z.object({ all: GenuineRate })),
      recallBySystem: figure(z.object({ all: SyntheticRate })),
      signals: figure(
        z.object({
          faceSwap: figure(
            z.object({
              crops: figure(
                z.object({ genuine: z.number().int().nonnegative(), synthetic: z.number().int().nonnegative() }),
              ),
            }),
          ),
        }),
      ),
    })
    .optional()
    .catch(undefined),
  faceSwap: z
    .object({
      auc: figure(rate),
      // The SBI head's material (bench:detection): swapped and genuine pictures and video frames.
      sbi: figure(
        z.object({
          swapped: z.object({ pictures: count, frames: count }),
          genuine: z.object({ pictures: count, frames: count }),
          decidesVerdicts: z.boolean().optional(),
          /** The verdict level the head's fit lets it state (bench:detection copies the shipped head's). */
          speaksAt: z.enum(["synthetic", "possibly-synthetic", "no-evidence"]).optional(),
        }),
      ),
    })
    .optional()
    .catch(undefined),
  latency: z
    .object({
      imageP50Ms: figure(finite.positive()),
      imageP95Ms: figure(finite.positive()),
      audioRealTimeFactor: figure(finite.positive()),
    })
    .optional()
    .catch(undefined),
  machine: figure(
    z
      .object({
        cpuModel: z.string().min(1).max(200),
        arch: z.string().min(1).max(40),
        isa: z.array(z.string().max(40)).max(40),
        machineClass: z.string().min(1).max(80).optional(),
        cores: z.number().int().positive().optional(),
        onnxruntime: z.string().min(1).max(40),
        threads: z.number().int().positive().optional(),
        onnxThreads: z.number().int().positive().optional(),
        measuredAt: z.string().datetime({ offset: true }),
      })
      .transform(({ threads, onnxThreads, ...machine }, ctx): BenchmarkMachine => {
        const count = threads ?? onnxThreads;
        if (count === undefined) {
          ctx.addIssue({ code: "custom", message: "the machine names no thread count" });
          return z.NEVER;
        }
        return { ...machine, threads: count };
      }),
  ),
  /** When the benchmark ran (`date` in its report). */
  date: figure(z.string().datetime({ offset: true })),
});

const defined = <T extends Record<string, unknown>>(entries: T): Partial<T> =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as Partial<T>;

export function publicMetrics(report: unknown, platformsMonitored: number): PublicMetrics {
  const parsed = Report.safeParse(report ?? {});
  if (!parsed.success) return { platformsMonitored };
  const { face, speaker, clone, syntheticImage, faceSwap, latency, machine, date } = parsed.data;
  const bySystem = clone?.eerBySystem;
  const detection = defined({
    faceTarAtFar1e3: face?.tarAtFar1e3,
    faceTarAtFar1e2: face?.tarAtFar1e2,
    facePairs: face?.pairs,
    faceFalseMatch: falseMatchEvidence("face", face, date),
    voiceFalseMatch: falseMatchEvidence("voice", speaker, date),
    speakerEer: speaker?.eer,
    cloneEer: clone?.eer,
    cloneEerBySystem: bySystem && Object.keys(bySystem).length > 0 ? bySystem : undefined,
    syntheticImageRecallAtFpr2: syntheticImage?.tprAtFpr2,
    syntheticImageAuc: syntheticImage?.auc,
    faceSwapAuc: faceSwapFigureSpeaksForVerdicts(faceSwap) ? faceSwap?.auc : undefined,
    imageP50Ms: machine ? latency?.imageP50Ms : undefined,
    imageP95Ms: machine ? latency?.imageP95Ms : undefined,
    audioRealTimeFactor: machine ? latency?.audioRealTimeFactor : undefined,
    machine,
    measuredAt: date,
  });
  const figures = modalityFigures(parsed.data);
  const withModalities = { ...withoutUnpublished(detection, figures.modalities ?? []), ...figures };
  return {
    ...(Object.keys(withModalities).length > 0 ? { detection: withModalities } : {}),
    platformsMonitored,
  };
}

/** The bare figures each modality's published figure stands for: served only where that figure is. */
const BARE_FIGURES: Record<ModalityFigure["modality"], (keyof NonNullable<PublicMetrics["detection"]>)[]> = {
  "face-match": ["faceTarAtFar1e3", "faceTarAtFar1e2", "facePairs"],
  "speaker-match": ["speakerEer"],
  "voice-clone": ["cloneEer", "cloneEerBySystem"],
  "synthetic-image": ["syntheticImageRecallAtFpr2", "syntheticImageAuc"],
  "face-swap": ["faceSwapAuc"],
};

/**
 * A figure on too few samples, or without them, is not served at all, bare or not: the API is as
 * public as the landing page.
 */
function withoutUnpublished<T extends Partial<NonNullable<PublicMetrics["detection"]>>>(
  detection: T,
  published: readonly ModalityFigure[],
): T {
  const kept = { ...detection };
  for (const [modality, keys] of Object.entries(BARE_FIGURES)) {
    if (published.some((f) => f.modality === modality)) continue;
    for (const key of keys) delete kept[key as keyof T];
  }
  return kept;
}

/**
 * What a match's band may state about false matches, from the modality's benchmark: the distances at
 * which it measured 1 in 1,000 and 1 in 100, each only where enough pairs of different people were
 * compared to measure it (1,000 at the very least for 1 in 1,000), and the calibration to read a
 * match's confidence back as a distance.
 */
function falseMatchEvidence(
  modality: FalseMatchEvidence["modality"],
  part:
    | {
        thresholdAtFar1e3?: number | undefined;
        thresholdAtFar1e2?: number | undefined;
        calibration?: { a: number; b: number } | undefined;
        pairs?: { impostor: number } | undefined;
      }
    | undefined,
  date: string | undefined,
): FalseMatchEvidence | undefined {
  const impostorPairs = part?.pairs?.impostor ?? 0;
  const thresholds = [
    { falseMatchRate: 0.001, distance: part?.thresholdAtFar1e3 },
    { falseMatchRate: 0.01, distance: part?.thresholdAtFar1e2 },
  ].filter(
    (t): t is { falseMatchRate: number; distance: number } =>
      t.distance !== undefined && impostorPairs * t.falseMatchRate >= 1,
  );
  if (!part?.calibration || thresholds.length === 0) return undefined;
  return {
    modality,
    calibration: { a: part.calibration.a, b: part.calibration.b },
    thresholds,
    impostorPairs,
    ...(date ? { measuredAt: date } : {}),
  };
}

/**
 * Each modality's figure with the set and material it was measured on and its 95% interval; one
 * whose sample sizes the report does not give, or with fewer than MIN_SAMPLES_PER_CLASS of any class,
 * is left out rather than shown.
 */
function modalityFigures(report: z.infer<typeof Report>): { modalities?: ModalityFigure[] } {
  const { face, speaker, clone, syntheticImage, faceSwap } = report;
  const figures: ModalityFigure[] = [];
  const add = (figure: ModalityFigure | undefined) => {
    if (figure?.samples.every((s) => s.count >= MIN_SAMPLES_PER_CLASS)) figures.push(figure);
  };
  const samples = (counts: [number, string][]) => counts.map(([count, of]) => ({ count, of }));
  // Pairs share photos and clips, so they are not independent draws: the interval over pairs is narrower
  // than the truth, and says so.
  const pairsCaveat = "pairs share photos, so the true uncertainty is wider";
  // A rate of 1 false match in 1,000 needs at least 1,000 different-person pairs to be measured.
  if (face?.tarAtFar1e3 !== undefined && face.pairs && face.pairs.impostor >= 1000) {
    const n = face.pairs.genuine;
    add({
      modality: "face-match",
      measure: "Same-person face pairs recognised, allowing 1 false match in 1,000",
      value: face.tarAtFar1e3,
      samples: samples([
        [face.pairs.genuine, "same-person pairs"],
        [face.pairs.impostor, "different-person pairs"],
      ]),
      set: `every pair of ${face.images ?? "the"} face photos of the deepface and face_recognition projects' test sets`,
      interval: {
        ...wilsonInterval(Math.round(face.tarAtFar1e3 * n), n),
        method: `Wilson score interval over the ${n.toLocaleString("en-US")} same-person pairs (${pairsCaveat})`,
      },
    });
  }
  // An equal error rate mixes both classes' errors: its interval takes the smaller class as n.
  const eerFigure = (
    modality: ModalityFigure["modality"],
    measure: string,
    eer: number,
    classes: [number, string][],
    set: string,
    caveat: string,
  ): ModalityFigure => {
    const n = Math.min(...classes.map(([count]) => count));
    return {
      modality,
      measure,
      value: eer,
      samples: samples(classes),
      set,
      interval: {
        ...wilsonInterval(Math.round(eer * n), n),
        method: `Wilson score interval with the smaller class (${n.toLocaleString("en-US")} ${caveat}`,
      },
    };
  };
  if (speaker?.eer !== undefined && speaker.pairs) {
    add(
      eerFigure(
        "speaker-match",
        "Voice match equal error rate (missed matches = false matches)",
        speaker.eer,
        [
          [speaker.pairs.genuine, "same-speaker pairs"],
          [speaker.pairs.impostor, "different-speaker pairs"],
        ],
        `every pair of ${speaker.clips ?? "the"} LibriSpeech clips`,
        "pairs) as n (clips recur across pairs, so the true uncertainty is wider)",
      ),
    );
  }
  if (clone?.eer !== undefined && clone.clips) {
    add(
      eerFigure(
        "voice-clone",
        "Cloned-voice equal error rate (clones missed = genuine recordings flagged)",
        clone.eer,
        [
          [clone.clips.synthetic, "cloned clips"],
          [clone.clips.genuine, "genuine clips"],
        ],
        "Tortoise TTS clones and genuine recordings of the same speakers",
        "clips) as n",
      ),
    );
  }
  const recall = syntheticImage?.recallBySystem?.all;
  const falsePositives = syntheticImage?.genuineFalsePositiveRate?.all;
  // A recall is shown only beside its false-positive rate, each on enough pictures of its class.
  if (
    recall &&
    falsePositives &&
    recall.total >= MIN_SAMPLES_PER_CLASS &&
    falsePositives.total >= MIN_SAMPLES_PER_CLASS
  ) {
    add({
      modality: "synthetic-image",
      measure: 'AI-generated pictures called "synthetic"',
      value: recall.flagged / recall.total,
      samples: samples([[recall.total, "AI-generated pictures"]]),
      set: "the detection benchmark's AI-generated pictures",
      interval: {
        ...wilsonInterval(recall.flagged, recall.total),
        method: `Wilson score interval over the ${recall.total.toLocaleString("en-US")} pictures`,
      },
    });
    add({
      modality: "synthetic-image",
      measure: 'Genuine pictures wrongly called "synthetic"',
      value: falsePositives.flagged / falsePositives.total,
      samples: samples([[falsePositives.total, "genuine pictures"]]),
      set: "the detection benchmark's genuine pictures",
      interval: {
        ...wilsonInterval(falsePositives.flagged, falsePositives.total),
        method: `Wilson score interval over the ${falsePositives.total.toLocaleString("en-US")} pictures`,
      },
    });
  }
  // faceSwap.auc is the SBI head's when the report says so, measured on its own pictures and frames.
  if (faceSwapFigureSpeaksForVerdicts(faceSwap) && faceSwap?.auc !== undefined) {
    const sbi = faceSwap.sbi;
    const crops = sbi
      ? { synthetic: sbi.swapped.pictures + sbi.swapped.frames, genuine: sbi.genuine.pictures + sbi.genuine.frames }
      : syntheticImage?.signals?.faceSwap?.crops;
    if (crops && crops.genuine > 0 && crops.synthetic > 0) {
      add({
        modality: "face-swap",
        measure: "Face swaps told from genuine faces (area under the ROC curve; 50% is chance)",
        value: faceSwap.auc,
        samples: samples([
          [crops.synthetic, "swapped faces"],
          [crops.genuine, "genuine faces"],
        ]),
        set: "the detection benchmark's swapped and genuine faces",
        interval: {
          ...hanleyMcNeilInterval(faceSwap.auc, crops.synthetic, crops.genuine),
          method: "Hanley and McNeil's standard error of the AUC, normal approximation",
        },
      });
    }
  }
  return figures.length > 0 ? { modalities: figures } : {};
}

/**
 * A head measured beside the product but stating no level in its verdicts (the SBI face-swap head
 * while its fit holds no level on genuine faces: `speaksAt` "no-evidence") is a research figure:
 * shown publicly, it would describe detection the product does not do.
 */
function faceSwapFigureSpeaksForVerdicts(faceSwap: z.infer<typeof Report>["faceSwap"]): boolean {
  const sbi = faceSwap?.sbi;
  return !sbi || sbi.decidesVerdicts === true || (sbi.speaksAt !== undefined && sbi.speaksAt !== "no-evidence");
}

export type { ModalityFigure } from "./modality-figure.js";
export { samplesWords } from "./samples-words.js";
