import type { FetchedItem, FetchedMedia } from "@lg/connectors/connector";
import { posterKeys } from "../threats/poster-keys.js";
import type { ThreatCandidate } from "../threats/threat-recorder.js";
import { type EvidenceStore, writeEvidencePackage } from "./evidence.js";
import type { Verdict } from "./likeness-verdict.js";
import type { LikenessFinding } from "./scan-ports.js";

/**
 * A post's media in which a person's likeness matched, made into the threat to record: its
 * write-once evidence package first (the media, the page, the detection result), then the candidate
 * naming it. A person's own scan and the shared crawl record a matched post the same way.
 */
export async function postThreatCandidate(
  evidence: EvidenceStore,
  input: {
    userId: string;
    item: FetchedItem;
    /** The platform hosting the post (Telegram or Discord for a messaging post). */
    host: string;
    media: FetchedMedia;
    finding: LikenessFinding;
    verdict: Verdict;
    capturedAt: string;
    /** The poster's name that imitates the person's, when it does: it joins the poster's other accounts. */
    imitatesName?: string;
  },
): Promise<ThreatCandidate> {
  const { item, host, media, finding, verdict } = input;
  const pkg = await writeEvidencePackage(evidence, {
    userId: input.userId,
    media: { bytes: media.bytes, contentType: finding.contentType, url: media.url },
    ...(finding.perceptualHash ? { perceptualHash: finding.perceptualHash } : {}),
    page: {
      url: item.url,
      platform: host,
      title: item.title,
      author: item.author,
      postedAt: item.postedAt,
      metadata: item.pageMetadata,
    },
    detection: finding.result,
    capturedAt: input.capturedAt,
  });
  return {
    personId: verdict.personId,
    threatType: verdict.threatType,
    confidence: verdict.confidence,
    platform: host,
    contentType: finding.contentType,
    url: item.url,
    title: verdict.title,
    mediaSha256: finding.mediaSha256,
    ...(finding.perceptualHash ? { perceptualHash: finding.perceptualHash } : {}),
    ...(item.author?.handle
      ? {
          account: item.author.handle,
          posterKeys: posterKeys({
            platform: host,
            handle: item.author.handle,
            ...(input.imitatesName ? { imitatesName: input.imitatesName } : {}),
          }),
        }
      : {}),
    evidence: { hash: pkg.hash, manifestKey: pkg.manifestKey, capturedAt: pkg.manifest.capturedAt },
    detection: {
      synthetic: verdict.synthetic,
      syntheticScore: finding.syntheticScore,
      signals: finding.syntheticSignals,
      face: finding.face,
      voice: finding.voice,
      ...(finding.intimate ? { intimate: finding.intimate } : {}),
    },
    classification: verdict.classification,
  };
}
