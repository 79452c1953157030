import { decodeManifest, type EvidenceStore } from "../scanning/evidence.js";
import type { ThreatRecord } from "../threats/threat-ports.js";

/** How long a threat's media URL works: long enough to fetch it, too short to pass around. */
export const EVIDENCE_MEDIA_URL_SECONDS = 300;

/** Short-lived GET links to objects of the evidence bucket (presigned S3 GETs). */
export interface EvidenceLinks {
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
}

export interface EvidenceMediaLink {
  url: string;
  contentType: string;
  bytes: number;
  sha256: string;
  expiresAt: string;
}

export type EvidenceMedia = { media: EvidenceMediaLink } | { media: null; withheld: string };

/**
 * The media file a threat's evidence package holds, as a link that works for a few minutes: the
 * file as captured (its SHA-256 is the manifest's, so a client can check what it fetched). The
 * threat was read for the key's own organisation, and the manifest it names is that threat's own.
 * Intimate imagery is never handed out as a file: the app shows it only blurred past recognition,
 * and a copy leaving the product is the very harm it exists to stop.
 */
export async function evidenceMedia(
  threat: ThreatRecord,
  deps: { evidence: EvidenceStore; links: EvidenceLinks; now: () => Date },
): Promise<EvidenceMedia> {
  if (threat.classification?.type === "intimate_imagery" || threat.threatType === "intimate_imagery")
    return { media: null, withheld: "Intimate imagery is not served as a file; the evidence package keeps it" };
  const manifestKey = threat.evidenceData?.manifestKey;
  const manifestBytes = manifestKey ? await deps.evidence.get(manifestKey) : null;
  const file = manifestBytes ? decodeManifest(manifestBytes).files.find((f) => f.name.startsWith("media.")) : undefined;
  if (!file) return { media: null, withheld: "The evidence package keeps no media file for this threat" };
  return {
    media: {
      url: await deps.links.presignGet(file.key, EVIDENCE_MEDIA_URL_SECONDS),
      contentType: file.contentType,
      bytes: file.bytes,
      sha256: file.sha256,
      expiresAt: new Date(deps.now().getTime() + EVIDENCE_MEDIA_URL_SECONDS * 1000).toISOString(),
    },
  };
}
