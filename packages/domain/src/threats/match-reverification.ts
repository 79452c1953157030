import { LAPSED_MATCH_NOTE, UNVERIFIED_MATCH_NOTE } from "./classification.js";
import type { ThreatRecord } from "./threat-ports.js";

type Modality = "face" | "voice";
const MODALITIES: readonly Modality[] = ["face", "voice"];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const markOf = (detection: Record<string, unknown>, modality: Modality) => {
  const match = detection[modality];
  return isRecord(match) ? match.enrolment : undefined;
};

/**
 * A threat whose match rested on an unverified sample, found again by a scan that matched it
 * against a verified one (the person verified the face or voice since, in the onboarding or in
 * Biometric Training): the stored mark is what refuses notices (takedowns/likeness-enrolment.ts),
 * so it is revised to what the fresh analysis found. Only ever from unverified to verified: a
 * match found again against an unverified sample leaves the threat as it was.
 */
/**
 * The reverse, for the demotion of faces verified before the live check
 * (biometrics/live-check-demotion.ts): a face match not already marked unverified now rests on a
 * verification that no longer counts, so it is marked unverified, and a later scan matching it
 * against a live-checked face revises it back (verifiedMatchRevision). Null when nothing changes.
 */
export function lapsedFaceMatchRevision(
  stored: Pick<ThreatRecord, "detection" | "classification">,
  modality: "face" | "voice" = "face",
): Pick<ThreatRecord, "detection" | "classification"> | null {
  const match = stored.detection[modality];
  if (!isRecord(match) || match.enrolment === "unverified") return null;
  // `lapsed` says why, so a refused notice can tell a person verified since to run a scan.
  const detection = {
    ...stored.detection,
    [modality]: { ...match, enrolment: "unverified", lapsed: "predates-live-check" },
  };
  const c = stored.classification;
  const classification =
    (c.likeness.modality === "voice") === (modality === "voice") && c.likeness.enrolment !== "unverified"
      ? {
          ...c,
          reason: `${c.reason} ${LAPSED_MATCH_NOTE}`,
          likeness: { ...c.likeness, enrolment: "unverified" as const },
        }
      : c;
  return { detection, classification };
}

export function verifiedMatchRevision(
  stored: Pick<ThreatRecord, "detection" | "classification">,
  found: { detection: Record<string, unknown> },
): Pick<ThreatRecord, "detection" | "classification"> | null {
  const revised = MODALITIES.filter(
    (m) => markOf(stored.detection, m) === "unverified" && markOf(found.detection, m) === "verified",
  );
  if (revised.length === 0) return null;
  const detection = { ...stored.detection };
  for (const m of revised) {
    const { lapsed: _lapsed, ...match } = stored.detection[m] as Record<string, unknown>;
    detection[m] = { ...match, enrolment: "verified" };
  }
  const c = stored.classification;
  const classified = c.likeness.modality === "voice" ? "voice" : "face";
  const classification =
    c.likeness.enrolment === "unverified" && revised.includes(classified)
      ? {
          ...c,
          reason: c.reason.replace(` ${UNVERIFIED_MATCH_NOTE}`, "").replace(` ${LAPSED_MATCH_NOTE}`, ""),
          likeness: { ...c.likeness, enrolment: "verified" as const },
        }
      : c;
  return { detection, classification };
}
