import type { ThreatRecord } from "../scanning/threat-ports.js";

/** What the API shows of a threat: the spec's fields plus sightings; never embeddings. */
export function threatView(t: ThreatRecord) {
  return {
    id: t.id,
    threatType: t.threatType,
    confidence: t.confidence,
    platform: t.platform,
    contentType: t.contentType,
    url: t.url,
    title: t.title,
    status: t.status,
    personId: t.personId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    removedAt: t.removedAt,
    evidenceData: t.evidenceData ? { hash: t.evidenceData.hash, capturedAt: t.evidenceData.capturedAt } : undefined,
    // Pictures (and impersonators' avatars) have a censored preview; voices have nothing to show.
    previewUrl:
      t.evidenceData && (t.contentType?.startsWith("image/") || t.threatType === "impersonation")
        ? `/api/threats/${encodeURIComponent(t.id)}/preview`
        : undefined,
    sightings: t.sightings,
    detection: {
      synthetic: t.detection.synthetic,
      syntheticScore: t.detection.syntheticScore,
      signals: t.detection.signals,
      nameMatch: t.detection.nameMatch,
      handle: t.detection.handle,
    },
  };
}
export type ThreatView = ReturnType<typeof threatView>;
