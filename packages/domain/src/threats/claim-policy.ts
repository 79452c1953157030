import { VOICE_COUNTERMEASURES } from "@lg/detection/result";
import { SYNTHETIC_MAX_FPR } from "@lg/detection/synthetic-levels";
import type { ThreatClassification } from "./classification-schema.js";

/** What a threat may claim about the media: that it is synthetic, or an intimate depiction. */

/** Signals that are the media's own declaration (provenance), not a statistical reading. */
export const DECLARATION_SIGNALS: ReadonlySet<string> = new Set([
  "c2pa",
  "iptc-digital-source-type",
  "generator-metadata",
  "sd-watermark",
  "container-metadata",
]);

/**
 * The highest false-positive rate on genuine media at which an explicit-content reading may make a
 * threat "intimate imagery": that type chooses the TAKE IT DOWN basis and its 48-hour clock, a legal
 * statement made on the person's behalf. Stills are measured at 2.2% (4 of 184 genuine pictures).
 * A video is "present" only when explicit content persists through its frames (detection's
 * explicit/video-rule.ts), which flagged 0 of 14 genuine videos held out of its fit: a small sample
 * (one-sided 95% upper bound 19%); frames that only suggest explicit content read "absent".
 */
export const INTIMATE_CLAIM_MAX_FPR = 0.05;

/**
 * Whether a synthetic verdict may be stated as a claim: the media's own declaration, the voice
 * countermeasure (which keeps its own operating point), or a picture detector whose stated rate
 * meets detection's "synthetic" level (SYNTHETIC_MAX_FPR). A stored verdict reached at a looser
 * operating point (before the levels) is "possibly synthetic", reported with its rate.
 */
export function claimsSynthesis(
  synthetic: Pick<ThreatClassification["synthetic"], "status" | "declared" | "detectors" | "operatingPoint">,
): boolean {
  if (synthetic.status !== "synthetic") return false;
  if (synthetic.declared || synthetic.detectors.some((id) => VOICE_COUNTERMEASURES.has(id))) return true;
  return synthetic.operatingPoint !== undefined && synthetic.operatingPoint.falsePositiveRate <= SYNTHETIC_MAX_FPR;
}
