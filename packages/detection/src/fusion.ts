import type { DetectedFace, Signal, SyntheticScore, Verdict, VoiceFindings } from "./result.js";

/**
 * Fuses the per-signal scores into one synthetic probability and states the verdicts with the
 * evidence they rest on. Signals are treated as independent witnesses (noisy-OR): any one strong
 * declaration or detection suffices, and several weak ones add up. Only signals that produced a
 * score take part: a signal that found nothing, or could not look, does not vouch for the media,
 * so with no scored signal the fused status is "unknown", never "real".
 */

/** At or above this fused probability the media is called synthetic. */
export const SYNTHETIC_THRESHOLD = 0.5;
/** A face or voice match is stated as a verdict from this calibrated confidence (0-100). */
export const MATCH_VERDICT_CONFIDENCE = 50;

/**
 * A signal the fused score rests on: it detected something and its score adds to the fusion. A
 * detector firing at an operating point no better than chance scores 0 (voice-antispoof) and is
 * not cited as the basis of a "synthetic" verdict.
 */
const isEvidence = (signal: Signal): boolean =>
  signal.status === "present" && typeof signal.score === "number" && signal.score > 0;

export function fuseSignals(signals: Signal[]): SyntheticScore {
  const scored = signals.filter((signal) => typeof signal.score === "number");
  if (scored.length === 0) {
    const tampered = signals.some((signal) => signal.status === "present");
    return {
      score: null,
      status: "unknown",
      explanation: tampered
        ? "No signal scored the media, but some integrity problem was found (see signals)"
        : "No signal could tell whether the media is synthetic; this is not evidence that it is genuine",
    };
  }
  const score = 1 - scored.reduce((keep, signal) => keep * (1 - (signal.score as number)), 1);
  const present = scored.filter(isEvidence).map((signal) => signal.id);
  return {
    score,
    status: score >= SYNTHETIC_THRESHOLD ? "synthetic" : "no-evidence",
    explanation:
      score >= SYNTHETIC_THRESHOLD
        ? `Likely synthetic (${(score * 100).toFixed(1)}%), from ${present.join(", ") || scored.map((s) => s.id).join(", ")}`
        : `No signal found synthetic media (${scored.map((s) => s.id).join(", ")} looked); this does not prove it genuine`,
  };
}

export function verdictsFor(
  synthetic: SyntheticScore,
  signals: Signal[],
  faces: DetectedFace[],
  voice: VoiceFindings | null,
): Verdict[] {
  const verdicts: Verdict[] = [];
  if (synthetic.status === "synthetic" && synthetic.score !== null) {
    verdicts.push({
      kind: "synthetic",
      conclusion: "likely synthetic",
      confidence: Math.round(synthetic.score * 1000) / 10,
      basedOn: signals.filter(isEvidence).map((s) => s.id),
    });
  }
  const bestByPerson = new Map<string, { confidence: number; faces: string[] }>();
  faces.forEach((face, index) => {
    if (!face.match || face.match.confidence < MATCH_VERDICT_CONFIDENCE) return;
    const entry = bestByPerson.get(face.match.personId) ?? { confidence: 0, faces: [] };
    entry.confidence = Math.max(entry.confidence, face.match.confidence);
    entry.faces.push(`face:${index}`);
    bestByPerson.set(face.match.personId, entry);
  });
  for (const [personId, entry] of bestByPerson) {
    verdicts.push({ kind: "face-match", conclusion: personId, confidence: entry.confidence, basedOn: entry.faces });
  }
  if (voice?.match && voice.match.confidence >= MATCH_VERDICT_CONFIDENCE) {
    verdicts.push({
      kind: "voice-match",
      conclusion: voice.match.personId,
      confidence: voice.match.confidence,
      basedOn: ["voice"],
    });
  }
  return verdicts;
}
