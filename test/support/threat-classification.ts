import { classifyImpersonation, classifyMedia } from "@lg/domain/threats/classification";
import type { ThreatClassification, ThreatKind } from "@lg/domain/threats/classification-schema";

/**
 * The one way a test fixture gets a threat's classification: made by the real classifier from
 * evidence that establishes `type` (a provenance declaration for a deepfake, the voice
 * countermeasure for a voice clone, the explicit-content finding for intimate imagery, none for a
 * re-use), so a fixture is typed as a scan would have typed it and never hand-writes the record.
 */
export function threatClassification(
  type: ThreatKind,
  options: {
    /** The likeness match, percent (90 unless given). */
    confidence?: number;
    /** likeness_misuse: whose likeness matched, face (default) or voice. */
    modality?: "face" | "voice";
    /** impersonation: the imitating profile's handle, and the protected name it imitates. */
    handle?: string;
    nameMatch?: string;
    /** intimate_imagery: the media also declares itself AI-generated. */
    alsoSynthetic?: boolean;
    /** The sample the match rests on, where a test is about it. */
    enrolment?: "verified" | "unverified";
    /** A learned detector that read the media as synthetic, at this false-positive rate (deepfake, or "possibly" above the bar). */
    syntheticDetector?: { id: string; falsePositiveRate: number; genuineCount?: number; score?: number };
    /** A re-use whose media could not be checked for synthesis (as threats recorded before the detectors read). */
    syntheticUnchecked?: boolean;
    /** The content as found: its own title and page. */
    found?: { title?: string; url?: string };
  } = {},
): ThreatClassification {
  const confidence = options.confidence ?? 90;
  const found = options.found ?? {};
  const enrolment = options.enrolment ? { enrolment: options.enrolment } : {};
  if (type === "impersonation")
    return classifyImpersonation({
      confidence,
      handle: options.handle ?? "impersonator",
      ...(options.nameMatch ? { nameMatch: options.nameMatch } : {}),
      found,
      ...enrolment,
    });
  const voice = type === "voice_clone" || (type === "likeness_misuse" && options.modality === "voice");
  const match = { personId: "self", confidence, ...enrolment };
  const detector = options.syntheticDetector;
  const synthetic =
    type === "deepfake" || type === "voice_clone" || detector !== undefined || options.alsoSynthetic === true;
  // A picture declares itself AI-generated; a voice clone is the countermeasure's reading at its own low rate.
  const declared = voice
    ? { id: "voice-synthetic", status: "present", operatingPoint: { threshold: 0.5, falsePositiveRate: 0.01 } }
    : { id: "c2pa", status: "present" };
  const read = detector && {
    id: detector.id,
    status: "present",
    score: detector.score ?? 0.95,
    operatingPoint: {
      threshold: 0.5,
      falsePositiveRate: detector.falsePositiveRate,
      measuredOn: "held-out split",
      ...(detector.genuineCount === undefined ? {} : { genuineCount: detector.genuineCount }),
    },
  };
  const classified = classifyMedia(
    {
      face: voice ? null : match,
      voice: voice ? match : null,
      synthetic: options.syntheticUnchecked
        ? { status: "unknown", score: null }
        : { status: synthetic ? "synthetic" : "no-evidence", score: synthetic ? (detector?.score ?? 0.95) : 0.05 },
      signals: read ? [read] : synthetic ? [declared] : [],
      intimate: type === "intimate_imagery" ? { status: "present", score: 0.95 } : null,
      found,
    },
    0,
  );
  if (classified?.classification.type !== type) throw new Error(`The fixture evidence does not make a ${type}`);
  return classified.classification;
}
