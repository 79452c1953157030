import { classifyImpersonation, classifyMedia, type MediaEvidence, type SignalReading } from "./classification.js";
import { ThreatClassification } from "./classification-schema.js";
import { titleFor } from "./threat-titles.js";

/**
 * The fused synthetic probability at or above which the pre-fusion scans called media synthetic.
 * Used only to re-derive stored threats that carry a score and no verdict (migration).
 */
const LEGACY_SYNTHETIC_THRESHOLD = 0.5;

/** The stored threat fields classification reads; kept structural so notices and alerts can pass theirs. */
export interface StoredThreat {
  threatType: string;
  confidence: number;
  personId?: string;
  url?: string;
  detection: Record<string, unknown>;
  classification?: ThreatClassification | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored match, with the enrolment the scan (or the live-check demotion) marked it as resting on. */
function matchOf(value: unknown, personId = "self") {
  if (!isRecord(value) || typeof value.confidence !== "number") return null;
  const enrolment: "verified" | "unverified" | undefined =
    value.enrolment === "verified" || value.enrolment === "unverified" ? value.enrolment : undefined;
  return {
    personId: typeof value.personId === "string" ? value.personId : personId,
    confidence: value.confidence,
    ...(enrolment ? { enrolment } : {}),
    ...(value.lapsed === "predates-live-check" ? { lapsed: true } : {}),
  };
}

function syntheticStatus(detection: Record<string, unknown>): MediaEvidence["synthetic"]["status"] {
  const verdict = detection.synthetic;
  if (verdict === "synthetic" || verdict === true) return "synthetic";
  if (verdict === "possibly-synthetic") return "possibly-synthetic";
  if (verdict === "no-synthetic-evidence" || verdict === "no-evidence" || verdict === false) return "no-evidence";
  const score = detection.syntheticScore;
  if (typeof score === "number") return score >= LEGACY_SYNTHETIC_THRESHOLD ? "synthetic" : "no-evidence";
  return "unknown";
}

function signalsOf(value: unknown): SignalReading[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .flatMap((s) =>
      typeof s.id === "string" && typeof s.status === "string"
        ? [{ id: s.id, status: s.status, ...(typeof s.score === "number" ? { score: s.score } : {}) }]
        : [],
    );
}

function intimateOf(detection: Record<string, unknown>): MediaEvidence["intimate"] {
  const value = detection.intimate;
  if (value === true || detection.nsfw === true) return { status: "present" };
  if (isRecord(value) && typeof value.status === "string") {
    return { status: value.status, ...(typeof value.score === "number" ? { score: value.score } : {}) };
  }
  return null;
}

/**
 * Re-derives a threat's classification from the detection data stored with it (threats recorded
 * before classification, or by an older scan). A match the stored data no longer shows falls back
 * to the stored confidence of the modality its old type named, since that is what was matched.
 */
export function deriveClassification(threat: StoredThreat): ThreatClassification {
  const d = threat.detection;
  if (threat.threatType === "impersonation" || typeof d.handle === "string") {
    const avatar = matchOf(d.face, threat.personId);
    return classifyImpersonation({
      confidence: avatar?.confidence ?? threat.confidence,
      ...(avatar?.enrolment ? { enrolment: avatar.enrolment } : {}),
      ...(avatar?.lapsed ? { lapsed: true } : {}),
      handle: typeof d.handle === "string" ? d.handle : "unknown",
      ...(typeof d.nameMatch === "string" ? { nameMatch: d.nameMatch } : {}),
      found: threat.url ? { url: threat.url } : {},
      derivedFrom: "stored-detection",
    });
  }
  let face = matchOf(d.face, threat.personId);
  let voice = matchOf(d.voice, threat.personId);
  if (!face && !voice) {
    const fallback = { personId: threat.personId ?? "self", confidence: threat.confidence };
    if (threat.threatType === "voice_clone") voice = fallback;
    else face = fallback;
  }
  const score = typeof d.syntheticScore === "number" ? d.syntheticScore : null;
  const classified = classifyMedia(
    {
      face,
      voice,
      synthetic: { status: syntheticStatus(d), score },
      signals: signalsOf(d.signals),
      intimate: intimateOf(d),
      found: threat.url ? { url: threat.url } : {},
    },
    0,
    "stored-detection",
  );
  // classifyMedia answers null only without a match, and a fallback match was set above.
  if (!classified) throw new Error("A stored threat always has a match to classify");
  return classified.classification;
}

/** The stored classification when it parses, else one re-derived from stored detection data. */
export function classificationOf(threat: StoredThreat): ThreatClassification {
  const stored = ThreatClassification.safeParse(threat.classification);
  return stored.success ? stored.data : deriveClassification(threat);
}

/**
 * The migration's rewrite of one stored threat: type, title and classification from its own stored
 * detection data. Returns null when nothing changes, so re-running the migration writes nothing.
 */
export function reclassifyStoredThreat<T extends StoredThreat & { title?: string | undefined }>(
  threat: T,
  whose: string,
): T | null {
  const classification = deriveClassification({ ...threat, classification: undefined });
  const kept = ThreatClassification.safeParse(threat.classification);
  // A classification made by a scan saw more than the stored detection keeps (the content's title,
  // operating points): keep it, and only bring type and title in line with it.
  const next = kept.success && kept.data.derivedFrom === "scan" ? kept.data : classification;
  const title = titleFor(next.type, next.likeness.modality, whose, next.likeness.handle);
  const unchanged =
    threat.threatType === next.type &&
    threat.title === title &&
    JSON.stringify(threat.classification) === JSON.stringify(next);
  if (unchanged) return null;
  return { ...threat, threatType: next.type, title, classification: next };
}
