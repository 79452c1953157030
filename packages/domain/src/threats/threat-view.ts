import type { TakedownNoticeRecord } from "../takedowns/ports.js";
import { accountGroupOf } from "./poster-keys.js";
import { allowedActions } from "./threat-actions.js";
import type { ListedThreat } from "./threat-listing-ports.js";
import type { ThreatRecord } from "./threat-ports.js";

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

/**
 * A row's takedown: its latest notice's state as copied onto the threat at each transition
 * (takedowns/threat-takedown.ts), so the row needs no read of the notices; null when none left.
 */
function listedTakedown(takedown: ThreatRecord["takedown"]) {
  if (!takedown) return null;
  return {
    noticeId: takedown.noticeId,
    state: takedown.state,
    ...(takedown.sentAt ? { sentAt: takedown.sentAt } : {}),
    ...(takedown.filedAt ? { filedAt: takedown.filedAt } : {}),
  };
}

/** Pictures (and impersonators' avatars) have a censored preview; voices and videos have none here. */
const previewUrlOf = (t: ThreatRecord) =>
  t.evidenceData && (t.contentType?.startsWith("image/") || t.threatType === "impersonation")
    ? `/api/threats/${encodeURIComponent(t.id)}/preview`
    : undefined;

/** Why a threat row shows no picture: a voice clip has none, and without evidence there is nothing to show. */
export type NoPictureReason = "voice" | "evidence-not-kept" | "not-a-picture";

/**
 * What a threat row shows: a thumbnail served from the stored evidence (a picture, an avatar, a
 * video's frame), or the reason there is none, so the list never shows an empty square.
 */
export function threatPicture(
  t: Pick<ThreatRecord, "id" | "contentType" | "threatType" | "evidenceData">,
): { thumbnailUrl: string } | { noPicture: NoPictureReason } {
  const type = t.contentType ?? "";
  if (type.startsWith("audio/") || (t.threatType === "voice_clone" && !type.startsWith("video/")))
    return { noPicture: "voice" };
  if (!t.evidenceData) return { noPicture: "evidence-not-kept" };
  // A threat stored without its type is judged by its evidence when the thumbnail is asked for.
  if (type && !type.startsWith("image/") && !type.startsWith("video/") && type !== "profile")
    return { noPicture: "not-a-picture" };
  return { thumbnailUrl: `/api/threats/${encodeURIComponent(t.id)}/thumbnail` };
}

/**
 * What a list row's match is of, when the row carries no classification (a list page does not read
 * it): the modality its type names.
 */
const modalityOfType = (type: ThreatRecord["threatType"]) =>
  type === "voice_clone" ? "voice" : type === "impersonation" ? "profile" : "face";

/**
 * A row of the threat list (docs/threats-api.md, ThreatListItem): enough to judge it at a glance.
 * Built from the listing fields (copied from the classification whenever the threat is written), or
 * from a whole threat's classification.
 */
export function threatListItem(t: ListedThreat & Partial<Pick<ThreatRecord, "classification">>) {
  const severity = t.severity ?? t.classification?.severity;
  const synthetic = t.syntheticVerdict ?? t.classification?.synthetic.status;
  if (!severity || !synthetic) throw new Error(`Threat ${t.id} has no listing fields: the threat migration lists it`);
  const listed = { type: t.threatType, severity, synthetic };
  return {
    id: t.id,
    threatType: listed.type,
    severity: listed.severity,
    confidence: t.confidence,
    // What matched, so the row names the band of the right modality (a voice re-use is not a face match).
    matchModality: t.classification?.likeness.modality ?? modalityOfType(t.threatType),
    // What held a face match below its calibrated reading: the row then states no benchmark rate.
    ...((t.matchLimitedBy ?? t.classification?.likeness.limitedBy)?.length
      ? { matchLimitedBy: t.matchLimitedBy ?? t.classification?.likeness.limitedBy }
      : {}),
    // The person disputed the "possibly synthetic" label: shown as disputed, never as a label.
    ...(t.labelDispute ? { labelDispute: { label: t.labelDispute.label, at: t.labelDispute.at } } : {}),
    synthetic: listed.synthetic,
    platform: t.platform,
    ...(t.contentType ? { contentType: t.contentType } : {}),
    url: t.url,
    ...(t.title ? { title: t.title } : {}),
    ...(t.account ? { account: t.account } : {}),
    status: t.status,
    personId: t.personId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    ...(t.removedAt ? { removedAt: t.removedAt } : {}),
    sightingsCount: Math.max(1, t.sightings.length),
    groups: {
      media: t.mediaGroup ?? t.mediaSha256,
      ...(accountGroupOf(t) ? { account: accountGroupOf(t) } : {}),
    },
    ...threatPicture(t),
    allowedActions: allowedActions(t.status),
    takedown: listedTakedown(t.takedown),
  };
}
export type ThreatListItem = ReturnType<typeof threatListItem>;

/** What the API shows of a threat: the spec's fields plus sightings, the evidence behind its type; never embeddings. */
export function threatView(t: ThreatRecord, latestNotice?: TakedownNoticeRecord) {
  const { classification } = t;
  const takedown = takedownView(latestNotice);
  return {
    ...threatListItem(t),
    id: t.id,
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
    previewUrl: previewUrlOf(t),
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
