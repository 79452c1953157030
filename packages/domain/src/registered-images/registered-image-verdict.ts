import { SELF_PERSON_ID } from "../records.js";
import type { Verdict } from "../scanning/likeness-verdict.js";
import type { MediaAnalysis } from "../scanning/scan-ports.js";
import { titleFor } from "../threats/threat-titles.js";
import { PDQ_MATCH_DISTANCE } from "./pdq-rules.js";
import type { MediaProbe, RegisteredImageMatch } from "./registered-image-matcher.js";

/** How a matched copy was turned, in words ("original" says nothing). */
const TURNS: Record<string, string> = {
  rotate90: "turned a quarter",
  rotate180: "upside down",
  rotate270: "turned a quarter",
  flipX: "flipped top to bottom",
  flipY: "mirrored",
  flipPlus1: "mirrored and turned",
  flipMinus1: "mirrored and turned",
};

/**
 * A found picture or video frame matched an intimate image the account holder registered by hash:
 * intimate imagery of them, critical (the TAKE IT DOWN Act's 48-hour clock), whatever the face and
 * explicit-content readings say. The classification names the registered hash by id and the
 * distance, never the hash; the synthetic verdict is the analysis's own.
 */
export function registeredImageVerdict(
  match: RegisteredImageMatch,
  finding: Pick<MediaAnalysis, "syntheticStatus" | "syntheticScore">,
  found: { title?: string; url?: string } = {},
): Verdict {
  const turned = TURNS[match.variant];
  const frame = match.frameSeconds === undefined ? "" : ` (the video's frame at ${match.frameSeconds} s)`;
  const status = finding.syntheticStatus ?? "unknown";
  return {
    personId: SELF_PERSON_ID,
    threatType: "intimate_imagery",
    confidence: 100,
    title: titleFor("intimate_imagery", "registered-image", "you"),
    synthetic: status === "synthetic" ? "synthetic" : "no-synthetic-evidence",
    classification: {
      type: "intimate_imagery",
      severity: "critical",
      reason:
        `It matches an intimate image you registered${frame}${turned ? `, ${turned}` : ""}: its PDQ hash differs ` +
        `from your registered hash in ${match.distance} of 256 bits, within the ${PDQ_MATCH_DISTANCE} that make a match.`,
      likeness: { modality: "registered-image", confidence: 100 },
      synthetic: { status, score: finding.syntheticScore, detectors: [], declared: false },
      registeredImage: {
        hashId: match.hashId,
        distance: match.distance,
        threshold: PDQ_MATCH_DISTANCE,
        variant: match.variant,
        ...(match.frameSeconds === undefined ? {} : { frameSeconds: match.frameSeconds }),
      },
      found,
      derivedFrom: "scan",
    },
  };
}

/** What a scan asks of registered images: the account's own registered hash a found file matches, if any. */
export interface RegisteredImageScanner {
  /** `probes`: the hashes the scan's analysis made from its own decode, so the file is not decoded again. */
  matchFor(userId: string, media: { bytes: Uint8Array; probes?: MediaProbe[] }): Promise<RegisteredImageMatch | null>;
  /** Whether the account registered any hash: such an account is scanned even with no face or voice enrolled. */
  holdsAny(userId: string): Promise<boolean>;
}
