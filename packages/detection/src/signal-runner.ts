import type { DetectedFace, MediaKind, Signal, SignalId, VoiceFindings } from "./result.js";
import type { FindingsReuse } from "./reusable-findings.js";

/**
 * One signal of the analysis, as the signal table (signal-table.ts) lists it: which media it
 * reads, what it costs, and how it is computed. What decides whether it is computed is not in the
 * entry but in runSignals, the same rule for every signal.
 */
export interface SignalEntry<Context> {
  id: SignalId;
  kinds: readonly MediaKind[];
  /**
   * "costly" signals are computed on demand only where a likeness matched, and taken from earlier
   * findings of the same bytes where there are any; "cheap" ones (declarations read from the file)
   * are always read afresh.
   */
  cost: "cheap" | "costly";
  /** The timing it counts under (timingsMs). */
  stage: "provenance" | "synthetic" | "voice";
  /** False where this media has nothing for it (a video without an audio track, a head that may not speak). */
  applies?: (context: Context) => boolean;
  /** The reading when the media gives the signal too little to read (too little speech), before anything else. */
  unavailable?: (context: Context) => Signal | null;
  /**
   * Why no reading of it could change the verdict for this kind of media, whatever the caller
   * asked for: the fitted fusion leaves it out, or its operating point lets no reading count.
   */
  leftOut?: (kind: MediaKind) => string | null;
  /** On demand only: why no reading could count at its operating point now, though it may after a refit. */
  whyNoReadingCounts?: () => string | null;
  compute: (context: Context) => Promise<Signal> | Signal;
}

/** What the runner needs of any analysis: the kind, the likeness found so far, the signals read so far. */
export interface RunContext {
  kind: MediaKind;
  faces: DetectedFace[];
  /** The voice heard so far (a video's audio track is heard when its first voice signal comes up). */
  voice: VoiceFindings | null;
  /** Signals read so far, in table order: a later signal may bound its work by them. */
  signals: Signal[];
}

/** "all", or compute the costly signals only where a face or voice matched with at least this confidence (0-100). */
export type CostlySignals = "all" | { whenLikenessAtLeast: number };

/** Why the costly signals are skipped for media with the likeness found so far, or null to compute them. */
export function costlySkipReason(gate: CostlySignals, context: RunContext): string | null {
  if (gate === "all") return null;
  const confidences = [...context.faces.map((f) => f.match?.confidence ?? 0), context.voice?.match?.confidence ?? 0];
  if (confidences.some((c) => c >= gate.whenLikenessAtLeast)) return null;
  return `Not computed: no enrolled face or voice matched with ${gate.whenLikenessAtLeast}% confidence or more; this says nothing about whether the media is synthetic`;
}

export const skippedSignal = (id: SignalId, reason: string): Signal => ({
  id,
  status: "unknown",
  explanation: reason,
  evidence: { skipped: true },
});

export interface RunOptions<Context> {
  gate: CostlySignals;
  reuse?: FindingsReuse;
  /** Called before each entry that applies, to read what it needs first (a video's voice). */
  prepare?: (entry: SignalEntry<Context>) => Promise<void> | void;
  /** Times each entry's work (and its preparation) under its stage. */
  time?: <T>(stage: SignalEntry<Context>["stage"], work: () => Promise<T>) => Promise<T>;
}

/**
 * Every entry of the table that applies to this media, in table order, each by the same rule:
 * what the media lacks, then what the fit leaves out, then what the caller would not pay for (the
 * cost gate: costly signals need a likeness on demand, and a reading that could count), then an
 * earlier reading of the same bytes, and only then the computation.
 */
export async function runSignals<Context extends RunContext>(
  table: readonly SignalEntry<Context>[],
  context: Context,
  options: RunOptions<Context>,
): Promise<Signal[]> {
  const read: Signal[] = [];
  for (const entry of table) {
    if (!entry.kinds.includes(context.kind)) continue;
    const work = async () => {
      await options.prepare?.(entry);
      return entry.applies && !entry.applies(context) ? null : runOne(entry, context, options);
    };
    const signal = await (options.time ? options.time(entry.stage, work) : work());
    if (!signal) continue;
    read.push(signal);
    context.signals.push(signal);
  }
  return read;
}

async function runOne<Context extends RunContext>(
  entry: SignalEntry<Context>,
  context: Context,
  { gate, reuse }: RunOptions<Context>,
): Promise<Signal> {
  const unavailable = entry.unavailable?.(context);
  if (unavailable) return unavailable;
  const leftOut = entry.leftOut?.(context.kind);
  if (leftOut) return skippedSignal(entry.id, leftOut);
  if (entry.cost === "cheap") return entry.compute(context);
  const skip = costlySkipReason(gate, context) ?? (gate === "all" ? null : (entry.whyNoReadingCounts?.() ?? null));
  if (skip) return skippedSignal(entry.id, skip);
  return reuse ? reuse.signal(entry.id, () => entry.compute(context)) : entry.compute(context);
}
