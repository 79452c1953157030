import { VOICE_COUNTERMEASURES } from "@lg/detection/result";
import { claimsSynthesis, DECLARATION_SIGNALS, INTIMATE_CLAIM_MAX_FPR } from "./claim-policy.js";
import type { StatedOperatingPoint, ThreatClassification, ThreatKind } from "./classification-schema.js";
import { type MatchLimit, matchLimitWords, matchPhrase } from "./match-band.js";
import { severityFor } from "./severity-policy.js";
import { signalNames } from "./signal-names.js";

/**
 * What a threat is, decided from what detection found, never from the match alone. A face or
 * voice match says whose likeness it is; only synthetic-media evidence makes it a deepfake or a
 * voice clone, and only the explicit-content finding makes it intimate imagery. A match with no
 * synthetic evidence is the person's genuine likeness used without consent (a re-upload), and is
 * never called fake. The reason it states is written here; the stored shape is
 * classification-schema.ts, severity and what may be claimed are the policies beside it.
 */

export interface SignalReading {
  id: string;
  status: string;
  score?: number;
  operatingPoint?: StatedOperatingPoint;
}

/** `lapsed`: the match was made on a face verified before the live check (biometrics/live-check-demotion.ts). */
type LikenessMatch = {
  personId: string;
  confidence: number;
  enrolment?: "verified" | "unverified";
  lapsed?: boolean;
  limitedBy?: MatchLimit[];
};

/** Said on a threat whose match rests on a sample the server never verified. */
export const UNVERIFIED_MATCH_NOTE =
  "This match rests on an unverified enrolment (reported by the browser, not checked by the server), so no notice can go under your name until it is verified.";

/** Said on a threat whose face match rested on a verification made before the live check. */
export const LAPSED_MATCH_NOTE =
  "This match rests on a face verified before the live check, which no longer counts, so no notice can go under your name until you verify your face again with the live check and a scan finds this again.";

/** What a threat's reason adds about the enrolment its match rests on. */
const enrolmentNote = (match: { enrolment?: "verified" | "unverified"; lapsed?: boolean }) =>
  match.enrolment === "unverified" ? ` ${match.lapsed ? LAPSED_MATCH_NOTE : UNVERIFIED_MATCH_NOTE}` : "";

/** What classification reads of one media finding: matches, the synthetic verdict, the explicit-content finding. */
export interface MediaEvidence {
  face: LikenessMatch | null;
  voice: LikenessMatch | null;
  synthetic: {
    status: "synthetic" | "possibly-synthetic" | "no-evidence" | "unknown";
    score: number | null;
    operatingPoint?: StatedOperatingPoint;
  };
  signals: SignalReading[];
  intimate?: { status: string; score?: number; operatingPoint?: StatedOperatingPoint } | null;
  found?: { title?: string; url?: string };
}

export interface ClassifiedMedia {
  personId: string;
  confidence: number;
  classification: ThreatClassification;
}

const pct = (confidence: number) => `${Math.round(confidence)}%`;
/**
 * "a strong match, no higher because part of the face is outside the picture": the band a person
 * reads, never a percentage (the calibration reads 99-100% for nearly every clear match), and what
 * held it down.
 */
const matchStated = (match: Pick<LikenessMatch, "confidence" | "limitedBy">) =>
  `a ${matchPhrase(match.confidence)}` +
  (match.limitedBy?.length ? `, no higher because ${matchLimitWords(match.limitedBy)}` : "");
/** "1.2% of 311 genuine pictures" where the count is known. */
export const genuineRateWords = (point: StatedOperatingPoint) =>
  `${(point.falsePositiveRate * 100).toFixed(1)}% of ${point.genuineCount !== undefined ? `${point.genuineCount} genuine pictures` : "genuine media"}`;
const fprWords = (point?: StatedOperatingPoint) =>
  point ? `; the detector wrongly flags ${genuineRateWords(point)}` : "";

function presentSignals(signals: readonly SignalReading[], among?: ReadonlySet<string>) {
  return signals.filter((s) => s.status === "present" && (!among || among.has(s.id)));
}

/** The operating point a verdict rests on: the fused decision's, else the strongest present learned signal's. */
function statedPoint(evidence: MediaEvidence, present: readonly SignalReading[]): StatedOperatingPoint | undefined {
  if (evidence.synthetic.operatingPoint) return evidence.synthetic.operatingPoint;
  return present
    .filter((s) => s.operatingPoint)
    .sort((a, b) => (a.operatingPoint?.falsePositiveRate ?? 1) - (b.operatingPoint?.falsePositiveRate ?? 1))[0]
    ?.operatingPoint;
}

function syntheticFacts(evidence: MediaEvidence, present: readonly SignalReading[]): ThreatClassification["synthetic"] {
  const point = statedPoint(evidence, present);
  return {
    status: evidence.synthetic.status,
    score: evidence.synthetic.score,
    detectors: present.map((s) => s.id),
    declared: present.some((s) => DECLARATION_SIGNALS.has(s.id)),
    ...(point ? { operatingPoint: point } : {}),
  };
}

/**
 * A "possibly synthetic" reading is reported with the rate that keeps it from being a claim: at that
 * level the detectors also flag that share of genuine pictures, so it is not called synthetic.
 */
function possiblyWords(synthetic: ThreatClassification["synthetic"]): string {
  const by = signalNames(synthetic.detectors) || "the combined detectors";
  const rate = synthetic.operatingPoint
    ? ` (at that level it also flags ${genuineRateWords(synthetic.operatingPoint)})`
    : "";
  return `${by} read it as possibly synthetic${rate}, below the bar for calling it synthetic: it is treated as your likeness used without consent.`;
}

/**
 * One media finding to a threat type, or null when no enrolled likeness matched at or above
 * `matchFloor`. Order: intimate depiction of the matched face; synthetic face media; a cloned
 * voice; otherwise the genuine likeness used without consent.
 */
export function classifyMedia(
  evidence: MediaEvidence,
  matchFloor: number,
  derivedFrom: ThreatClassification["derivedFrom"] = "scan",
): ClassifiedMedia | null {
  const face = evidence.face && evidence.face.confidence >= matchFloor ? evidence.face : null;
  const voice = evidence.voice && evidence.voice.confidence >= matchFloor ? evidence.voice : null;
  if (!face && !voice) return null;
  const found = evidence.found ?? {};
  const present = presentSignals(evidence.signals);
  let synthetic = syntheticFacts(evidence, present);
  // A picture detector's "synthetic" at a looser point than the claim bar is only "possibly".
  if (synthetic.status === "synthetic" && !claimsSynthesis(synthetic))
    synthetic = { ...synthetic, status: "possibly-synthetic" };
  const isSynthetic = synthetic.status === "synthetic";
  const voiceCountermeasure = presentSignals(evidence.signals, VOICE_COUNTERMEASURES);
  const declaredVoice = isSynthetic && present.some((s) => DECLARATION_SIGNALS.has(s.id));
  const intimateRead = evidence.intimate?.status === "present";
  const intimateRate = evidence.intimate?.operatingPoint?.falsePositiveRate;
  const intimateFound = intimateRead && !(intimateRate !== undefined && intimateRate > INTIMATE_CLAIM_MAX_FPR);

  let type: ThreatKind;
  let match: LikenessMatch;
  let modality: "face" | "voice";
  let reason: string;
  if (face && intimateFound) {
    type = "intimate_imagery";
    match = face;
    modality = "face";
    reason =
      `The explicit-content detector found an intimate depiction and a face in it matches (${matchStated(face)})` +
      `${fprWords(evidence.intimate?.operatingPoint ?? undefined)}. ` +
      (isSynthetic
        ? "It also carries synthetic-media evidence."
        : synthetic.status === "possibly-synthetic"
          ? "A detector read it as possibly synthetic, below the bar for calling it synthetic."
          : "No synthetic-media evidence was found.");
  } else if (
    face &&
    isSynthetic &&
    (!voice || face.confidence >= voice.confidence || voiceCountermeasure.length === 0)
  ) {
    type = "deepfake";
    match = face;
    modality = "face";
    reason =
      `A face matches (${matchStated(face)}) and the synthetic-media verdict is "synthetic" ` +
      `(${signalNames(synthetic.detectors) || "the combined detectors' score"}${fprWords(synthetic.operatingPoint)}).`;
  } else if (voice && (voiceCountermeasure.length > 0 || declaredVoice)) {
    type = "voice_clone";
    match = voice;
    modality = "voice";
    const used = voiceCountermeasure.length > 0 ? voiceCountermeasure : present;
    // The countermeasure's own operating point, not the fused picture decision's, is what decided.
    const point = statedPoint({ ...evidence, synthetic: { status: evidence.synthetic.status, score: null } }, used);
    const { operatingPoint: _fused, ...rest } = synthetic;
    synthetic = point ? { ...rest, operatingPoint: point } : rest;
    reason =
      `The voice matches (${matchStated(voice)}) and ${signalNames(used.map((s) => s.id))} found it synthetic` +
      `${fprWords(synthetic.operatingPoint)}.`;
  } else {
    type = "likeness_misuse";
    const best = face && (!voice || face.confidence >= voice.confidence) ? face : (voice as LikenessMatch);
    match = best;
    modality = best === face ? "face" : "voice";
    reason =
      `The ${modality} matches (${matchStated(best)}) and ` +
      (synthetic.status === "unknown"
        ? "whether it is synthetic could not be checked, so it is treated as the genuine likeness."
        : synthetic.status === "possibly-synthetic"
          ? possiblyWords(synthetic)
          : "no synthetic-media evidence was found: it is treated as the genuine likeness re-used without consent.");
  }
  if (face && intimateRead && !intimateFound)
    reason +=
      ` The explicit-content detector read it as possibly explicit${evidence.intimate?.score !== undefined ? ` (score ${pct(evidence.intimate.score * 100)})` : ""},` +
      ` but on this kind of media it wrongly flags ${((intimateRate ?? 0) * 100).toFixed(1)}% of genuine, non-explicit material,` +
      " so it is not called intimate imagery: look at it yourself.";
  const intimate =
    type === "intimate_imagery"
      ? {
          ...(evidence.intimate?.score !== undefined ? { score: evidence.intimate.score } : {}),
          ...(evidence.intimate?.operatingPoint ? { operatingPoint: evidence.intimate.operatingPoint } : {}),
        }
      : undefined;
  return {
    personId: match.personId,
    confidence: match.confidence,
    classification: {
      type,
      severity: severityFor(type, match.confidence, synthetic, intimate),
      reason: `${reason}${enrolmentNote(match)}`,
      likeness: {
        modality,
        confidence: match.confidence,
        ...(match.enrolment ? { enrolment: match.enrolment } : {}),
        ...(match.limitedBy?.length ? { limitedBy: match.limitedBy } : {}),
      },
      synthetic,
      ...(intimate ? { intimate } : {}),
      found,
      derivedFrom,
    },
  };
}

/** An impersonating profile: a look-alike name whose avatar is the person's face. */
export function classifyImpersonation(input: {
  confidence: number;
  nameMatch?: string;
  handle: string;
  found?: { title?: string; url?: string };
  derivedFrom?: ThreatClassification["derivedFrom"];
  enrolment?: "verified" | "unverified";
  lapsed?: boolean;
}): ThreatClassification {
  const synthetic = { status: "unknown" as const, score: null, detectors: [], declared: false };
  return {
    type: "impersonation",
    severity: severityFor("impersonation", input.confidence, synthetic),
    reason:
      `The profile @${input.handle}${input.nameMatch ? ` goes by a name like "${input.nameMatch}" and` : ""} ` +
      `shows a matching face (${matchStated(input)}).` +
      enrolmentNote(input),
    likeness: {
      modality: "profile",
      confidence: input.confidence,
      ...(input.nameMatch ? { nameMatch: input.nameMatch } : {}),
      handle: input.handle,
      ...(input.enrolment ? { enrolment: input.enrolment } : {}),
    },
    synthetic,
    found: input.found ?? {},
    derivedFrom: input.derivedFrom ?? "scan",
  };
}
