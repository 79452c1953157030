import { z } from "zod";
import { MATCH_LIMITS } from "./match-band.js";

/**
 * The shape of a threat's stored classification: what it is, how severe, and the evidence behind
 * both. Deciding them is classification.ts; the thresholds are severity-policy.ts and claim-policy.ts.
 */

/** Display types: the spec's three plus the two the evidence can establish. */
export const THREAT_TYPES = [
  "deepfake",
  "voice_clone",
  "impersonation",
  "likeness_misuse",
  "intimate_imagery",
] as const;
export type ThreatKind = (typeof THREAT_TYPES)[number];

export const SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

const OperatingPointShape = z.object({
  threshold: z.number(),
  falsePositiveRate: z.number().min(0).max(1),
  truePositiveRate: z.number().min(0).max(1).optional(),
  measuredOn: z.string().optional(),
  /** How many genuine items the false-positive rate was measured on, where the fit recorded it. */
  genuineCount: z.number().int().nonnegative().optional(),
});
export type StatedOperatingPoint = z.infer<typeof OperatingPointShape>;

/** The evidence behind a threat's type, stored on the threat; what titles, alerts and notices state. */
export const ThreatClassification = z.object({
  type: z.enum(THREAT_TYPES),
  severity: z.enum(SEVERITIES),
  /** One sentence: why this type, in the product's words. */
  reason: z.string(),
  likeness: z.object({
    /** "registered-image": a picture the person registered by hash matched, not their face or voice. */
    modality: z.enum(["face", "voice", "profile", "registered-image"]),
    confidence: z.number().min(0).max(100),
    /** Impersonation: the protected name the profile imitates, and its handle. */
    nameMatch: z.string().optional(),
    handle: z.string().optional(),
    /** "unverified": the match rests on a sample the server never verified (client-reported), so no notice goes under the person's name. */
    enrolment: z.enum(["verified", "unverified"]).optional(),
    /** What about the face capped the match below its calibrated reading (small, partial, unclear). */
    limitedBy: z.array(z.enum(MATCH_LIMITS)).optional(),
  }),
  synthetic: z.object({
    /**
     * "synthetic" only at the level whose false-positive rate on held-out genuine pictures meets the
     * product's bar; "possibly-synthetic" below it: reported with its rate, never claimed.
     */
    status: z.enum(["synthetic", "possibly-synthetic", "no-evidence", "unknown"]),
    score: z.number().min(0).max(1).nullable(),
    /** Signals that found synthetic evidence, by id. */
    detectors: z.array(z.string()),
    /** The media declares itself AI-generated (C2PA, IPTC, generator metadata, watermark). */
    declared: z.boolean(),
    /** The detector's measured operating point behind the verdict, when a learned detector decided. */
    operatingPoint: OperatingPointShape.optional(),
  }),
  intimate: z
    .object({
      score: z.number().min(0).max(1).optional(),
      operatingPoint: OperatingPointShape.optional(),
    })
    .optional(),
  /**
   * The registered intimate image the found media matched by PDQ hash (registered-images/): which
   * registered hash (by id, never the hash), how many of 256 bits differ, the distance that makes a
   * match, the found media's orientation that matched, and the video frame.
   */
  registeredImage: z
    .object({
      hashId: z.string(),
      distance: z.number().int().min(0).max(256),
      threshold: z.number().int(),
      variant: z.string(),
      frameSeconds: z.number().optional(),
    })
    .optional(),
  /** The content as found: its own title (never the product's) and the page it was on. */
  found: z.object({ title: z.string().optional(), url: z.string().optional() }).default({}),
  /** 1: first classified from evidence; re-derived (migrated) threats say so. */
  derivedFrom: z.enum(["scan", "stored-detection"]),
});
export type ThreatClassification = z.infer<typeof ThreatClassification>;
