import type { ThreatRecord } from "../scanning/threat-ports.js";
import type { TakedownNoticeRecord } from "../takedowns/ports.js";
import { classificationOf } from "./stored-classification.js";

/**
 * Where the threat's latest notice stands, in words that are true: "sent" only when a channel
 * accepted it, "filing_needed" while a web form waits for the person, "filed" once they said so.
 */
export function takedownView(notice: TakedownNoticeRecord | undefined) {
  if (!notice || notice.status === "draft") return undefined;
  return {
    noticeId: notice.noticeId,
    route: notice.route,
    state: notice.status,
    channel: notice.channel ?? "email",
    recipient: notice.recipient,
    ...(notice.formUrl ? { formUrl: notice.formUrl } : {}),
    ...(notice.formFields ? { formFields: notice.formFields } : {}),
    ...(notice.sentAt && notice.channel !== "web_form" ? { sentAt: notice.sentAt } : {}),
    ...(notice.filedAt ? { filedAt: notice.filedAt } : {}),
    ...(notice.deadlineAt ? { deadlineAt: notice.deadlineAt } : {}),
    ...(notice.attestation ? { attestedAt: notice.attestation.attestedAt } : {}),
  };
}

/** What the API shows of a threat: the spec's fields plus sightings, the evidence behind its type; never embeddings. */
export function threatView(t: ThreatRecord, latestNotice?: TakedownNoticeRecord) {
  const classification = classificationOf(t);
  const takedown = takedownView(latestNotice);
  return {
    id: t.id,
    // The evidence's type: a threat stored before classification (not yet migrated) shows it too.
    threatType: classification.type,
    severity: classification.severity,
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
    classification,
    ...(takedown ? { takedown } : {}),
    detection: {
      synthetic: classification.synthetic.status === "synthetic",
      syntheticScore: t.detection.syntheticScore,
      signals: t.detection.signals,
      nameMatch: t.detection.nameMatch,
      handle: t.detection.handle,
    },
  };
}
export type ThreatView = ReturnType<typeof threatView>;
