import { z } from "zod";
import { SELF_PERSON_ID } from "../records.js";
import { Threat } from "../table/entities.js";
import { classifyImpersonation, classifyMedia, type MediaEvidence, type SignalReading } from "./classification.js";
import { ThreatClassification } from "./classification-schema.js";
import { lacksListingFields } from "./threat-listing-fields.js";
import type { ThreatRecord } from "./threat-ports.js";
import { titleFor } from "./threat-titles.js";

/**
 * A threat as any earlier version stored it: its classification missing (recorded before threats
 * were classified) or of an older shape, its evidence only in the untyped detection record. Only
 * this migration reads threats so; it rewrites each with a classification, and every other read
 * parses that strictly (Threat).
 */
export const LegacyThreat = Threat.schema.extend({ classification: z.unknown().optional() });
export type LegacyThreat = z.infer<typeof LegacyThreat>;

/**
 * The fused synthetic probability at or above which the pre-fusion scans called media synthetic.
 * Used only to re-derive stored threats that carry a score and no verdict (migration).
 */
const LEGACY_SYNTHETIC_THRESHOLD = 0.5;

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
function deriveClassification(threat: LegacyThreat): ThreatClassification {
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

/**
 * The migration's rewrite of one stored threat: type, title and classification from its own stored
 * detection data. Returns null when nothing changes, so re-running the migration writes nothing.
 */
export function reclassifyStoredThreat(threat: LegacyThreat, whose: string): ThreatRecord | null {
  const classification = deriveClassification(threat);
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

/** Where the migration reads every stored threat and writes one back only if nobody changed it meanwhile. */
export interface StoredThreats {
  all(): AsyncIterable<LegacyThreat>;
  /** Writes `next` unless the stored threat's updatedAt is no longer `previousUpdatedAt`; returns whether it wrote. */
  replaceIfUnchanged(next: ThreatRecord, previousUpdatedAt: string): Promise<boolean>;
  /** The threat as stored now (null once deleted), to try again at one changed while migrating. */
  current(userId: string, id: string): Promise<LegacyThreat | null>;
  /** A protected person's display name, for titles; the account holder is "you". */
  personName(userId: string, personId: string): Promise<string | undefined>;
}

export interface MigrationRun {
  examined: number;
  migrated: number;
  /** Changed by a scan or the person at every try while migrating: left for the next run. */
  skipped: number;
}

/**
 * Tries at one threat that keeps changing while it is migrated. Until migrated a threat cannot be
 * read as one, so a threat a scan or a person changed meanwhile is read again and tried again.
 */
const ATTEMPTS_PER_THREAT = 3;

/**
 * Re-derives type, title, severity and classification of every stored threat from its own stored
 * detection data (threats recorded before evidence-based classification called every face match a
 * deepfake), and gives threats stored before the paged list its listing fields, index keys and
 * groups. Idempotent: a threat already in line is not written.
 */
export async function migrateThreatClassification(store: StoredThreats, now: () => string): Promise<MigrationRun> {
  const run: MigrationRun = { examined: 0, migrated: 0, skipped: 0 };
  for await (const first of store.all()) {
    run.examined += 1;
    const whose =
      first.personId === SELF_PERSON_ID ? "you" : ((await store.personName(first.userId, first.personId)) ?? "you");
    let threat: LegacyThreat | null = first;
    let outcome: keyof Omit<MigrationRun, "examined"> | "inLine" = "skipped";
    for (let attempt = 0; threat && attempt < ATTEMPTS_PER_THREAT; attempt++) {
      // Threats stored before the list's keys existed are rewritten too, which gives them those keys.
      const next =
        reclassifyStoredThreat(threat, whose) ?? (lacksListingFields(threat) ? Threat.schema.parse(threat) : null);
      if (!next) {
        outcome = "inLine";
        break;
      }
      if (await store.replaceIfUnchanged({ ...next, updatedAt: now() }, threat.updatedAt)) {
        outcome = "migrated";
        break;
      }
      threat = await store.current(threat.userId, threat.id);
    }
    if (outcome !== "inLine") run[outcome] += 1;
  }
  return run;
}
